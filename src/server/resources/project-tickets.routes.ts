import type { ResourceRoute } from '../engine/server-resource';

/** The project page's ticket routes: its gantt and its time report (spec 2.1). */
export const projectTicketRoutes: ResourceRoute[] = [];
