import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, type SessionPayload } from '../../shared/account/account.schema';
import { routePattern } from '../../shared/routes';
import { verifyPassword } from '../auth/passwords';
import { closeSession, currentAuth, openSession, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { ApiError } from '../http/api-error';

export function registerAuthRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(routePattern('api.login'), { schema: { body: loginSchema } }, async (request, reply) => {
    const { email, password, remember } = request.body;
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const passwordMatches = await verifyPassword(user && !user.deletedAt ? user.passwordHash : null, password);
    if (!user || !passwordMatches) throw new ApiError(401, 'login.errors.bad_credentials');
    if (!user.enabled) throw new ApiError(403, 'login.errors.account_disabled');
    if (user.expiresAt && user.expiresAt.getTime() < Date.now())
      throw new ApiError(403, 'login.errors.account_expired');

    const { csrfToken } = await openSession(db, request, reply, user.id, remember);
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    const payload: SessionPayload = {
      csrfToken,
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        isAdmin: user.isAdmin,
        locale: user.locale,
        emailSignature: user.emailSignature,
        preferences: user.preferences,
      },
    };
    return payload;
  });

  api.post(routePattern('api.logout'), { preHandler: requireUser }, async (request, reply) => {
    await closeSession(db, reply, currentAuth(request));
    return reply.code(204).send();
  });

  api.get(routePattern('api.session'), { preHandler: requireUser }, async (request) => {
    const { user, csrfToken } = currentAuth(request);
    const payload: SessionPayload = { user, csrfToken };
    return payload;
  });
}
