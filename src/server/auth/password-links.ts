import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { isLocale, translate } from '../../shared/i18n/catalog';
import { path } from '../../shared/routes';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { passwordResets, users } from '../db/schema';
import { isLive } from '../engine/record-scope';
import { ApiError } from '../http/api-error';
import { accountKey, clearFailures } from './login-throttle';
import type { MailStatus } from '../../shared/resources/journal-emails.resource';
import { mailBody, type Mailer } from '../mail/mailer';
import { hashPassword } from './passwords';
import { endOtherSessions } from './sessions';

/** Spec 9: password-creation and reset links are valid 2 hours. */
export const PASSWORD_LINK_LIFETIME_MS = 2 * 60 * 60 * 1000;

type Purpose = (typeof passwordResets.$inferInsert)['purpose'];
type LinkUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'locale'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link not used yet and not expired: while one is pending, no other is sent. */
const pending = (now: Date) => and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/**
 * Creates a link for the user, queues its mail in the same transaction and sends it at once (its
 * job or request waits for it): where the mail stands, or null while another link is pending. The user's row is locked
 * meanwhile, so two simultaneous requests give one link.
 */
async function issueLink(db: Database, mailer: Mailer, user: LinkUser, purpose: Purpose): Promise<MailStatus | null> {
  const queued = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const now = clock.now();
    const [existing] = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), pending(now)));
    if (existing) return null;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      purpose,
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_LIFETIME_MS),
    });
    const locale = isLocale(user.locale) ? user.locale : 'fr';
    const t = (key: string) => translate(locale, `mail.password_${purpose}.${key}`, { name: user.firstName });
    const link = { label: t('action'), url: mailer.url(path('admin.reset_password', { token })) };
    return mailer.queue(tx, [
      {
        to: [user.email],
        subject: t('subject'),
        ...mailBody([t('greeting'), t('body'), t('footer')], link),
        secret: token,
        createdBy: null,
      },
    ]);
  });
  if (!queued) return null;
  const [status] = await mailer.send(queued);
  return status ?? null;
}

const findUser = (db: Database, condition: ReturnType<typeof eq>) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(condition, isLive(users)))
    .then(([user]) => user);

/**
 * The public forgotten-password form's work, a job of the "password-reset" queue: a link is mailed
 * if the email matches an account and none is pending. The form only queues it, so nothing tells the
 * caller which happened, not even the time taken.
 */
export async function mailResetLink(db: Database, mailer: Mailer, email: string): Promise<void> {
  const user = await findUser(db, eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (user) await issueLink(db, mailer, user, 'reset');
}

/**
 * From an administrator: a password-creation link for a user who has no password yet, else a reset
 * link. Unlike the public form, it says when the user does not exist or a request is pending.
 */
export async function sendPasswordCreationLink(db: Database, mailer: Mailer, userId: number): Promise<void> {
  const user = await findUser(db, eq(users.id, userId));
  if (!user) throw new ApiError(404, 'password_reset.errors.unknown_email');
  const status = await issueLink(db, mailer, user, user.hasPassword ? 'reset' : 'creation');
  if (!status) throw new ApiError(409, 'password_reset.errors.pending');
  // Refused for good: a link that never left would block the next one for 2 hours. (Refused for a
  // while, the mail is tried again later.)
  if (status === 'failed') {
    await db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), pending(clock.now())));
    throw new ApiError(502, 'mail.errors.not_sent');
  }
}

/**
 * A new user's creation link, a job of the "password-creation" queue: mailed once; a link already
 * pending (the job run again after its process died) or a user deleted since ends the job, a mail
 * the server refused is tried again later.
 */
export async function mailPasswordCreationLink(db: Database, mailer: Mailer, userId: number): Promise<void> {
  try {
    await sendPasswordCreationLink(db, mailer, userId);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode !== 502) return;
    throw error;
  }
}

/** Spends the user's pending links: once the email changes, a link mailed to the old address is no way in. */
export async function cancelPendingLinks(db: Database, userId: number): Promise<void> {
  const now = clock.now();
  await db
    .update(passwordResets)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(passwordResets.userId, userId), pending(now)));
}

const expired = () => new ApiError(410, 'login.errors.reset_link_expired');

/** What the reset page shows before the form: the link's purpose, or "expired" (also when used). */
export async function checkPasswordLink(db: Database, token: string): Promise<{ purpose: Purpose }> {
  const [link] = await db
    .select({ purpose: passwordResets.purpose })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), pending(clock.now())));
  if (!link) throw expired();
  return link;
}

/**
 * Sets the new password through a pending link, once: the link and any other pending one are spent,
 * and the user's sessions end, but the one making the request if it is the user's own.
 */
export async function usePasswordLink(
  db: Database,
  token: string,
  password: string,
  currentSession?: { sessionId: string; userId: number },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: now, updatedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), pending(now)))
      .returning({ userId: passwordResets.userId });
    if (!link) throw expired();
    // A new password lifts the account's lock (too many failed logins) at once.
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
    if (owner) await clearFailures(tx, accountKey(owner.email), clock.now());
    await cancelPendingLinks(tx, link.userId);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId));
    const kept = currentSession?.userId === link.userId ? currentSession.sessionId : undefined;
    await endOtherSessions(tx, link.userId, kept);
  });
}
