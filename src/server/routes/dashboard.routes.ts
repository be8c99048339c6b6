import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  dashboardWidgets,
  mayShowWidget,
  MEDIA_ITEMS_LIMIT,
  normalizedLayout,
  PROJECTS_PER_TAB,
  USEFUL_LINKS_LIMIT,
  type DashboardWidgetId,
  type ProjectTabs,
} from '../../shared/dashboard/dashboard';
import { projectStates } from '../../shared/resources/etats-projet.resource';
import { usefulLinks } from '../../shared/resources/liens-utiles.resource';
import { projects } from '../../shared/resources/projet.resource';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import { rowsOf } from '../db/database';
import { projectsTable, users } from '../db/schema';
import { liveRows } from '../engine/record-scope';
import type { ResourceServices } from '../engine/server-resource';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { allowedIframeSource } from '../resources/accounts/utilisateurs.server';
import { latestMediaItems } from '../resources/media/veille-media.server';
import { latestInteractions } from '../resources/tickets/latest-interactions';
import { dashboardSettings, loadSettings } from '../settings/settings';

/**
 * The dashboard (spec 1): each widget's data from a route of its own, so that each loads, fails and
 * is refused on its own, and the user's layout. Every read joins the store's scoped relations: a
 * project the user may not read is in no widget.
 */
export function registerDashboardRoutes(app: FastifyInstance, { db, store }: ResourceServices): void {
  const widgetOf = (id: DashboardWidgetId) => dashboardWidgets.find((widget) => widget.id === id)!;
  // Logged in (401), then the list permission of what the widget shows (403).
  const guard = (id: DashboardWidgetId) => ({
    onRequest: [
      requireUser,
      async (request: FastifyRequest) => {
        if (!mayShowWidget(currentAuth(request).user, widgetOf(id))) throw new ApiError(403, 'errors.forbidden');
      },
    ],
  });
  const actorIn = (request: FastifyRequest) => actorOf(currentAuth(request));

  declareRoute(app, {
    name: 'api.ticket_transitions.latest',
    method: 'GET',
    options: guard('dernieres-interactions'),
    document: (tools) =>
      tools.operation('account', 'dashboard_latest_interactions', { access: 'read', errors: [401, 403] }),
    handler: async (request) => ({ items: await latestInteractions({ db, store }, actorIn(request), { mine: true }) }),
  });

  declareRoute(app, {
    name: 'api.dashboard.useful_links',
    method: 'GET',
    options: guard('liens-utiles'),
    document: (tools) => tools.operation('account', 'dashboard_useful_links', { access: 'read', errors: [401, 403] }),
    handler: async (request) => ({
      items: await rowsOf<{ id: number; name: string; url: string }>(
        db,
        sql`select l.id, l.name, l.url from ${store.scoped(usefulLinks.slug, actorIn(request))} l
          order by l.name, l.id limit ${USEFUL_LINKS_LIMIT}`,
      ),
    }),
  });

  declareRoute(app, {
    name: 'api.dashboard.media_watch',
    method: 'GET',
    options: guard('veille-media'),
    document: (tools) => tools.operation('account', 'dashboard_media_watch', { access: 'read', errors: [401, 403] }),
    handler: async (request) => ({ items: await latestMediaItems({ db, store }, actorIn(request), MEDIA_ITEMS_LIMIT) }),
  });

  declareRoute(app, {
    name: 'api.dashboard.projects',
    method: 'GET',
    options: guard('projets'),
    document: (tools) => tools.operation('account', 'dashboard_projects', { access: 'read', errors: [401, 403] }),
    handler: async (request) => ({ tabs: await projectTabs({ db, store }, actorIn(request)) }),
  });

  declareRoute(app, {
    name: 'api.dashboard.iframes',
    method: 'GET',
    options: guard('iframes'),
    document: (tools) => tools.operation('account', 'dashboard_iframes', { access: 'read', errors: [401, 403] }),
    handler: async (request) => {
      const [[user], { allowedIframeHosts }] = await Promise.all([
        db
          .select({ iframes: users.dashboardIframes })
          .from(users)
          .where(eq(users.id, actorIn(request).id)),
        loadSettings(db, dashboardSettings),
      ]);
      // Checked again as shown: a site taken off the allowed list since the tab was saved shows nothing.
      return {
        tabs: (user?.iframes ?? []).map(({ tabTitle, iframeCode }) => ({
          title: tabTitle,
          src: allowedIframeSource(iframeCode, allowedIframeHosts),
        })),
      };
    },
  });

  declareRoute(app, {
    name: 'api.dashboard.layout',
    method: 'GET',
    options: { onRequest: requireUser },
    document: (tools) => tools.operation('account', 'dashboard_layout_show', { access: 'read', errors: [401] }),
    handler: async (request) => {
      const [user] = await db
        .select({ preferences: users.preferences })
        .from(users)
        .where(eq(users.id, currentAuth(request).user.id));
      return normalizedLayout(user?.preferences.dashboard);
    },
  });

  declareRoute(app, {
    name: 'api.dashboard.layout',
    method: 'PUT',
    options: { onRequest: requireUser },
    document: (tools) =>
      tools.operation('account', 'dashboard_layout_update', { access: 'write', errors: [400, 401, 403] }),
    handler: async (request) => {
      const layout = { order: request.body.order, hidden: request.body.hidden };
      await db
        .update(users)
        .set({ preferences: sql`${users.preferences} || ${JSON.stringify({ dashboard: layout })}::jsonb` })
        .where(eq(users.id, currentAuth(request).user.id));
      return layout;
    },
  });
}

