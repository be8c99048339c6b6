import { sql } from 'drizzle-orm';
import { translate } from '../../../shared/i18n/catalog';
import { rowsOf } from '../../db/database';
import { stepsTable, ticketsTable } from '../../db/schema';
import { liveRows } from '../../engine/record-scope';
import type { ServerResource } from '../../engine/server-resource';
import { clock } from '../../clock';
import { advanceLastIntervention } from '../projet/project-children';
import { projectOwnerName } from '../projet/project-owner-name';
import { confidentialTicketError } from '../projet/project-scope';
import { BOARD_GAP } from './ticket-board';
import { ticketBoardRoutes } from './ticket-board.routes';
import { notifyNewAttributions } from './ticket-notifications';
import { ticketRecordRoutes } from './ticket-record.routes';

/**
 * Tickets: read by whoever may read their project. A new ticket starts in the first step, white,
 * at the end of its column, and moves its project's last intervention date forward; "add referent"
 * adds the project's referents to its attributions.
 */
export const ticketsHooks: ServerResource = {
  // Its assignee, kept out by a confidential project, is told so rather than "not found".
  hiddenRecordError: confidentialTicketError,
  /** After its fields, the owner of its project, as its card shows it (the rows exported are those the reader sees). */
  async exportColumns({ db, locale }) {
    return {
      header: [translate(locale, 'resources.tickets.modal.project_owner')],
      async cellsOf(ids) {
        if (ids.length === 0) return new Map();
        const rows = await rowsOf<{ id: number; owner: string | null }>(
          db,
          sql`select t.id, ${projectOwnerName(sql`p`)} as owner
              from tickets t join projects p on p.id = t.project
              where t.id in ${ids}`,
        );
        return new Map(rows.map((row) => [Number(row.id), [row.owner ?? '']]));
      },
    };
  },
  async beforeChange(tx, records, actor) {
    // The first step's column, read once: new tickets written together (a task template's) each take
    // the next place at its end, as they would one by one, not all the same one.
    let column: { step: number | null; position: number } | undefined;
    for (const { id, values } of records) {
      if (values.addReferent === true && typeof values.project === 'number') {
        const rows = await rowsOf<{ referents: number[] | null }>(
          tx,
          sql`select referents from projects where id = ${values.project}`,
        );
        const attributions = new Set([
          ...((values.attributions as number[] | undefined) ?? []),
          ...(rows[0]?.referents ?? []),
        ]);
        values.attributions = [...attributions];
      }
      if (id !== null) continue;
      if (!column) {
        const rows = await rowsOf<{ step: number | null; position: number | null }>(
          tx,
          sql`select s.id as step,
                     (select max(t.board_position) from ${liveRows(ticketsTable)} t where t.step = s.id) as position
              from ${liveRows(stepsTable)} s order by s.position, s.id limit 1`,
        );
        column = { step: rows[0]?.step ?? null, position: rows[0]?.position ?? 0 };
      }
      column.position += BOARD_GAP;
      values.step = column.step;
      values.status = 'in_progress';
      values.boardPosition = column.position;
      if (typeof values.project === 'number') {
        await advanceLastIntervention(tx, values.project, clock.now().toISOString().slice(0, 10));
      }
    }
    // Users added to an existing ticket's attributions are told now, in the write's transaction.
    await notifyNewAttributions(tx, records, actor.id);
    return records.map(() => null);
  },
  // A new ticket's id is unknown in beforeChange: its attributed users are told by a job queued in
  // the creating transaction (idempotent: one attribution notification per user and ticket).
  async afterCommit({ action, ids, actor }, queue) {
    if (action !== 'create') return;
    for (const ticket of ids) await queue.send('ticket-attribution', { ticket, actorId: actor.id });
  },
  routes: [...ticketBoardRoutes, ...ticketRecordRoutes],
};
