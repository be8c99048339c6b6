import { userDisplayName } from '../../db/schema';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { translate } from '../../../shared/i18n/catalog';
import { fieldSchema } from '../../../shared/resources/field-kinds';
import type { ResourceInputValues } from '../../../shared/resources/resource';
import type { TicketClone, TicketComment, TicketTimeTotals } from '../../../shared/resources/ticket-record';
import { ticketComments } from '../../../shared/resources/tickets-commentaires.resource';
import { subTasks } from '../../../shared/resources/tickets-sous-taches.resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { timeEntries } from '../../../shared/resources/tickets-temps.resource';
import { rowsOf } from '../../db/database';
import { type ResourceContext, type ResourceRoute } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { parseBody } from '../../http/request-parsing';

/** The ticket of the path's id, read through the store: a ticket of a hidden project is a missing one (404). */
const visibleTicket = (request: { params: { id: number } }, { store, actor }: ResourceContext) =>
  store.get(tickets, request.params.id, actor);

/** A user's name (table alias u) as the history says it: "Nom Prénom" (formatPersonName), or the email. */
const userName = userDisplayName('u');

/**
 * Runs a ticket's write: refusals (ApiError) pass as they are; anything else is logged and answered
 * as the spec's generic ticket error of that operation (a 500 in French), never a stack trace.
 */
export async function ticketWrite<T>(context: ResourceContext, errorKey: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    context.log.error({ err: error }, `ticket write failed (${errorKey})`);
    throw new ApiError(500, errorKey);
  }
}

/** The fields a clone copies: every field a form may write (step, status and position restart on the board). */
const clonedFields = Object.entries(tickets.fields)
  .filter(([, def]) => !def.readOnly)
  .map(([name]) => name);

const commentBody = z.object({ comment: fieldSchema(ticketComments.fields.comment!) });

/** A ticket's own routes besides the board's (spec 2.3): its comments, clone, delete from the board, time totals. */
export const ticketRecordRoutes: ResourceRoute[] = [
  {
    // commentaires/{id}: the ticket's comments, newest first, with their authors' names.
    name: 'api.tickets.comments',
    method: 'GET',
    action: 'show',
    alsoNeeds: [{ resource: ticketComments.slug, action: 'list' }],
    summary: 'openapi.operations.tickets_comments',
    async handle(request, context): Promise<TicketComment[]> {
      const ticket = await visibleTicket(request, context);
      const rows = await rowsOf<{
        id: number;
        comment: string;
        author: number | null;
        author_name: string | null;
        created_at: Date | string;
        updated_at: Date | string;
      }>(
        context.db,
        sql`select c.id, c.comment, c.created_by as author, ${userName} as author_name, c.created_at, c.updated_at
            from ${context.store.scoped(ticketComments.slug, context.actor)} c left join users u on u.id = c.created_by
            where c.ticket = ${ticket.id}
            order by c.created_at desc, c.id desc`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        comment: String(row.comment),
        author: row.author === null ? null : Number(row.author),
        authorName: row.author_name,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
    },
  },
  {
    // edit-commentaire-ajax/{id} ({id}: the comment's): the comments' update, as their own route does (its
    // author or an administrator only: the comments' authorizeChange), in the ticket's history.
    name: 'api.tickets.edit_comment',
    method: ['POST', 'PUT'],
    action: 'update',
    alsoNeeds: [{ resource: ticketComments.slug, action: 'update' }],
    summary: 'openapi.operations.tickets_edit_comment',
    async handle(request, context): Promise<TicketComment> {
      const { store, actor, operations } = context;
      const comment = await store.get(ticketComments, request.params.id, actor);
      const values = parseBody(commentBody, request.body);
      const saved = await ticketWrite(context, 'tickets.errors.update', () =>
        operations.update(ticketComments, comment.id, { ...values, ticket: comment.ticket }, context),
      );
      return {
        id: saved.id,
        comment: String(saved.comment),
        author: saved.createdBy,
        authorName: comment.createdByName,
        createdAt: saved.createdAt,
        updatedAt: saved.updatedAt,
      };
    },
  },
  {
    // clone/ajax/{id}: a copy named "… (copie)", back in the first step, with its sub-tasks to do: the
    // tickets' create and the sub-tasks' (their permission when there are some), in one transaction.
    name: 'api.tickets.clone_ajax',
    method: 'POST',
    action: 'create',
    summary: 'openapi.operations.tickets_clone',
    async handle(request, context): Promise<TicketClone> {
      const ticket = await visibleTicket(request, context);
      const { db, store, actor, locale, operations } = context;
      const values: ResourceInputValues = Object.fromEntries(clonedFields.map((name) => [name, ticket[name] ?? null]));
      values.name = translate(locale, 'tickets.clone_name', { name: String(ticket.name) });
      // Its referents are already among the attributions copied.
      values.addReferent = false;
      const texts = await rowsOf<{ text: string }>(
        db,
        sql`select text from ${store.scoped(subTasks.slug, actor)} st where st.ticket = ${ticket.id} order by st.position, st.id`,
      );
      return ticketWrite(context, 'tickets.errors.clone', () =>
        db.transaction(async (tx) => {
          const created = await operations.create(tickets, values, { ...context, tx });
          if (texts.length > 0) {
            await operations.createMany(
              subTasks,
              texts.map(({ text }) => ({ ticket: created.id, text, done: false })),
              { ...context, tx },
            );
          }
          return { id: created.id };
        }),
      );
    },
  },
  {
    // supprimer/ajax/{id}: the engine's delete, from the board or the modal (the project's history says so).
    name: 'api.tickets.delete_ajax',
    method: ['POST', 'PUT'],
    action: 'delete',
    summary: 'openapi.operations.tickets_delete_ajax',
    async handle(request, context) {
      const ticket = await visibleTicket(request, context);
      // Its comments, sub-tasks, time and documents go with it (their parent.deletedWithParent).
      await ticketWrite(context, 'tickets.errors.delete', () =>
        context.operations.delete(tickets, [ticket.id], context),
      );
      return { id: ticket.id };
    },
  },
  {
    // temps/{id}: the estimate, the minutes worked (in all, by user) and what remains.
    name: 'api.tickets.time_totals',
    method: 'GET',
    action: 'show',
    alsoNeeds: [{ resource: timeEntries.slug, action: 'list' }],
    summary: 'openapi.operations.tickets_time_totals',
    async handle(request, context): Promise<TicketTimeTotals> {
      const ticket = await visibleTicket(request, context);
      const rows = await rowsOf<{ user: number; name: string; minutes: number | string }>(
        context.db,
        sql`select e."user", ${userName} as name, sum(e.worked_minutes) as minutes
            from ${context.store.scoped(timeEntries.slug, context.actor)} e join users u on u.id = e."user"
            where e.ticket = ${ticket.id}
            group by e."user", u.id
            order by name, e."user"`,
      );
      const byUser = rows.map((row) => ({ user: Number(row.user), name: row.name, minutes: Number(row.minutes) }));
      const spent = byUser.reduce((sum, { minutes }) => sum + minutes, 0);
      const estimate = typeof ticket.estimate === 'number' ? ticket.estimate : null;
      return { estimate, spent, remaining: Math.max(0, (estimate ?? 0) - spent), byUser };
    },
  },
];
