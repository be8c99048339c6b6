import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { loginThrottles } from '../db/schema';
import { ApiError } from '../http/api-error';

/** Spec 9: too many authentication errors block for 15 minutes. */
export const LOCK_MS = 15 * 60 * 1000;
/** Failures counted within 15 minutes of a key's first failure. */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const IP_LIMIT = 25;

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** A login attempt counts against the account typed (known or not) and against its address. */
export const accountKey = (email: string): ThrottleKey => ({
  key: `account:${email.trim().toLowerCase()}`,
  limit: ACCOUNT_LIMIT,
});
export const addressKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, limit: IP_LIMIT });

/**
 * Sign-ups, while registration is on, count the same way: each one (whether it succeeds or not)
 * against its address and the email typed, so nobody sends welcome mails to a list of addresses.
 */
export const REGISTRATION_ADDRESS_LIMIT = 5;
export const REGISTRATION_EMAIL_LIMIT = 3;
export const registrationKeys = (ip: string, email: string): ThrottleKey[] => [
  { key: `registration-ip:${ip}`, limit: REGISTRATION_ADDRESS_LIMIT },
  { key: `registration:${email.trim().toLowerCase()}`, limit: REGISTRATION_EMAIL_LIMIT },
];

/**
 * The forgotten-password form counts the same way, each request against its client address: the
 * work it queues (and the mails) stays bounded whatever one client sends. Not against the email
 * typed, which would let anyone block another's reset: repeated requests for one address make one
 * job instead (routes/accounts.routes.ts).
 */
export const PASSWORD_RESET_ADDRESS_LIMIT = 5;
export const passwordResetKeys = (ip: string): ThrottleKey[] => [
  { key: `password-reset-ip:${ip}`, limit: PASSWORD_RESET_ADDRESS_LIMIT },
];

/**
 * A request that counts against these keys whatever its outcome (a sign-up, a reset request):
 * refused with 429 "Accès temporairement bloqué" while one key is locked, else counted.
 */
export async function countAttempt(db: Database, keys: ThrottleKey[]): Promise<void> {
  const now = clock.now();
  if (await isLocked(db, keys, now)) throw new ApiError(429, 'errors.pages.429.title');
  await recordFailure(db, keys, now);
}

/** Whether one of the keys is locked now. */
export async function isLocked(db: Database, keys: ThrottleKey[], now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: loginThrottles.key })
    .from(loginThrottles)
    .where(
      and(
        inArray(
          loginThrottles.key,
          keys.map(({ key }) => key),
        ),
        gt(loginThrottles.lockedUntil, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Counts a failure against each key, and locks the keys that reach their limit. One statement per
 * key, atomic on its row: processes sharing the database count together, so the limit holds
 * whichever process answers each attempt.
 */
export async function recordFailure(db: Database, keys: ThrottleKey[], now: Date): Promise<void> {
  const windowSince = new Date(now.getTime() - WINDOW_MS);
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  for (const { key, limit } of keys) {
    const inWindow = sql`${loginThrottles.windowStart} > ${windowSince}`;
    const failures = sql`case when ${inWindow} then ${loginThrottles.failures} + 1 else 1 end`;
    await db
      .insert(loginThrottles)
      .values({ key, windowStart: now, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          windowStart: sql`case when ${inWindow} then ${loginThrottles.windowStart} else ${now} end`,
          failures,
          lockedUntil: sql`case when ${failures} >= ${limit} then ${lockedUntil} else ${loginThrottles.lockedUntil} end`,
        },
      });
  }
}

/**
 * A successful login clears its account's failures (the address keeps its own), and the rows that
 * no longer count or lock anything go too, so the table holds only the last 15 minutes.
 */
export async function clearFailures(db: Database, { key }: ThrottleKey, now: Date): Promise<void> {
  const windowSince = new Date(now.getTime() - WINDOW_MS);
  await db
    .delete(loginThrottles)
    .where(
      or(
        eq(loginThrottles.key, key),
        and(
          lte(loginThrottles.windowStart, windowSince),
          or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, now)),
        ),
      ),
    );
}
