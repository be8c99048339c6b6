import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionPayload } from '../../shared/account/account.schema';
import type { LoginApplication } from '../../shared/resources/historique-connexions.resource';
import { recordLoginAttempt, type LoginAttempt } from '../auth/login-history';
import { accountKey, addressKey, clearFailures, isLocked, recordFailure } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import { closeSession, currentAuth, openSession, requireUser, sessionUser, type SessionArea } from '../auth/sessions';
import { clock } from '../clock';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';

/**
 * Login CSRF: a browser names the page that sent a POST in its Origin header; a login posted from
 * another site is refused. Clients that send no Origin (scripts, tests) are not browsers.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    // Through URL both sides: a default port is dropped the same way from each.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

/** What each login page lets in: the back office its staff, the customer area the external users. */
const loginPages: Record<
  SessionArea,
  { application: LoginApplication; refuses: (user: User) => boolean; refusal: string }
> = {
  back_office: {
    application: 'back_office',
    refuses: (user) => user.external,
    refusal: 'login.errors.not_internal',
  },
  customer_area: {
    application: 'customer_area',
    refuses: (user) => !user.external,
    refusal: 'login.errors.not_external',
  },
};

type User = typeof users.$inferSelect;

/** Both areas' session routes: the back office's, and the customer area's (external users, cookie sid_client). */
const sessionRoutes = [
  { area: 'back_office', login: 'api.login', session: 'api.session', logout: 'api.logout', action: '' },
  {
    area: 'customer_area',
    login: 'api.customer.login',
    session: 'api.customer.session',
    logout: 'api.customer.logout',
    action: 'customer_',
  },
] as const;

export function registerAuthRoutes(app: FastifyInstance, db: Database): void {
  for (const { area, login, action } of sessionRoutes) {
    const page = loginPages[area];
    declareRoute(app, {
      name: login,
      method: 'POST',
      document: (tools) =>
        tools.operation('account', `${action}login`, {
          access: 'public',
          errors: [400, 401, 403, 429],
        }),
      handler: async (request, reply) => {
        const { email, password, remember } = request.body;
        if (!sameOrigin(request)) throw new ApiError(403, 'errors.csrf');
        const now = clock.now();
        const account = accountKey(email);
        const keys = [account, addressKey(request.ip)];
        // What does not depend on another answer is asked at once: on a busy database each round
        // trip waits its turn (the embedded one answers one query at a time).
        const [[found], locked] = await Promise.all([
          db
            .select()
            .from(users)
            .where(eq(sql`lower(${users.email})`, email.toLowerCase())),
          isLocked(db, keys, now),
        ]);
        const user = found && !found.deletedAt ? found : undefined;
        const attempt = (state: LoginAttempt['state']) =>
          recordLoginAttempt(db, request, {
            username: email,
            state,
            application: page.application,
            userId: user?.id ?? null,
          });
        // Every attempt on a locked account or address, even with the right password (spec 8: page 429).
        if (locked) {
          await attempt('locked');
          throw new ApiError(429, 'errors.pages.429.title');
        }
        // An unknown email is checked against a decoy hash: both answers take about the same time.
        if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
          await Promise.all([recordFailure(db, keys, now), attempt('failure')]);
          throw new ApiError(401, 'login.errors.bad_credentials');
        }
        // The password was right: what is wrong now is the account, which the user may be told.
        const refusal = !user.enabled
          ? 'login.errors.account_disabled'
          : user.expiresAt && user.expiresAt.getTime() < now.getTime()
            ? 'login.errors.account_expired'
            : page.refuses(user)
              ? page.refusal
              : null;
        if (refusal) {
          await attempt('failure');
          throw new ApiError(403, refusal);
        }

        const [{ csrfToken }, payloadUser] = await Promise.all([
          openSession(db, request, reply, user.id, { persistent: remember, area }),
          sessionUser(db, user.id),
          clearFailures(db, account, now),
          attempt('success'),
          db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)),
        ]);
        const payload: SessionPayload = { csrfToken, user: payloadUser, impersonator: null };
        return payload;
      },
    });
  }

  for (const { session: current, logout, action } of sessionRoutes) {
    declareRoute(app, {
      name: logout,
      method: 'POST',
      options: { onRequest: requireUser },
      document: (tools) =>
        tools.operation('account', `${action}logout`, {
          access: 'write',
          errors: [401, 403],
        }),
      handler: async (request, reply) => {
        await closeSession(db, reply, currentAuth(request));
        return reply.code(204).send();
      },
    });

    declareRoute(app, {
      name: current,
      method: 'GET',
      options: { onRequest: requireUser },
      document: (tools) => tools.operation('account', `${action}session`, { access: 'read', errors: [401] }),
      handler: (request) => {
        const { user, csrfToken, impersonator } = currentAuth(request);
        const payload: SessionPayload = { user, csrfToken, impersonator };
        return payload;
      },
    });
  }

  // The way back from "log in as": the impersonation session ends, and the impersonator's opens.
  declareRoute(app, {
    name: 'api.impersonation.end',
    method: 'POST',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('account', 'impersonation_end', {
        access: 'write',
        errors: [400, 401, 403],
      }),
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      if (!auth.impersonator) throw new ApiError(400, 'impersonation.errors.not_impersonating');
      await closeSession(db, reply, auth);
      // The session's load checked the impersonator's account at this very request (sessions.ts).
      const [impersonator] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, auth.impersonator.id));
      if (!impersonator) throw new ApiError(401, 'errors.unauthenticated');
      await recordLoginAttempt(db, request, {
        username: impersonator.email,
        state: 'success',
        application: 'back_office',
        userId: impersonator.id,
      });
      const { csrfToken } = await openSession(db, request, reply, impersonator.id, { persistent: false });
      const payload: SessionPayload = { csrfToken, user: await sessionUser(db, impersonator.id), impersonator: null };
      return payload;
    },
  });
}
