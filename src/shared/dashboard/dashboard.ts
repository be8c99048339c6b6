import { z } from 'zod';
import { mediaWatchSummarySchema } from '../resources/veille-media.resource';
import type { PermissionHolder } from '../permissions';
import { can } from '../permissions';
import type { RouteName } from '../routes';

/**
 * The dashboard's widgets (spec 1), declared once: the screen draws them in the user's order, each
 * loading from its own route, and the server answers each route for whoever may see the widget.
 * `resource` is the resource whose list permission the widget needs (none: every user's own).
 */
export const dashboardWidgets = [
  {
    id: 'dernieres-interactions',
    label: 'dashboard.widgets.latest_interactions',
    route: 'api.ticket_transitions.latest',
    resource: 'projet',
  },
  {
    id: 'liens-utiles',
    label: 'dashboard.widgets.useful_links',
    route: 'api.dashboard.useful_links',
    resource: 'liens-utiles',
  },
  {
    id: 'veille-media',
    label: 'dashboard.widgets.media_watch',
    route: 'api.dashboard.media_watch',
    resource: 'veille-media',
  },
  { id: 'projets', label: 'dashboard.widgets.projects', route: 'api.dashboard.projects', resource: 'projet' },
  { id: 'iframes', label: 'dashboard.widgets.iframes', route: 'api.dashboard.iframes', resource: null },
] as const satisfies readonly { id: string; label: string; route: RouteName; resource: string | null }[];

export type DashboardWidget = (typeof dashboardWidgets)[number];
export type DashboardWidgetId = DashboardWidget['id'];
export const dashboardWidgetIds = dashboardWidgets.map(({ id }) => id) as [DashboardWidgetId, ...DashboardWidgetId[]];

/** Whether the user may see a widget: the list permission of the resource it shows. */
export const mayShowWidget = (user: PermissionHolder, widget: DashboardWidget): boolean =>
  widget.resource === null || can(user, widget.resource, 'list');

const layoutError = 'dashboard.errors.invalid_layout';
const widgetId = z.enum(dashboardWidgetIds, layoutError);

/**
 * A user's arrangement of the dashboard, kept in their preferences: every widget once in `order`,
 * and those they hid (still in `order`, so showing one again puts it back in its place).
 */
export const dashboardLayoutSchema = z.object({
  order: z
    .array(widgetId, layoutError)
    .refine((order) => order.length === dashboardWidgetIds.length && new Set(order).size === order.length, layoutError),
  hidden: z.array(widgetId, layoutError).refine((hidden) => new Set(hidden).size === hidden.length, layoutError),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

/**
 * The layout as the screen uses it: the stored one's known widgets in their order, then any widget
 * declared since (a new widget shows up for everyone), hidden ones kept hidden.
 */
export function normalizedLayout(stored: Partial<DashboardLayout> | undefined): DashboardLayout {
  const known = (id: unknown): id is DashboardWidgetId => dashboardWidgetIds.includes(id as DashboardWidgetId);
  const order = [...new Set((stored?.order ?? []).filter(known))];
  for (const id of dashboardWidgetIds) if (!order.includes(id)) order.push(id);
  return { order, hidden: [...new Set((stored?.hidden ?? []).filter(known))] };
}

/** How many rows a list widget shows at most. */
export const INTERACTIONS_LIMIT = 10;
export const PROJECTS_PER_TAB = 10;
export const USEFUL_LINKS_LIMIT = 50;
export const MEDIA_ITEMS_LIMIT = 10;

const isoDate = z.string();
const named = z.object({ id: z.number(), name: z.string() });

/** What happened lately on the user's projects: a ticket moved or commented, an advice act, a mail. */
export const interactionKinds = ['transition', 'ticket_comment', 'advice_act', 'mail'] as const;
export const interactionSchema = z.object({
  kind: z.enum(interactionKinds),
  id: z.number(),
  /** When it happened (ISO 8601, UTC). */
  date: isoDate,
  project: named,
  /** The ticket moved or commented; null for an advice act or a mail. */
  ticket: named.nullable(),
  /** A transition's steps; null otherwise (or for a status change without a move). */
  fromStep: z.string().nullable(),
  toStep: z.string().nullable(),
  /** The comment, the act's subject or the mail's subject. */
  text: z.string(),
  author: z.string().nullable(),
});
export type Interaction = z.infer<typeof interactionSchema>;
export const interactionsReplySchema = z.object({ items: z.array(interactionSchema) });

export const usefulLinksReplySchema = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), url: z.string() })),
});

/** The latest press items (veille-media), newest first. */
export const mediaWatchReplySchema = z.object({ items: z.array(mediaWatchSummarySchema) });

/** One tab per project state displayed on the dashboard: how many projects shown there, and the first ones. */
export const projectTabsReplySchema = z.object({
  tabs: z.array(
    z.object({
      state: named,
      /** How many, up to a cap: `more` says there are more than `count`. */
      count: z.number(),
      more: z.boolean(),
      projects: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          reference: z.string(),
          lastInterventionDate: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type ProjectTabs = z.infer<typeof projectTabsReplySchema>;

/** The user's own iframe tabs; `src` null when its site is no longer among the allowed ones. */
export const iframeTabsReplySchema = z.object({
  tabs: z.array(z.object({ title: z.string(), src: z.string().nullable() })),
});
