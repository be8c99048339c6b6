import { and, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { missionsTable, users } from '../db/schema';
import { parseId } from '../http/request-parsing';
import { ApiError } from '../http/api-error';
import { path } from '../../shared/routes';
import { recordLoginAttempt } from '../auth/login-history';
import { sendPasswordCreationLink } from '../auth/password-links';
import { closeSession, currentAuth, openSession } from '../auth/sessions';
import { clock } from '../clock';
import { dashboardSettings, loadSettings } from '../settings/settings';
import { requestValue, type ResourceServerHooks } from './resource-hooks';

const missionColumns = getTableColumns(missionsTable) as Record<string, AnyPgColumn>;
/** Suggestions from find-approximately: names and emails alike enough to the term (pg_trgm). */
const APPROXIMATE_LIMIT = 10;

interface DashboardIframe {
  tabTitle: string;
  iframeCode: string;
}

/**
 * A dashboard tab's code, kept only as one <iframe> whose https src is on an allowed host, and
 * rewritten sandboxed: anything else (scripts, other tags, other hosts) is refused.
 */
export function safeIframe(code: string, allowedHosts: readonly string[]): string | null {
  const match = /^\s*<iframe\b([^>]*)>\s*<\/iframe>\s*$/i.exec(code);
  const src = match && /\bsrc\s*=\s*(["'])(.*?)\1/i.exec(match[1]!)?.[2];
  if (!src) return null;
  const url = URL.canParse(src) ? new URL(src) : null;
  if (!url || url.protocol !== 'https:' || !allowedHosts.includes(url.hostname)) return null;
  const escaped = url.href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escaped}" sandbox="allow-scripts allow-same-origin" referrerpolicy="no-referrer" loading="lazy"></iframe>`;
}

export const usersHooks: ResourceServerHooks = {
  /**
   * One account per email (case ignored); only an administrator makes or unmakes one; dashboard
   * iframes kept only when safe, and rewritten sandboxed.
   */
  async beforeWrite(tx, values, id, userId) {
    const fieldErrors: Record<string, string> = {};
    const [writer] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
    if (!writer?.isAdmin) {
      const [current] =
        id === undefined ? [] : await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, id));
      if (values.isAdmin !== (current?.isAdmin ?? false)) fieldErrors.isAdmin = 'validation.admin_only';
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, String(values.email).toLowerCase()),
          ...(id === undefined ? [] : [ne(users.id, id)]),
        ),
      );
    if (taken) fieldErrors.email = 'validation.email_taken';
    const { allowedIframeHosts } = await loadSettings(tx, dashboardSettings);
    const iframes = values.dashboardIframes as DashboardIframe[];
    iframes.forEach((iframe, index) => {
      const safe = safeIframe(iframe.iframeCode, allowedIframeHosts);
      if (safe === null) fieldErrors[`dashboardIframes.${index}.iframeCode`] = 'validation.iframe';
      else iframe.iframeCode = safe;
    });
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
  },

  routes: [
    {
      // utilisateurs find-approximately: names and emails close to the term, accents and typos tolerated.
      name: 'api.users.find_approximately',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.users_find_approximately',
      query: { term: 'openapi.parameters.term' },
      async handle(request, { db }) {
        const term = requestValue(request, 'term');
        if (term === '') return [];
        const person = sql`immutable_unaccent(lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}))`;
        const score = sql<number>`word_similarity(immutable_unaccent(lower(${term})), ${person})`;
        return db
          .select({
            value: users.id,
            label: sql<string>`trim(${users.lastName} || ' ' || ${users.firstName})`,
            email: users.email,
          })
          .from(users)
          .where(and(isNull(users.deletedAt), sql`${score} > 0.3`))
          .orderBy(desc(score), users.id)
          .limit(APPROXIMATE_LIMIT);
      },
    },
    {
      // utilisateurs get-form-values-from-service/{service}: what choosing a service fills in the form.
      name: 'api.users.form_values_from_service',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.users_form_values_from_service',
      async handle(request, { db }) {
        const service = parseId(requestValue(request, 'service'));
        const followed = await db
          .select({ id: missionColumns.id! })
          .from(missionsTable)
          .where(and(isNull(missionColumns.deletedAt!), eq(missionColumns.service!, service)));
        return { serviceId: service, followedMissions: followed.map(({ id }) => Number(id)) };
      },
    },
  ],
  // A user created by an administrator chooses a password through a 2-hour creation link; if the
  // mail cannot leave, the user screen's "send a password link" sends another.
  async afterCreate(id, { db, mailer }) {
    await sendPasswordCreationLink(db, mailer, id).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  },
  commands: {
    async password_link(id, { db, mailer }) {
      await sendPasswordCreationLink(db, mailer, id);
      return { key: 'success.email_sent' };
    },
    /**
     * Log in as the user: the session becomes theirs, marked with who opened it, and the login
     * history says so. Never as oneself, twice over, an external, disabled or expired user, nor,
     * for a non-administrator, an administrator (that would give them every right).
     */
    async impersonate(id, { db, request, reply }) {
      const auth = currentAuth(request);
      if (auth.impersonator) throw new ApiError(400, 'impersonation.errors.nested');
      if (id === auth.user.id) throw new ApiError(400, 'impersonation.errors.self');
      const [target] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      if (!target) throw new ApiError(404, 'errors.pages.404.title');
      if (!target.enabled || (target.expiresAt && target.expiresAt.getTime() < clock.now().getTime())) {
        throw new ApiError(400, 'impersonation.errors.inactive');
      }
      if (target.external) throw new ApiError(400, 'impersonation.errors.external');
      if (target.isAdmin && !auth.user.isAdmin) throw new ApiError(403, 'impersonation.errors.administrator');
      await recordLoginAttempt(db, request, {
        username: target.email,
        state: 'success',
        application: 'impersonation',
        userId: target.id,
        impersonatorId: auth.user.id,
      });
      await closeSession(db, reply, auth);
      await openSession(db, request, reply, target.id, { persistent: false, impersonatorId: auth.user.id });
      const name = [target.firstName, target.lastName].join(' ');
      return { key: 'impersonation.started', values: { name }, location: path('admin.dashboard') };
    },
  },
};
