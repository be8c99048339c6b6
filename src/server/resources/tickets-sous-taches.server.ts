import type { ServerResource } from '../engine/server-resource';
import { ticketChildScope } from './ticket-scope';

/** A ticket's sub-tasks: read by whoever may read the ticket; done toggled from the ticket (toggle-fait). */
export const subTasksHooks: ServerResource = {
  ...ticketChildScope,
  routes: [],
};
