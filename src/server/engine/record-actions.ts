import { can, type ResourceAction } from '../../shared/permissions';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import type { ServerResource } from './server-resource';

/** The actions that change an existing record: update, delete, and the record's own commands. */
function changeActions(definition: ResourceDefinition, actor: Actor): ResourceAction[] {
  if (definition.behaviours.readOnly) return [];
  const actions = new Set<ResourceAction>([
    'update',
    'delete',
    ...definition.commands.map((command) => command.action),
  ]);
  return [...actions].filter((action) => can(actor, definition.slug, action));
}

/**
 * The records as the actor reads them, each telling what the resource's own rule (authorizeChange)
 * refuses the actor although their permission allows it, so the screens disable and hide it rather
 * than offer an action bound to fail. The rule is asked the same question a write would ask it.
 */
export async function withRefusedActions<T extends ResourceRecord>(
  db: Database,
  hooks: ServerResource,
  definition: ResourceDefinition,
  records: T[],
  actor: Actor,
): Promise<T[]> {
  const authorize = hooks.authorizeChange;
  const actions = changeActions(definition, actor);
  if (!authorize || actions.length === 0) return records;
  return Promise.all(
    records.map(async (record) => {
      const refused: ResourceAction[] = [];
      for (const action of actions) {
        try {
          await authorize(db, actor, [record.id], action);
        } catch (error) {
          if (!(error instanceof ApiError && error.statusCode === 403)) throw error;
          refused.push(action);
        }
      }
      return refused.length === 0 ? record : { ...record, refusedActions: refused };
    }),
  );
}
