import { and, arrayOverlaps, desc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { holdsAll } from '../../../shared/permissions';
import { rowsOf, type Database } from '../../db/database';
import {
  accessProfilesTable,
  missionsTable,
  projectsTable,
  servicesTable,
  userDisplayName,
  users,
} from '../../db/schema';
import { formatPersonName } from '../../../shared/i18n/format';
import { isLive, liveRows } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import { path } from '../../../shared/routes';
import { recordLoginAttempt } from '../../auth/login-history';
import { cancelPendingLinks, sendPasswordCreationLink } from '../../auth/password-links';
import { closeSession, currentAuth, endOtherSessions, grantedPermissions, openSession } from '../../auth/sessions';
import { clock } from '../../clock';
import { dashboardSettings, loadSettings } from '../../settings/settings';
import { eachRecord, refusalOf, type FieldErrors, type ServerResource } from '../../engine/server-resource';
import type { Actor } from '../../auth/actor';
import { projectReadableBy } from '../projet/project-scope';

const missionColumns = getTableColumns(missionsTable) as Record<string, AnyPgColumn>;
/** Suggestions from find-approximately: names and emails alike enough to the term (pg_trgm). */
const APPROXIMATE_LIMIT = 10;

interface DashboardIframe {
  tabTitle: string;
  iframeCode: string;
}

/**
 * The page a dashboard tab's code shows: the https src of its one <iframe>, on an allowed host;
 * null for anything else. The dashboard asks it again when it shows the tab (the hosts may change).
 */
export function allowedIframeSource(code: string, allowedHosts: readonly string[]): string | null {
  const match = /^\s*<iframe\b([^>]*)>\s*<\/iframe>\s*$/i.exec(code);
  const src = match && /\bsrc\s*=\s*(["'])(.*?)\1/i.exec(match[1]!)?.[2];
  if (!src) return null;
  // The src as saved: sandboxed and escaped by safeIframe.
  const url = URL.canParse(src.replace(/&amp;/g, '&')) ? new URL(src.replace(/&amp;/g, '&')) : null;
  if (!url || url.protocol !== 'https:' || !allowedHosts.includes(url.hostname)) return null;
  return url.href;
}

/**
 * A dashboard tab's code, kept only as one <iframe> whose https src is on an allowed host, and
 * rewritten sandboxed: anything else (scripts, other tags, other hosts) is refused.
 */
export function safeIframe(code: string, allowedHosts: readonly string[]): string | null {
  const href = allowedIframeSource(code, allowedHosts);
  if (href === null) return null;
  const escaped = href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${escaped}" sandbox="allow-scripts allow-same-origin" referrerpolicy="no-referrer" loading="lazy"></iframe>`;
}

/** Accounts as the management rule sees them: administrator or not, and what their live profiles grant. */
async function accountPowers(db: Database, ids: number[]) {
  return db
    .select({ id: users.id, isAdmin: users.isAdmin, permissions: grantedPermissions })
    .from(users)
    .where(inArray(users.id, ids));
}

const profileColumns = getTableColumns(accessProfilesTable) as Record<string, AnyPgColumn>;

/** What these access profiles grant together (live ones only). */
async function profilesPermissions(db: Database, groupIds: number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const profiles = await db
    .select({ permissions: sql<string[]>`${profileColumns.permissions!}` })
    .from(accessProfilesTable)
    .where(and(inArray(profileColumns.id!, groupIds), isLive(accessProfilesTable)));
  return [...new Set(profiles.flatMap((profile) => profile.permissions))];
}

const isPast = (date: unknown) => date !== null && date !== undefined && new Date(date as string | Date) <= clock.now();

/** What a user's access is made of: nobody changes it on their own account. */
const ownAccessFields = [
  'groupIds',
  'serviceId',
  'followedMissions',
  'notificationTerritories',
  'confidentialityTerritories',
  'expiresAt',
  'mainPermission',
] as const;
/** The fields that make an account's data scope (spec 6): missions, the profiles opening some, territories. */
const scopeFields = ['followedMissions', 'groupIds', 'confidentialityTerritories'] as const;

/** A field's value as compared between the stored row and the values sent: ids sorted, moments in ms, nothing as null. */
function comparable(value: unknown): string | number | null {
  if (Array.isArray(value)) return [...(value as number[])].sort((a, b) => a - b).join();
  if (value instanceof Date) return value.getTime();
  if (value === undefined || value === '') return null;
  return value as string | number | null;
}
const changed = (current: Record<string, unknown>, values: Record<string, unknown>, fields: readonly string[]) =>
  fields.some((name) => comparable(current[name]) !== comparable(values[name]));

/**
 * Whether every live project the account reads, the actor reads too (spec 6's rule, `projectReadableBy`,
 * asked for both: an administrator account reads them all).
 */
async function readsNoMoreThan(db: Database, accountId: number, actorId: number): Promise<boolean> {
  const [row] = await rowsOf<{ wider: boolean }>(
    db,
    sql`select exists (
      select 1 from ${liveRows(projectsTable)} pr
      where ${projectReadableBy(sql`${accountId}`, sql`${String(accountId)}`)}
        and not ${projectReadableBy(sql`${actorId}`, sql`${String(actorId)}`)}
    ) as wider`,
  );
  return !row!.wider;
}

/** A user's live missions as the project read rule counts them: followed, or opened to one of their access profiles. */
function missionsOf(db: Database, followed: number[], groupIds: number[]) {
  return db
    .select({ id: missionColumns.id!, allProjects: sql<boolean>`${missionColumns.allProjects!}` })
    .from(missionsTable)
    .where(
      and(
        isLive(missionsTable),
        or(
          followed.length > 0 ? inArray(missionColumns.id!, followed) : undefined,
          groupIds.length > 0 ? arrayOverlaps(missionColumns.accessProfiles!, groupIds) : undefined,
          sql`false`,
        ),
      ),
    );
}

/**
 * Nobody but an administrator gives an account a data scope wider than their own, when creating it
 * or changing its missions, profiles or confidentiality territories (spec 6's read rule, in
 * `project-scope.ts`, counted on what decides it rather than on today's projects):
 * - every mission the account has (followed, or opened to one of its profiles) is one of the actor's;
 * - an account without missions reads every non-confidential project: only an actor who does too (no
 *   mission, or one opening all projects) leaves it so;
 * - an actor with confidentiality territories gives the account some, all among theirs (an actor
 *   without any is not limited there).
 */
async function checkScopeGrant(tx: Database, actor: Actor, values: Record<string, unknown>): Promise<void> {
  const [me] = await tx
    .select({
      followed: users.followedMissions,
      groupIds: users.groupIds,
      territories: users.confidentialityTerritories,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!me) throw new ApiError(401, 'errors.unauthenticated');
  const mine = await missionsOf(tx, me.followed, me.groupIds);
  const theirs = await missionsOf(tx, values.followedMissions as number[], values.groupIds as number[]);
  const mineIds = new Set(mine.map(({ id }) => Number(id)));
  if (theirs.some(({ id }) => !mineIds.has(Number(id)))) throw new ApiError(403, 'accounts.errors.missions_grant');
  if (theirs.length === 0 && mine.length > 0 && !mine.some(({ allProjects }) => allProjects)) {
    throw new ApiError(403, 'accounts.errors.no_missions_grant');
  }
  const territories = values.confidentialityTerritories as number[];
  if (
    me.territories.length > 0 &&
    (territories.length === 0 || territories.some((commune) => !me.territories.includes(commune)))
  ) {
    throw new ApiError(403, 'accounts.errors.territories_grant');
  }
}

const serviceColumns = getTableColumns(servicesTable) as Record<string, AnyPgColumn>;

/**
 * What choosing a service fills in a user's form: the missions it runs; and, when the service is
 * flagged "disable linked fields", the fields it locks to those values.
 */
async function filledByService(db: Database, service: number) {
  const [flags] = await db
    .select({ locks: serviceColumns.disableLinkedFields! })
    .from(servicesTable)
    .where(and(eq(serviceColumns.id!, service), isLive(servicesTable)));
  const followed = await db
    .select({ id: missionColumns.id! })
    .from(missionsTable)
    .where(and(isLive(missionsTable), eq(missionColumns.service!, service)));
  return {
    serviceId: service,
    followedMissions: followed.map(({ id }) => Number(id)),
    locked: flags?.locks === true ? ['followedMissions'] : [],
  };
}

export const usersHooks: ServerResource = {
  /**
   * Acting on another account (edit, password link, enable or disable, log in as, delete): an
   * administrator may; anyone else only on an account that is not an administrator's and holds no
   * permission they do not hold themselves. Otherwise a user manager could take over a stronger
   * account (change its email, then mail it a password link).
   */
  async authorizeChange(db, actor, ids, action) {
    if (actor.isAdmin) return;
    for (const account of await accountPowers(db, ids)) {
      if (account.isAdmin) {
        throw new ApiError(
          403,
          action === 'impersonate' ? 'impersonation.errors.administrator' : 'accounts.errors.administrator',
        );
      }
      if (!holdsAll(actor, account.permissions)) throw new ApiError(403, 'accounts.errors.stronger_account');
    }
  },

  /** Only an administrator makes an administrator (and only one acts on an administrator's account: authorizeChange). */
  validate(values, { actor }) {
    if (!actor.isAdmin && values.isAdmin === true) return { isAdmin: 'validation.admin_only' };
  },

  /**
   * One account per email (case ignored); nobody changes their own access (profiles, service,
   * missions, territories, expiry date, main permission), nor grants a profile giving permissions
   * they do not hold, nor (but an administrator) gives an account a data scope wider than theirs, nor
   * changes the email, where its password link goes, of an account reading projects they may not
   * read; dashboard iframes kept only when safe, and rewritten sandboxed. A new email spends the
   * pending password links, and a new email or an expiry date passed ends the account's sessions.
   */
  beforeChange: eachRecord(async (tx, { id, values }, actor) => {
    const [current] = id === null ? [] : await tx.select().from(users).where(eq(users.id, id));
    // A service that locks its linked fields sets them, whatever the form sent.
    if (typeof values.serviceId === 'number') {
      const filled = await filledByService(tx, values.serviceId);
      if (filled.locked.includes('followedMissions')) values.followedMissions = filled.followedMissions;
    }
    const groupIds = values.groupIds as number[];
    if (current && id === actor.id && changed(current, values, ownAccessFields)) {
      throw new ApiError(403, 'accounts.errors.own_access');
    }
    if (!holdsAll(actor, await profilesPermissions(tx, groupIds)))
      throw new ApiError(403, 'accounts.errors.profile_grant');
    if (!actor.isAdmin && (!current || changed(current, values, scopeFields))) await checkScopeGrant(tx, actor, values);
    const emailChanged = current && current.email.toLowerCase() !== String(values.email).toLowerCase();
    if (emailChanged && !actor.isAdmin && id !== actor.id && !(await readsNoMoreThan(tx, current.id, actor.id))) {
      throw new ApiError(403, 'accounts.errors.wider_account');
    }

    const fieldErrors: FieldErrors = {};
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, String(values.email).toLowerCase()),
          ...(id === null ? [] : [ne(users.id, id)]),
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
    if (Object.keys(fieldErrors).length > 0 || !current) return refusalOf(fieldErrors);

    if (emailChanged) await cancelPendingLinks(tx, current.id);
    if (emailChanged || isPast(current.expiresAt) || isPast(values.expiresAt)) {
      await endOtherSessions(tx, current.id, current.id === actor.id ? actor.sessionId : undefined);
    }
    return null;
  }),

  /** A disabled account's sessions end now, so that enabling it again brings none of them back. */
  async afterFlagChange(tx, ids, flag, value) {
    if (flag !== 'enabled' || value) return;
    for (const id of ids) await endOtherSessions(tx, id);
  },

  /** A deleted account's sessions end with it, those opened by logging in as someone else from it too. */
  async afterDelete(tx, ids) {
    for (const id of ids) await endOtherSessions(tx, id);
  },

  routes: [
    {
      // utilisateurs find-approximately: names and emails close to the term, accents and typos tolerated.
      name: 'api.users.find_approximately',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.users_find_approximately',
      async handle(request, { db }) {
        const term = (request.query.term ?? '').trim();
        if (term === '') return [];
        const person = sql`immutable_unaccent(lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}))`;
        const score = sql<number>`word_similarity(immutable_unaccent(lower(${term})), ${person})`;
        return db
          .select({
            value: users.id,
            label: sql<string>`${userDisplayName('users')}`,
            email: users.email,
          })
          .from(users)
          .where(and(isLive(users), sql`${score} > 0.3`))
          .orderBy(desc(score), users.id)
          .limit(APPROXIMATE_LIMIT);
      },
    },
    {
      // utilisateurs get-form-values-from-service/{service}: what choosing a service fills in the
      // form, and which of those fields it locks.
      name: 'api.users.form_values_from_service',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.users_form_values_from_service',
      handle: (request, { db }) => filledByService(db, request.params.service),
    },
  ],
  // A user created by an administrator chooses a password through a 2-hour creation link, mailed
  // once the user exists; if the mail cannot leave, the user screen's "send a password link" sends another.
  async afterCommit({ action, ids }, queue) {
    if (action !== 'create') return;
    for (const userId of ids) await queue.send('password-creation', { userId });
  },
  commands: {
    async password_link(id, { db, mailer }) {
      await sendPasswordCreationLink(db, mailer, id);
      return { key: 'success.email_sent' };
    },
    /**
     * Log in as the user: the session becomes theirs, marked with who opened it, and the login
     * history says so. Never as oneself, twice over, an external, disabled or expired user (and,
     * through authorizeChange, never as an account stronger than the caller's), nor, unless an
     * administrator, as one reading a project the caller may not read. That last check scans the
     * projects (1 to 2 s for 50 000 on the embedded database), so it is asked here, when the
     * caller logs in as, and not in authorizeChange, which every list of users asks for each row.
     */
    async impersonate(id, { db, session, actor }) {
      if (!session) throw new ApiError(400, 'impersonation.errors.no_session');
      const { request, reply } = session;
      const auth = currentAuth(request);
      if (auth.impersonator) throw new ApiError(400, 'impersonation.errors.nested');
      if (id === auth.user.id) throw new ApiError(400, 'impersonation.errors.self');
      const [target] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isLive(users)));
      if (!target) throw new ApiError(404, 'errors.pages.404.title');
      if (!target.enabled || (target.expiresAt && target.expiresAt.getTime() < clock.now().getTime())) {
        throw new ApiError(400, 'impersonation.errors.inactive');
      }
      if (target.external) throw new ApiError(400, 'impersonation.errors.external');
      if (!actor.isAdmin && !(await readsNoMoreThan(db, target.id, actor.id))) {
        throw new ApiError(403, 'impersonation.errors.wider_scope');
      }
      await recordLoginAttempt(db, request, {
        username: target.email,
        state: 'success',
        application: 'impersonation',
        userId: target.id,
        impersonatorId: auth.user.id,
      });
      await closeSession(db, reply, auth);
      await openSession(db, request, reply, target.id, { persistent: false, impersonatorId: auth.user.id });
      const name = formatPersonName(target);
      return { key: 'impersonation.started', values: { name }, location: path('admin.dashboard') };
    },
  },
};
