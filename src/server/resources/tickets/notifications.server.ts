import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/database';
import type { OwnRequest, ResourceContext, ResourceRoute, ServerResource } from '../../engine/server-resource';
import {
  notifications,
  NOTIFICATIONS_PAGE_SIZE,
  type HeaderNotifications,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
} from '../../../shared/resources/notifications.resource';

/** The caller's own notifications about tickets they may still see: their read scope, as a relation. */
const own = ({ store, actor }: ResourceContext): SQL => store.scoped(notifications.slug, actor);

/** Sets a flag on the caller's own notifications among these ids: never another user's. */
async function setFlag(context: ResourceContext, ids: number[], set: SQL): Promise<{ updated: number }> {
  if (ids.length === 0) return { updated: 0 };
  const rows = await rowsOf<{ id: number }>(
    context.db,
    sql`update notifications n set ${set}, updated_at = now(), updated_by = ${context.actor.id}
        where n.id in (select o.id from ${own(context)} o where o.id = any(${`{${ids.join(',')}}`}::integer[]))
        returning n.id`,
  );
  return { updated: rows.length };
}

/** The caller's own notifications matching a condition, newest first, with their ticket and project (none for an export's). */
async function notificationItems(context: ResourceContext, where: SQL, limit: number, offset = 0) {
  const rows = await rowsOf<{
    id: number;
    kind: NotificationKind;
    ticketId: number | null;
    ticketTitle: string | null;
    projectId: number | null;
    projectTitle: string | null;
    exportJob: string;
    createdAt: Date | string;
    seen: boolean;
    archived: boolean;
  }>(
    context.db,
    sql`select n.id, n.kind, t.id as "ticketId", t.name as "ticketTitle", p.id as "projectId",
               p.name as "projectTitle", n.export_job as "exportJob", n.created_at as "createdAt", n.seen, n.archived
        from ${own(context)} n left join tickets t on t.id = n.ticket left join projects p on p.id = t.project
        where ${where}
        order by n.created_at desc, n.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((row): NotificationItem => ({
    id: row.id,
    kind: row.kind,
    ticket: row.ticketId === null ? null : { id: row.ticketId, title: row.ticketTitle ?? '' },
    project: row.projectId === null ? null : { id: row.projectId, title: row.projectTitle ?? '' },
    exportJob: row.exportJob || null,
    createdAt: new Date(row.createdAt).toISOString(),
    seen: row.seen,
    archived: row.archived,
  }));
}

/** How many of the caller's own notifications match a condition. */
async function countOf(context: ResourceContext, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    context.db,
    sql`select count(*)::integer as total from ${own(context)} n where ${where}`,
  );
  return row?.total ?? 0;
}

/** The bell of the header: the unread count (not seen, not archived) and the five newest not archived. */
async function headerNotifications(context: ResourceContext): Promise<HeaderNotifications> {
  return {
    unread: await countOf(context, sql`not n.seen and not n.archived`),
    latest: await notificationItems(context, sql`not n.archived`, 5),
  };
}

/** A page of the notifications screen: to process (not archived) or archived. */
async function notificationPage(
  context: ResourceContext,
  { archived, page }: OwnRequest<'api.notifications.page', 'GET'>['query'],
): Promise<NotificationPage> {
  const where = archived === '1' ? sql`n.archived` : sql`not n.archived`;
  return {
    items: await notificationItems(context, where, NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE),
    total: await countOf(context, where),
    page,
    pageSize: NOTIFICATIONS_PAGE_SIZE,
  };
}

/** A batch route on the caller's own notifications: reading them is all it needs. */
const batchRoute = (
  name: 'api.notifications.mark_seen' | 'api.notifications.archive' | 'api.notifications.unarchive',
  summary: string,
  set: SQL,
): ResourceRoute => ({
  name,
  method: 'POST',
  action: 'list',
  summary,
  handle: (request, context) => setFlag(context, request.body.ids, set),
});

/**
 * Notifications: each user reads only their own, and only about tickets they may still see (an
 * export's, about no ticket, always). Every
 * user consults them (everyonesOwnResources in permissions.ts); the routes below change the
 * caller's own only, ignoring any other id.
 */
export const notificationsHooks: ServerResource = {
  readScope(actor, columns, scoped) {
    return and(
      eq(columns.user!, actor.id),
      // An export's notification has no ticket: the user's own is all it needs.
      sql`(${columns.ticket!} is null or ${columns.ticket!} in (select t.id from ${scoped('tickets', actor)} t))`,
    );
  },
  routes: [
    batchRoute('api.notifications.mark_seen', 'openapi.operations.notifications_mark_seen', sql`seen = true`),
    batchRoute('api.notifications.archive', 'openapi.operations.notifications_archive', sql`archived = true`),
    batchRoute('api.notifications.unarchive', 'openapi.operations.notifications_unarchive', sql`archived = false`),
    {
      name: 'api.notifications.header_unread',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.notifications_header_unread',
      handle: (_request, context) => headerNotifications(context),
    },
    {
      name: 'api.notifications.page',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.notifications_page',
      handle: (request, context) => notificationPage(context, request.query),
    },
  ],
};