type Reads = Pick<ResourceServices, 'db' | 'store'>;

/**
 * Whether the actor may read the project `alias`.id, asked row by row: the LIMIT keeps the planner
 * from first listing every project the actor may read (seconds for 50 000), where the widgets look
 * at a few dozen.
 */
const readable = ({ store }: Reads, actor: Actor, alias: string) =>
  sql`cross join lateral (select 1 from ${store.scoped(projects.slug, actor)} v where v.id = ${sql.raw(alias)}.id limit 1) as seen`;

/** Past this many projects in a state, a tab says "more than" rather than count them all (each is a read-scope check). */
export const PROJECTS_COUNT_CAP = 100;

/**
 * One tab per project state displayed on the dashboard: the readable projects flagged to show on
 * it, counted up to PROJECTS_COUNT_CAP, and the first ones by name.
 */
export async function projectTabs(reads: Reads, actor: Actor): Promise<ProjectTabs['tabs']> {
  const shownIn = sql`from ${liveRows(projectsTable)} p ${readable(reads, actor, 'p')}
    where p.state = s.id and p.show_on_dashboard`;
  const rows = await rowsOf<{
    state_id: number;
    state_name: string;
    total: number;
    id: number | null;
    name: string | null;
    reference: string | null;
    last_intervention_date: string | null;
  }>(
    reads.db,
    sql`select s.id as state_id, s.name as state_name, c.total, l.id, l.name, l.reference, l.last_intervention_date
      from ${reads.store.scoped(projectStates.slug, actor)} s
      cross join lateral (select count(*) as total from (select 1 ${shownIn} limit ${PROJECTS_COUNT_CAP + 1}) x) c
      left join lateral (
        select p.id, p.name, p.reference, to_char(p.last_intervention_date, 'YYYY-MM-DD') as last_intervention_date,
          immutable_unaccent(lower(p.name)) as sort_key
        ${shownIn}
        order by immutable_unaccent(lower(p.name)), p.id limit ${PROJECTS_PER_TAB}) l on true
      where s.displayed_on_dashboard
      order by s.id, l.sort_key, l.id`,
  );
  const tabs = new Map<number, ProjectTabs['tabs'][number]>();
  for (const row of rows) {
    const stateId = Number(row.state_id);
    const total = Number(row.total);
    const tab = tabs.get(stateId) ?? {
      state: { id: stateId, name: row.state_name },
      count: Math.min(total, PROJECTS_COUNT_CAP),
      more: total > PROJECTS_COUNT_CAP,
      projects: [],
    };
    tabs.set(stateId, tab);
    if (row.id === null) continue;
    tab.projects.push({
      id: Number(row.id),
      name: row.name ?? '',
      reference: row.reference ?? '',
      lastInterventionDate: row.last_intervention_date,
    });
  }
  return [...tabs.values()];
}
