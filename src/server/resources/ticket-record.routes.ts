import type { ResourceRoute } from '../engine/server-resource';

/** A ticket's own routes besides the board's (spec 2.3): its comments, clone, delete from the board, time totals. */
export const ticketRecordRoutes: ResourceRoute[] = [];
