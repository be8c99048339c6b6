import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { declareRoute } from '../http/api-route';
import { cleanRichText } from '../http/rich-text';

export function registerPreferenceRoutes(app: FastifyInstance, db: Database): void {
  const options = { onRequest: requireUser };

  // The side menu's state, kept with the user so it survives reloads and new sessions.
  declareRoute(app, {
    name: 'api.toggle_content',
    method: 'POST',
    options,
    document: (tools) =>
      tools.operation('account', 'toggle_content', {
        access: 'write',
        errors: [400, 401, 403],
      }),
    handler: async (request, reply) => {
      const { user } = currentAuth(request);
      await db
        .update(users)
        .set({
          preferences: sql`${users.preferences} || ${JSON.stringify({ sidebarEnlarged: !request.body.open })}::jsonb`,
        })
        .where(eq(users.id, user.id));
      return reply.code(204).send();
    },
  });

  declareRoute(app, {
    name: 'api.locale',
    method: 'POST',
    options,
    document: (tools) =>
      tools.operation('account', 'locale', {
        access: 'write',
        errors: [400, 401, 403],
      }),
    handler: async (request, reply) => {
      const { user } = currentAuth(request);
      await db.update(users).set({ locale: request.body.locale }).where(eq(users.id, user.id));
      return reply.code(204).send();
    },
  });

  declareRoute(app, {
    name: 'api.profile',
    method: 'PUT',
    options,
    document: (tools) =>
      tools.operation('account', 'profile', {
        access: 'write',
        errors: [400, 401, 403],
      }),
    handler: async (request) => {
      const { user } = currentAuth(request);
      const changes = { ...request.body, emailSignature: cleanRichText(request.body.emailSignature) };
      await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return changes;
    },
  });
}
