import { eq, sql } from 'drizzle-orm';
import type { Flash } from '../../shared/configuration-values.schema';
import { rowsOf, type Database } from '../db/database';
import { sessions } from '../db/schema';

/**
 * Adds a flash message to a session, for a route that redirects: the web shell shows it as a toast
 * on the next page it loads (GET /api/flashes). Stored on the session's row, so any process serves it.
 */
export async function addFlash(db: Database, sessionId: string, flash: Flash): Promise<void> {
  await db
    .update(sessions)
    .set({ flashes: sql`${sessions.flashes} || ${JSON.stringify([flash])}::jsonb` })
    .where(eq(sessions.id, sessionId));
}

/** The session's pending flash messages, cleared in the same statement: each is read once. */
export async function takeFlashes(db: Database, sessionId: string): Promise<Flash[]> {
  const [row] = await rowsOf<{ flashes: Flash[] }>(
    db,
    sql`
    with pending as (select id, flashes from ${sessions} where id = ${sessionId} for update)
    update ${sessions} set flashes = '[]'::jsonb from pending
    where ${sessions.id} = pending.id and jsonb_array_length(pending.flashes) > 0
    returning pending.flashes`,
  );
  return row?.flashes ?? [];
}
