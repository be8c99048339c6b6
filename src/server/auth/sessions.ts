import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUserPayload } from '../../shared/account/account.schema';
import { permissionKey } from '../../shared/permissions';
import { USERS_TARGET } from '../../shared/resources/fields';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { accessProfilesTable, sessions, userDisplayName, users } from '../db/schema';
import { isLive, liveRows } from '../engine/record-scope';
import { ApiError } from '../http/api-error';

/** The back office and the customer area each have their own session cookie. */
export type SessionArea = 'back_office' | 'customer_area';
export const sessionCookies: Record<SessionArea, string> = { back_office: 'sid', customer_area: 'sid_client' };
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** "Se souvenir de moi": the session survives browser restarts for 30 days. */
export const PERSISTENT_LIFETIME_MS = 30 * DAY_MS;
/** Otherwise it ends with the browser, after 12 hours at most, or 2 hours idle. */
export const BROWSER_LIFETIME_MS = 12 * HOUR_MS;
export const IDLE_TIMEOUT_MS = 2 * HOUR_MS;
/** lastSeenAt is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The logged-in user, as /api/session returns it. */
export type SessionUser = SessionUserPayload;

export interface AuthContext {
  sessionId: string;
  csrfToken: string;
  area: SessionArea;
  user: SessionUser;
  /** Who logged in as the user, if anyone: the banner names them and the way back returns to them. */
  impersonator: { id: number; name: string } | null;
}

/** How a session is opened: for which area, and by whom when it is a "log in as". */
export interface SessionOptions {
  persistent: boolean;
  area?: SessionArea;
  impersonatorId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

export async function openSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  { persistent, area = 'back_office', impersonatorId }: SessionOptions,
): Promise<{ csrfToken: string }> {
  const token = randomToken();
  const csrfToken = randomToken();
  const lifetime = persistent ? PERSISTENT_LIFETIME_MS : BROWSER_LIFETIME_MS;
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    csrfToken,
    area,
    impersonatorId,
    persistent,
    expiresAt: new Date(Date.now() + lifetime),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  reply.setCookie(sessionCookies[area], token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Without maxAge the cookie ends with the browser.
    ...(persistent ? { maxAge: lifetime / 1000 } : {}),
  });
  return { csrfToken };
}

export async function closeSession(db: Database, reply: FastifyReply, auth: AuthContext): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, auth.sessionId));
  reply.clearCookie(sessionCookies[auth.area], { path: '/' });
}

/**
 * Ends a user's sessions, and those opened by logging in as someone else, but the one given: when the
 * account is disabled or expires, or its email or password changes (the one kept being the session
 * that made the change, if any).
 */
export async function endOtherSessions(db: Database, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** The user as a session shows it, with the union of what the user's live access profiles grant. */
/** The permissions a user's live access profiles grant, as one sorted array (a user row's SQL). */
export const grantedPermissions = sql<string[]>`coalesce((
  select array_agg(distinct granted order by granted)
  from ${liveRows(accessProfilesTable)} profile, unnest(profile.permissions) granted
  where profile.id = any(${users.groupIds})
), '{}')`;

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  locale: users.locale,
  emailSignature: users.emailSignature,
  preferences: users.preferences,
  serviceId: users.serviceId,
  permissions: grantedPermissions,
};

/** The session user of a user id (at login). */
export async function sessionUser(db: Database, userId: number): Promise<SessionUserPayload> {
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(401, 'errors.unauthenticated');
  return user;
}

/**
 * Whether the account of a users row (by its alias in the query) may still be logged in: enabled, not
 * expired; its row is also live (the query asks isLive or reads it from liveRows).
 */
const accountActive = (alias: string) => {
  const account = sql.raw(alias);
  return sql`(${account}.enabled and (${account}.expires_at is null or ${account}.expires_at > ${sql.placeholder('now')}))`;
};

/** The permission to log in as another user (an administrator holds it by their flag). */
const IMPERSONATE_PERMISSION = permissionKey(USERS_TARGET, 'impersonate');

/** The session of a request, with its user: one prepared statement per database, as it runs on every request. */
const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>();

