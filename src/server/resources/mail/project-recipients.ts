import { can } from '../../../shared/permissions';
import type { ProjectRecipient } from '../../../shared/mail/project-mail';
import { projectCoOwners } from '../../../shared/resources/coporteurs-projet.resource';
import { projectPartners } from '../../../shared/resources/partenaires-projet.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { findResource } from '../../../shared/resources/registry';
import { recordTitle, type ResourceDefinition } from '../../../shared/resources/resource';
import type { ResourceContext } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');

/** The child's rows under the project the actor may list, or none without that permission. */
async function participants(context: ResourceContext, child: ResourceDefinition, project: number) {
  try {
    const page = await context.operations.children.list(
      child,
      { definition: projects, id: project, field: 'project' },
      { page: 1, pageSize: 100, sort: 'id', direction: 'asc', search: '', filters: {} },
      context,
    );
    return page.items;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 403) return [];
    throw error;
  }
}

/**
 * The project's owner, co-owners, partners and referents who have an address, as the actor may see
 * them (each resource's show permission and read scope: nobody hidden is offered), one query per
 * kind of person; one entry per address, in its first role. A hidden or missing project: 404.
 */
export async function projectRecipients(context: ResourceContext, project: number): Promise<ProjectRecipient[]> {
  const record = await context.store.get(projects, project, context.actor);
  const people: { role: ProjectRecipient['role']; resource: string; id: number }[] = [
    ...ids(record.ownerIndividual).map((id) => ({ role: 'owner' as const, resource: 'individus', id })),
    ...ids(record.ownerStructure).map((id) => ({ role: 'owner' as const, resource: 'structures', id })),
  ];
  for (const [role, child] of [
    ['coOwner', projectCoOwners],
    ['partner', projectPartners],
  ] as const)
    for (const row of await participants(context, child, project))
      people.push(
        ...ids(row.individual).map((id) => ({ role, resource: 'individus', id })),
        ...ids(row.structure).map((id) => ({ role, resource: 'structures', id })),
      );
  people.push(...ids(record.referents).map((id) => ({ role: 'referent' as const, resource: 'utilisateurs', id })));

  const found = new Map<string, Map<number, ProjectRecipient>>();
  for (const resource of new Set(people.map((person) => person.resource))) {
    const definition = findResource(resource)!;
    const wanted = [...new Set(people.filter((person) => person.resource === resource).map(({ id }) => id))];
    const byId = new Map<number, ProjectRecipient>();
    if (can(context.actor, resource, 'show')) {
      const page = await context.store.list(
        definition,
        { page: 1, pageSize: wanted.length, sort: 'id', direction: 'asc', search: '', filters: {}, ids: wanted },
        context.actor,
      );
      for (const item of page.items) {
        const email = typeof item.email === 'string' ? item.email.trim() : '';
        if (email) byId.set(item.id, { role: 'owner', name: recordTitle(definition, item), email });
      }
    }
    found.set(resource, byId);
  }
  const recipients: ProjectRecipient[] = [];
  for (const { role, resource, id } of people) {
    const person = found.get(resource)?.get(id);
    if (person && !recipients.some((other) => other.email === person.email)) recipients.push({ ...person, role });
  }
  return recipients;
}
