import type { ResourceInputValues } from '../../../shared/resources/resource';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/database';
import type { PendingRecord, RecordRefusal } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { ownersMovingHiddenProjects, type ProjectOwner } from './project-scope';

/**
 * A project's place is its owner's commune (`projectPlace`), so editing an owner moves their
 * projects. A write that would move a live project its writer cannot read is refused, whatever the
 * path (the form, an import, maj-commune, a merge): the writer cannot see what it does, and it would
 * bring the project into their territories or take it out of a colleague's.
 */

export const HIDDEN_PROJECT_MOVED = 'projects.errors.hidden_project_moved';

const idOrNull = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

type Address = { main?: boolean; commune?: unknown };

/** Where an owner's values give its commune (undefined: they leave it as it is), and the field a refusal names. */
export const ownerCommunes: Record<
  ProjectOwner,
  { field: string; communeOf(values: ResourceInputValues): number | null | undefined }
> = {
  individual: {
    field: 'commune',
    communeOf: (values) => ('commune' in values ? idOrNull(values.commune) : undefined),
  },
  structure: {
    field: 'addresses',
    communeOf: (values) =>
      Array.isArray(values.addresses)
        ? idOrNull((values.addresses as Address[]).find((address) => address.main === true)?.commune)
        : undefined,
  },
};

/** beforeChange: each existing owner whose new commune would move a project the actor cannot read, refused on that field. */
export async function hiddenProjectMoveRefusals(
  tx: Database,
  actor: Actor,
  owner: ProjectOwner,
  records: PendingRecord[],
): Promise<(RecordRefusal | null)[]> {
  const { field, communeOf } = ownerCommunes[owner];
  const changes = records.flatMap(({ id, values }) => {
    const commune = communeOf(values);
    return id === null || commune === undefined ? [] : [{ id, commune }];
  });
  const refused = await ownersMovingHiddenProjects(tx, actor, owner, changes);
  return records.map(({ id }) =>
    id !== null && refused.has(id) ? { fieldErrors: { [field]: HIDDEN_PROJECT_MOVED } } : null,
  );
}

/** The same for a write outside the owner's form (maj-commune, a merge): a 403 that changes nothing. */
export async function refuseHiddenProjectMoves(
  tx: Database,
  actor: Actor,
  owner: ProjectOwner,
  changes: { id: number; commune: number | null }[],
): Promise<void> {
  if ((await ownersMovingHiddenProjects(tx, actor, owner, changes)).size > 0) {
    throw new ApiError(403, HIDDEN_PROJECT_MOVED);
  }
}