function prepareSessionQuery(db: Database) {
  return db
    .select({
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      user: sessionUserColumns,
      impersonatorId: sessions.impersonatorId,
      impersonatorName: sql<string | null>`(
        select ${userDisplayName('impersonator')}
        from ${users} impersonator where impersonator.id = ${sessions.impersonatorId}
      )`,
      // Checked at every request, not only at login: an account disabled, deleted or past its expiry
      // date since the session opened loses it; a "log in as" also ends once its impersonator's
      // account is so, or no longer holds the permission to log in as another user.
      accountActive: sql<boolean>`(${isLive(users)} and ${accountActive('users')} and (${sessions.impersonatorId} is null or exists (
        select 1 from ${liveRows(users)} impersonator
        where impersonator.id = ${sessions.impersonatorId} and ${accountActive('impersonator')}
          and (impersonator.is_admin or exists (
            select 1 from ${liveRows(accessProfilesTable)} profile
            where profile.id = any(impersonator.group_ids) and ${IMPERSONATE_PERMISSION} = any(profile.permissions))))))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.area, sql.placeholder('area')),
        // External users belong to the customer area, the others to the back office.
        eq(users.external, sql.placeholder('external')),
        gt(sessions.expiresAt, sql`now()`),
        or(eq(sessions.persistent, true), gt(sessions.lastSeenAt, sql.placeholder('idleSince'))),
      ),
    )
    .prepare('load_session');
}

async function loadSession(db: Database, token: string, area: SessionArea): Promise<AuthContext | null> {
  const sessionId = hashToken(token);
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  const [row] = await query.execute({
    sessionId,
    area,
    external: area === 'customer_area',
    idleSince: new Date(Date.now() - IDLE_TIMEOUT_MS),
    now: clock.now(),
  });
  if (!row) return null;
  if (!row.accountActive) {
    // Gone for good: re-enabling the account or moving its expiry date does not bring it back.
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
  }
  const impersonator =
    row.impersonatorId === null ? null : { id: row.impersonatorId, name: row.impersonatorName ?? '' };
  return { sessionId, csrfToken: row.csrfToken, area, user: row.user, impersonator };
}

/** The customer area's API: its requests carry the customer-area session. */
export const CUSTOMER_API_PREFIX = '/api/espace-client/';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths whose requests carry a session: the API, translations, the uploaded files, the mails' attachments and the media items' images. */
const SESSION_PATHS = ['/api/', '/translations', '/uploads/', '/emails/', '/media/'];

/**
 * Loads the session of API requests and checks the CSRF token of every state-changing request
 * made within a session (header X-CSRF-Token, bound to the session).
 */
export function registerSessions(app: FastifyInstance, db: Database): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!SESSION_PATHS.some((prefix) => request.url.startsWith(prefix))) return;
    const area: SessionArea = request.url.startsWith(CUSTOMER_API_PREFIX) ? 'customer_area' : 'back_office';
    const token = request.cookies[sessionCookies[area]];
    request.auth = token ? await loadSession(db, token, area) : null;
    if (request.auth && !SAFE_METHODS.has(request.method)) {
      if (request.headers['x-csrf-token'] !== request.auth.csrfToken) throw new ApiError(403, 'errors.csrf');
    }
  });
}

/**
 * For the one GET that changes data (spec 4's publication toggle): the session's CSRF token must come
 * with it, in the X-CSRF-Token header or the _token query parameter, and the browser must not say the
 * request came from another site, so a link or an image on another site does nothing.
 */
export async function requireCsrfOnGet(request: FastifyRequest): Promise<void> {
  const auth = currentAuth(request);
  const token = request.headers['x-csrf-token'] ?? (request.query as Record<string, unknown>)._token;
  const site = request.headers['sec-fetch-site'];
  if (token !== auth.csrfToken || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
    throw new ApiError(403, 'errors.csrf');
  }
}

/**
 * onRequest guard of routes that need a logged-in user: a 401 before the body is read or the input
 * checked, so nobody learns a route's input from its 400s without a session.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new ApiError(401, 'errors.unauthenticated');
}

/** The logged-in user of a route guarded by requireUser. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'errors.unauthenticated');
  return request.auth;
}
