import { usefulLinks } from './liens-utiles.resource';
import type { ResourceDefinition } from './resource';
import { projectThemes } from './thematiques-projet.resource';
import { meetingTypes } from './types-reunion.resource';
import { taskTypes } from './types-tache.resource';

/** Every resource of the engine: a new one is declared in its own file and listed here. */
export const resources: readonly ResourceDefinition[] = [usefulLinks, meetingTypes, taskTypes, projectThemes];

const bySlug = new Map(resources.map((resource) => [resource.slug, resource]));

export function findResource(slug: string | undefined): ResourceDefinition | undefined {
  return slug === undefined ? undefined : bySlug.get(slug);
}
