import { findResource } from '../../../shared/resources/registry';
import { recordTitle, type ResourceRecord, type ResourceRecordView } from '../../../shared/resources/resource';
import { api } from '../../api-client';

/** Someone of the project a mail may go to: who they are to it, their name, their address. */
export interface ProjectRecipient {
  role: 'owner' | 'coOwner' | 'partner' | 'referent';
  name: string;
  email: string;
}

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');

/** A person's record by its resource, or null when the reader may not see it. */
async function person(resource: string, id: number): Promise<ResourceRecord | null> {
  try {
    return await api('GET', 'api.resource.item', { params: { resource, id } });
  } catch {
    return null;
  }
}

/** The individuals and structures a project's co-owners or partners are, or none when the reader may not list them. */
async function participants(project: number, child: string): Promise<{ resource: string; id: number }[]> {
  try {
    const page = await api('GET', 'api.resource.children', {
      params: { resource: 'projet', id: project, child },
      query: { parPage: 100 },
    });
    return page.items.flatMap((item) => [
      ...ids(item.individual).map((id) => ({ resource: 'individus', id })),
      ...ids(item.structure).map((id) => ({ resource: 'structures', id })),
    ]);
  } catch {
    return [];
  }
}

/**
 * The project's owner, co-owners, partners and referents who have an address, as the reader may see
 * them: each from its own record (the engine's routes), so nobody hidden from the reader is offered.
 */
export async function loadProjectRecipients(project: ResourceRecordView): Promise<ProjectRecipient[]> {
  const people: { role: ProjectRecipient['role']; resource: string; id: number }[] = [
    ...ids(project.ownerIndividual).map((id) => ({ role: 'owner' as const, resource: 'individus', id })),
    ...ids(project.ownerStructure).map((id) => ({ role: 'owner' as const, resource: 'structures', id })),
    ...(await participants(project.id, 'coporteurs-projet')).map((one) => ({ role: 'coOwner' as const, ...one })),
    ...(await participants(project.id, 'partenaires-projet')).map((one) => ({ role: 'partner' as const, ...one })),
    ...ids(project.referents).map((id) => ({ role: 'referent' as const, resource: 'utilisateurs', id })),
  ];
  const found = await Promise.all(
    people.map(async ({ role, resource, id }) => {
      const record = await person(resource, id);
      const email = typeof record?.email === 'string' ? record.email.trim() : '';
      return record && email ? { role, name: recordTitle(findResource(resource)!, record), email } : null;
    }),
  );
  const recipients = found.filter((recipient) => recipient !== null);
  // One entry per address: a person both owner and partner is offered once, in their first role.
  return recipients.filter((recipient, index) => recipients.findIndex((r) => r.email === recipient.email) === index);
}
