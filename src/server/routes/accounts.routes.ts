import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newPasswordSchema } from '../../shared/account/password';
import {
  passwordResetRequestSchema,
  registrationSchema,
  registrationSettingsSchema,
  type RegistrationState,
} from '../../shared/account/registration.schema';
import { translate } from '../../shared/i18n/catalog';
import { can, type ResourceAction } from '../../shared/permissions';
import { path, routePattern } from '../../shared/routes';
import {
  checkPasswordLink,
  requestPasswordReset,
  sendPasswordCreationLink,
  usePasswordLink,
} from '../auth/password-links';
import { hashPassword } from '../auth/passwords';
import { currentAuth, requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { requestLocale } from '../http/request-locale';
import { mailBody, type Mailer } from '../mail/mailer';
import { loadSettings, registrationSettings, saveSettings } from '../settings/settings';

const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** Whether registration is on: the sign-up page and API answer 404 otherwise. */
export async function registrationEnabled(db: Database): Promise<boolean> {
  return (await loadSettings(db, registrationSettings)).enabled;
}

/** Forgotten password, reset and creation links, registration and its configuration. */
export function registerAccountRoutes(app: FastifyInstance, db: Database, mailer: Mailer): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const allowed = (resource: string, action: ResourceAction) => async (request: FastifyRequest) => {
    if (!can(currentAuth(request).user, resource, action)) throw new ApiError(403, 'errors.forbidden');
  };

  // Spec 8: always the neutral reply, whether the email matches an account or not.
  api.post(
    routePattern('api.password_reset.request'),
    { schema: { body: passwordResetRequestSchema } },
    async (request) => {
      await requestPasswordReset(db, mailer, request.body.email);
      return { message: translate(requestLocale(request), 'password_reset.sent') };
    },
  );

  api.get(routePattern('api.password_reset.link'), { schema: { params: tokenParams } }, (request) =>
    checkPasswordLink(db, request.params.token),
  );

  api.post(
    routePattern('api.password_reset.link'),
    { schema: { params: tokenParams, body: newPasswordSchema } },
    async (request, reply) => {
      const auth = request.auth;
      const session = auth ? { sessionId: auth.sessionId, userId: auth.user.id } : undefined;
      await usePasswordLink(db, request.params.token, request.body.password, session);
      return reply.code(204).send();
    },
  );

  api.get(routePattern('api.registration.state'), async (): Promise<RegistrationState> => ({
    enabled: await registrationEnabled(db),
  }));

  api.post(
    routePattern('api.registration'),
    {
      // Before validation: while registration is off, the route does not exist.
      preValidation: async () => {
        if (!(await registrationEnabled(db))) throw new ApiError(404, 'errors.pages.404.title');
      },
      schema: { body: registrationSchema },
    },
    async (request, reply) => {
      const { email, firstName, lastName, password } = request.body;
      const locale = requestLocale(request);
      const { defaultGroupId, welcomeEmailSubject, welcomeEmailContent } = await loadSettings(db, registrationSettings);
      const [user] = await db
        .insert(users)
        .values({
          email,
          firstName,
          lastName,
          locale,
          passwordHash: await hashPassword(password),
          groupIds: defaultGroupId === null ? [] : [defaultGroupId],
        })
        // The unique index on lower(email): a used email, even by two sign-ups at once.
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw new ApiError(400, 'errors.form', { email: 'validation.email_taken' });
      const link = { label: translate(locale, 'login.submit'), url: mailer.url(path('admin.login')) };
      await mailer.send({ to: email, subject: welcomeEmailSubject, ...mailBody([welcomeEmailContent], link) });
      return reply.code(201).send();
    },
  );

  api.get(
    routePattern('api.configuration.registration'),
    { preHandler: [requireUser, allowed('configuration', 'show')] },
    () => loadSettings(db, registrationSettings),
  );

  api.put(
    routePattern('api.configuration.registration'),
    { preHandler: [requireUser, allowed('configuration', 'update')], schema: { body: registrationSettingsSchema } },
    async (request) => {
      await saveSettings(db, registrationSettings, request.body);
      return request.body;
    },
  );

  api.post(
    routePattern('api.users.password_link'),
    {
      preHandler: [requireUser, allowed('utilisateurs', 'update')],
      schema: { params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      await sendPasswordCreationLink(db, mailer, request.params.id);
      return { message: translate(requestLocale(request), 'success.email_sent') };
    },
  );
}
