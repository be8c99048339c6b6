import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeSchema, profileSchema, toggleContentSchema } from '../../shared/account/account.schema';
import { routePattern } from '../../shared/routes';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { cleanRichText } from '../http/rich-text';

export function registerPreferenceRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The side menu's state, kept with the user so it survives reloads and new sessions.
  api.post(
    routePattern('api.toggle_content'),
    { preHandler: requireUser, schema: { body: toggleContentSchema } },
    async (request, reply) => {
      const { user } = currentAuth(request);
      await db
        .update(users)
        .set({
          preferences: sql`${users.preferences} || ${JSON.stringify({ sidebarEnlarged: !request.body.open })}::jsonb`,
        })
        .where(eq(users.id, user.id));
      return reply.code(204).send();
    },
  );

  api.post(
    routePattern('api.locale'),
    { preHandler: requireUser, schema: { body: localeSchema } },
    async (request, reply) => {
      const { user } = currentAuth(request);
      await db.update(users).set({ locale: request.body.locale }).where(eq(users.id, user.id));
      return reply.code(204).send();
    },
  );

  api.put(
    routePattern('api.profile'),
    { preHandler: requireUser, schema: { body: profileSchema } },
    async (request) => {
      const { user } = currentAuth(request);
      const changes = { ...request.body, emailSignature: cleanRichText(request.body.emailSignature) };
      await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return changes;
    },
  );
}
