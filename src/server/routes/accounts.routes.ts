import type { FastifyInstance } from 'fastify';
import type { RegistrationState } from '../../shared/account/registration.schema';
import { translate } from '../../shared/i18n/catalog';
import { path } from '../../shared/routes';
import { EMAIL_MAX_LENGTH } from '../../shared/resources/fields';
import { checkPasswordLink, usePasswordLink } from '../auth/password-links';
import { countAttempt, passwordResetKeys, registrationKeys } from '../auth/login-throttle';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { requestLocale } from '../http/request-locale';
import type { JobQueue } from '../jobs/job-queue';
import { mailBody, type Mailer } from '../mail/mailer';
import { loadSettings, registrationSettings } from '../settings/settings';

/** Whether registration is on: the sign-up page and API answer 404 otherwise. */
export async function registrationEnabled(db: Database): Promise<boolean> {
  return (await loadSettings(db, registrationSettings)).enabled;
}

/** Forgotten password, reset and creation links, registration and its configuration. */
export function registerAccountRoutes(app: FastifyInstance, db: Database, mailer: Mailer, jobs: JobQueue): void {
  // Spec 8: always the neutral reply, whether the email matches an account or not.
  declareRoute(app, {
    name: 'api.password_reset.request',
    method: 'POST',
    document: (tools) =>
      tools.operation('account', 'password_reset_request', {
        access: 'public',
        errors: [400, 429],
      }),
    handler: async (request) => {
      // Each request counts against its client address, so one client cannot flood the queue.
      await countAttempt(db, passwordResetKeys(request.ip));
      const { email } = request.body;
      // Only queued: the job looks the account up, so neither the reply nor its timing tells whether
      // the email has one. A request for an address whose job still waits joins that job: a flood of
      // requests for one address makes one job, not a queue delaying everyone's mail.
      await jobs.send('password-reset', { email }, { singletonKey: email.toLowerCase() });
      return { message: translate(requestLocale(request), 'password_reset.sent') };
    },
  });

  declareRoute(app, {
    name: 'api.password_reset.link',
    method: 'GET',
    document: (tools) =>
      tools.operation('account', 'password_reset_check', {
        access: 'public',
        errors: [410],
      }),
    handler: (request) => checkPasswordLink(db, request.params.token),
  });

  declareRoute(app, {
    name: 'api.password_reset.link',
    method: 'POST',
    document: (tools) =>
      tools.operation('account', 'password_reset_use', {
        access: 'public',
        errors: [400, 410],
      }),
    handler: async (request, reply) => {
      const auth = request.auth;
      const session = auth ? { sessionId: auth.sessionId, userId: auth.user.id } : undefined;
      await usePasswordLink(db, request.params.token, request.body.password, session);
      return reply.code(204).send();
    },
  });

  declareRoute(app, {
    name: 'api.registration.state',
    method: 'GET',
    document: (tools) =>
      tools.operation('account', 'registration_state', {
        access: 'public',
        errors: [],
      }),
    handler: async (): Promise<RegistrationState> => ({ enabled: await registrationEnabled(db) }),
  });

  declareRoute(app, {
    name: 'api.registration',
    method: 'POST',
    options: {
      // Before validation: while registration is off, the route does not exist; each attempt counts
      // against its address and email before the body is checked, since rating a password's strength
      // costs a third of a second that a throttled client must not make the server spend.
      preValidation: async (request) => {
        if (!(await registrationEnabled(db))) throw new ApiError(404, 'errors.pages.404.title');
        const typed = (request.body as { email?: unknown } | null)?.email;
        // Unchecked yet: an over-long email (refused next) counts by its first characters, as a key must be short.
        const email = typeof typed === 'string' ? typed.slice(0, EMAIL_MAX_LENGTH) : '';
        await countAttempt(db, registrationKeys(request.ip, email));
      },
    },
    document: (tools) =>
      tools.operation('account', 'registration', {
        access: 'public',
        errors: [400, 404, 429],
      }),
    handler: async (request, reply) => {
      const { email, firstName, lastName, password } = request.body;
      const locale = requestLocale(request);
      const { defaultGroupId, welcomeEmailSubject, welcomeEmailContent } = await loadSettings(db, registrationSettings);
      const passwordHash = await hashPassword(password);
      const link = { label: translate(locale, 'login.submit'), url: mailer.url(path('admin.login')) };
      // The account and its welcome mail, together or not at all.
      await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            firstName,
            lastName,
            locale,
            passwordHash,
            groupIds: defaultGroupId === null ? [] : [defaultGroupId],
          })
          // The unique index on lower(email): a used email, even by two sign-ups at once.
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!user) throw new ApiError(400, 'errors.form', { email: 'validation.email_taken' });
        await mailer.queue(tx, [
          { to: [email], subject: welcomeEmailSubject, ...mailBody([welcomeEmailContent], link), createdBy: user.id },
        ]);
      });
      return reply.code(201).send();
    },
  });
}
