import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { IDLE_TIMEOUT_MS } from '../auth/sessions';
import { WINDOW_MS } from '../auth/login-throttle';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { loginThrottles, passwordResets, sessions } from '../db/schema';
import { removeOldDocumentZips } from '../documents/project-documents-export';
import { removeOldJobs } from '../import-assistant/import-jobs';
import { notifyNearDeadlines } from '../resources/tickets/ticket-notifications';
import { loadSettings, ticketSettings } from '../settings/settings';

/** Spent or expired password links are kept this long (the user may still click an old mail). */
const SPENT_LINKS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly cleanup (the "maintenance" job): sessions that can no longer open (expired, or browser
 * sessions idle past the limit), password links spent or expired a day ago, login counters whose
 * window and lock are over, the import assistant's jobs and files left a week, and the documents'
 * background ZIPs finished a day ago (their notifications then say the file expired). Running it twice
 * changes nothing more.
 */
export async function cleanUp(db: Database, uploadsDir: string): Promise<void> {
  const now = clock.now();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(sql`not ${sessions.persistent}`, lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))),
      ),
    );
  const longAgo = new Date(now.getTime() - SPENT_LINKS_KEPT_MS);
  await db
    .delete(passwordResets)
    .where(
      or(
        lt(passwordResets.expiresAt, longAgo),
        and(isNotNull(passwordResets.usedAt), lt(passwordResets.usedAt, longAgo)),
      ),
    );
  await db
    .delete(loginThrottles)
    .where(
      and(
        lt(loginThrottles.windowStart, new Date(now.getTime() - WINDOW_MS)),
        or(sql`${loginThrottles.lockedUntil} is null`, lt(loginThrottles.lockedUntil, now)),
      ),
    );
  await removeOldJobs(db, uploadsDir, now);
  await removeOldDocumentZips(db, uploadsDir, now);
}

/** The hourly "maintenance" job: the cleanup, then the deadline notifications of tickets turning orange. */
export async function runMaintenance(db: Database, uploadsDir: string): Promise<void> {
  await cleanUp(db, uploadsDir);
  const { deadlineWarningDays } = await loadSettings(db, ticketSettings);
  await notifyNearDeadlines(db, clock.now().toISOString().slice(0, 10), deadlineWarningDays);
}
