import type { ServerResource } from '../../engine/server-resource';

/** Time entries: read by whoever may read the ticket; an entry saying nobody is the writer's own. */
export const timeEntriesHooks: ServerResource = {
  async beforeChange(_tx, records, actor) {
    for (const { id, values } of records) if (id === null && values.user == null) values.user = actor.id;
    return records.map(() => null);
  },
};
