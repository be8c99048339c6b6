import type { ResourceRecord } from '../../../shared/resources/resource';
import { subTasks } from '../../../shared/resources/tickets-sous-taches.resource';
import { type ServerResource } from '../../engine/server-resource';
import { ticketWrite } from './ticket-record.routes';

/** A ticket's sub-tasks: read by whoever may read the ticket; done toggled from the ticket (toggle-fait). */
export const subTasksHooks: ServerResource = {
  routes: [
    {
      // toggle-fait/{id}: the sub-task's done flag flipped, as its update (so in its ticket's history).
      name: 'api.sub_tasks.toggle_done',
      method: 'POST',
      action: 'update',
      summary: 'openapi.operations.sub_tasks_toggle_done',
      async handle(request, context): Promise<ResourceRecord> {
        const { store, actor, operations } = context;
        const subTask = await store.get(subTasks, request.params.id, actor);
        return ticketWrite(context, 'tickets.errors.sub_task', () =>
          operations.update(subTasks, subTask.id, { ticket: subTask.ticket, done: subTask.done !== true }, context),
        );
      },
    },
  ],
};
