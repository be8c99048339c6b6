import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  dashboardWidgets,
  INTERACTIONS_LIMIT,
  mayShowWidget,
  normalizedLayout,
  PROJECTS_PER_TAB,
  USEFUL_LINKS_LIMIT,
  type DashboardWidgetId,
  type Interaction,
  type ProjectTabs,
} from '../../shared/dashboard/dashboard';
import { can } from '../../shared/permissions';
import { projectComments } from '../../shared/resources/commentaires-projet.resource';
import { projectStates } from '../../shared/resources/etats-projet.resource';
import { usefulLinks } from '../../shared/resources/liens-utiles.resource';
import { projects } from '../../shared/resources/projet.resource';
import { ticketComments } from '../../shared/resources/tickets-commentaires.resource';
import { ticketTransitions } from '../../shared/resources/tickets-transitions.resource';
import { tickets } from '../../shared/resources/tickets.resource';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import { rowsOf } from '../db/database';
import { userDisplayName, users } from '../db/schema';
import type { ResourceServices } from '../engine/server-resource';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { allowedIframeSource } from '../resources/accounts/utilisateurs.server';
import { dashboardSettings, loadSettings } from '../settings/settings';

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

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
    handler: async (request) => ({ items: await latestInteractions(actorIn(request)) }),
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
    // The latest press items come from the media watch resource (veille-media), which fills this
    // list through its scoped rows (MEDIA_ITEMS_LIMIT, newest first); until it is there, none.
    handler: async () => ({ items: [] }),
  });

  declareRoute(app, {
    name: 'api.dashboard.projects',
    method: 'GET',
    options: guard('projets'),
    document: (tools) => tools.operation('account', 'dashboard_projects', { access: 'read', errors: [401, 403] }),
    handler: async (request) => ({ tabs: await projectTabs(actorIn(request)) }),
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

  /**
   * The user's projects (spec 1: "my projects and my missions"): those they are a referent or a
   * mission's officer of, and those of the missions they follow; among those they may read.
   */
  const myProjects = (actor: Actor) => sql`(select p.id, p.name from ${store.scoped(projects.slug, actor)} p
    where ${actor.id}::integer = any(p.referents)
      or p.mission_ids && (select u.followed_missions from users u where u.id = ${actor.id})
      or exists (select 1 from jsonb_array_elements(p.missions) r where r ->> 'officer' = ${String(actor.id)}))`;

  /**
   * The latest interactions on the user's projects, newest first: ticket moves and comments, advice
   * acts, mails written from the project; each kind only for whoever may list it.
   */
  async function latestInteractions(actor: Actor): Promise<Interaction[]> {
    const may = (slug: string) => can(actor, slug, 'list');
    const ticketsRead = may(tickets.slug);
    const author = (alias: string) => userDisplayName(alias);
    const branches: SQL[] = [];
    const mine = myProjects(actor);
    if (ticketsRead && may(ticketTransitions.slug)) {
      branches.push(sql`(select 'transition' as kind, r.id, r.created_at as at, p.id as project_id, p.name as project_name,
          t.id as ticket_id, t.name as ticket_name, f.name as from_step, s.name as to_step, r.comment as text,
          ${author('u')} as author
        from ${store.scoped(ticketTransitions.slug, actor)} r
        join ${store.scoped(tickets.slug, actor)} t on t.id = r.ticket
        join ${mine} p on p.id = t.project
        left join steps f on f.id = r.from_step
        left join steps s on s.id = r.to_step
        left join users u on u.id = r.created_by
        order by r.created_at desc, r.id desc limit ${INTERACTIONS_LIMIT})`);
    }
    if (ticketsRead && may(ticketComments.slug)) {
      branches.push(sql`(select 'ticket_comment', c.id, c.created_at, p.id, p.name, t.id, t.name, null, null, c.comment,
          ${author('u')}
        from ${store.scoped(ticketComments.slug, actor)} c
        join ${store.scoped(tickets.slug, actor)} t on t.id = c.ticket
        join ${mine} p on p.id = t.project
        left join users u on u.id = c.created_by
        order by c.created_at desc, c.id desc limit ${INTERACTIONS_LIMIT})`);
    }
    if (may(projectComments.slug)) {
      branches.push(sql`(select 'advice_act', a.id, a.created_at, p.id, p.name, null, null, null, null, a.subject,
          ${author('u')}
        from ${store.scoped(projectComments.slug, actor)} a
        join ${mine} p on p.id = a.project
        left join users u on u.id = coalesce(a.adviser, a.created_by)
        order by a.created_at desc, a.id desc limit ${INTERACTIONS_LIMIT})`);
    }
    // A project's mails are read by whoever may see the project (its "Mails envoyés" panel).
    if (can(actor, projects.slug, 'show')) {
      branches.push(sql`(select 'mail', m.id, coalesce(m.sent_at, m.date), p.id, p.name, null, null, null, null, m.subject,
          ${author('u')}
        from email_log m
        join ${mine} p on p.id = m.project_id
        left join users u on u.id = m.created_by
        where m.status in ('sent', 'recorded')
        order by coalesce(m.sent_at, m.date) desc, m.id desc limit ${INTERACTIONS_LIMIT})`);
    }
    if (branches.length === 0) return [];
    const rows = await rowsOf<{
      kind: Interaction['kind'];
      id: number;
      at: string;
      project_id: number;
      project_name: string;
      ticket_id: number | null;
      ticket_name: string | null;
      from_step: string | null;
      to_step: string | null;
      text: string;
      author: string | null;
    }>(
      db,
      sql`select kind, id, ${isoTime(sql`at`)} as at, project_id, project_name, ticket_id, ticket_name, from_step, to_step,
          text, author
        from (${sql.join(branches, sql` union all `)}) x
        order by x.at desc, x.kind, x.id desc limit ${INTERACTIONS_LIMIT}`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      id: Number(row.id),
      date: row.at,
      project: { id: Number(row.project_id), name: row.project_name },
      ticket: row.ticket_id === null ? null : { id: Number(row.ticket_id), name: row.ticket_name ?? '' },
      fromStep: row.from_step,
      toStep: row.to_step,
      text: row.text,
      author: row.author,
    }));
  }

  /**
   * One tab per project state displayed on the dashboard: the readable projects flagged to show on
   * it, counted, and the first ones by name.
   */
  async function projectTabs(actor: Actor): Promise<ProjectTabs['tabs']> {
    const rows = await rowsOf<{
      state_id: number;
      state_name: string;
      total: number | null;
      id: number | null;
      name: string | null;
      reference: string | null;
      last_intervention_date: string | null;
    }>(
      db,
      sql`with states as (
          select s.id, s.name from ${store.scoped(projectStates.slug, actor)} s where s.displayed_on_dashboard
        ), shown as (
          select p.id, p.name, p.reference, p.state, to_char(p.last_intervention_date, 'YYYY-MM-DD') as last_intervention_date,
            row_number() over (partition by p.state order by p.name, p.id) as n,
            count(*) over (partition by p.state) as total
          from ${store.scoped(projects.slug, actor)} p
          where p.show_on_dashboard and p.state in (select id from states)
        )
        select s.id as state_id, s.name as state_name, shown.total, shown.id, shown.name, shown.reference,
          shown.last_intervention_date
        from states s left join shown on shown.state = s.id and shown.n <= ${PROJECTS_PER_TAB}
        order by s.id, shown.n`,
    );
    const tabs = new Map<number, ProjectTabs['tabs'][number]>();
    for (const row of rows) {
      const stateId = Number(row.state_id);
      const tab = tabs.get(stateId) ?? { state: { id: stateId, name: row.state_name }, count: 0, projects: [] };
      tabs.set(stateId, tab);
      if (row.id === null) continue;
      tab.count = Number(row.total);
      tab.projects.push({
        id: Number(row.id),
        name: row.name ?? '',
        reference: row.reference ?? '',
        lastInterventionDate: row.last_intervention_date,
      });
    }
    return [...tabs.values()];
  }
}
