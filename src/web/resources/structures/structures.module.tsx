import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';
import { OwnerProjects } from '../projet/owner-projects.panel';
import { LinkedIndividuals } from './linked-individuals.component';
import { StructureMediaWatch } from '../veille-media/media-watch.panel';

/** Structures: their history also lists the records merged into them; their page, the individuals linked to them, their projects and media monitoring items. */
export const structuresModule: WebModule = {
  history: [MergeHistory],
  panels: [
    { name: 'individuals', Component: LinkedIndividuals },
    { name: 'projects', Component: OwnerProjects },
    { name: 'media_watch', Component: StructureMediaWatch },
  ],
};
