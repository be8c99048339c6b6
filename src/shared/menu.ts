import { can, type PermissionHolder, type ResourceAction } from './permissions';
import { duplicateResources } from './resources/contact-duplicates';
import { resources } from './resources/registry';
import { menuSections, type MenuIcon, type MenuSection } from './menu-sections';
import { path } from './routes';

export interface MenuEntry {
  section: MenuSection;
  href: string;
  /** Catalog key of the entry's label. */
  label: string;
  icon: MenuIcon;
  /** Resource slug, for the permission check; none: every logged-in user. */
  resource?: string;
  /** Instead: shown to whoever may do this action on any of these resources. */
  access?: { resources: readonly string[]; action: ResourceAction };
}

/** Pages shown right after a resource's own entry: the tickets' global board (kanban-global). */
const entriesAfter: Record<string, MenuEntry[]> = {
  tickets: [
    {
      section: 'content',
      href: path('admin.tickets.global_board'),
      label: 'resources.tickets.board.menu',
      icon: 'checklist',
      resource: 'tickets',
    },
  ],
};

export const menuEntries: MenuEntry[] = [
  { section: 'dashboard', href: path('admin.dashboard'), label: 'menu.entries.dashboard', icon: 'dashboard' },
  // A technical child list (menu.hidden) opens from its parent's page, or by its address: not from the menu.
  ...resources.flatMap((resource): MenuEntry[] => [
    ...(resource.menu.hidden
      ? []
      : [
          {
            section: resource.menu.section,
            href: path('admin.resource.list', { resource: resource.slug }),
            label: `resources.${resource.slug}.label`,
            icon: resource.menu.icon,
            resource: resource.slug,
          },
        ]),
    ...(entriesAfter[resource.slug] ?? []),
  ]),
  // Only administrators may see it: no access profile grants "configuration".
  {
    section: 'other',
    href: path('admin.configuration'),
    label: 'menu.entries.configuration',
    icon: 'settings',
    resource: 'configuration',
  },
  // The theme editor: administrators only, as the configuration.
  {
    section: 'other',
    href: path('admin.configuration.theme'),
    label: 'theme.menu',
    icon: 'palette',
    resource: 'configuration',
  },
  // Duplicate management: for whoever may modify individuals or structures.
  {
    section: 'contacts',
    href: path('admin.duplicates'),
    label: 'menu.entries.duplicates',
    icon: 'merge',
    access: { resources: duplicateResources, action: 'update' },
  },
  // The contacts import assistant (import-individus): for whoever may add individuals or structures.
  {
    section: 'contacts',
    href: path('admin.import_assistant'),
    label: 'menu.entries.import_assistant',
    icon: 'upload',
    access: { resources: ['individus', 'structures'], action: 'create' },
  },
  // The advice acts' SARE export: for whoever may export acts.
  {
    section: 'content',
    href: path('admin.sare_export'),
    label: 'menu.entries.sare_export',
    icon: 'download',
    access: { resources: ['commentaires-projet'], action: 'export' },
  },
];

/** Whether the user may see the entry: its resource's list, or the access it names. */
export function canSeeMenuEntry(user: PermissionHolder, entry: MenuEntry): boolean {
  if (entry.access) return entry.access.resources.some((resource) => can(user, resource, entry.access!.action));
  return !entry.resource || can(user, entry.resource, 'list');
}

/** The sections to show, in order, each with the entries the user may see. */
export function visibleMenu(canSee: (entry: MenuEntry) => boolean): { section: MenuSection; entries: MenuEntry[] }[] {
  return menuSections
    .map((section) => ({ section, entries: menuEntries.filter((entry) => entry.section === section && canSee(entry)) }))
    .filter(({ entries }) => entries.length > 0);
}

/**
 * The one entry to mark as the current page among those shown: the one whose address is the page's,
 * or the deepest whose address the page's continues (a resource's create, edit and show screens stay
 * under its list's entry, but the global board, /admin/tickets/kanban-global, is its own entry, not
 * the tickets' list's too). The dashboard, /admin, is current on itself only.
 */
export function currentMenuHref(pathname: string, hrefs: readonly string[]): string | undefined {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let current: string | undefined;
  for (const href of hrefs) {
    const under = href !== path('admin.dashboard') && page.startsWith(`${href}/`);
    if ((page === href || under) && (current === undefined || href.length > current.length)) current = href;
  }
  return current;
}

/** The pages outside the engine whose menu entry says who may open them. */
export type GuardedPage =
  | 'admin.configuration'
  | 'admin.duplicates'
  | 'admin.import_assistant'
  | 'admin.sare_export'
  | 'admin.configuration.theme';

/** Whether the user may open such a page (or one of its sub-pages): whoever may see its menu entry. */
export function canOpenPage(user: PermissionHolder, page: GuardedPage): boolean {
  const entry = menuEntries.find((candidate) => candidate.href === path(page));
  return entry !== undefined && canSeeMenuEntry(user, entry);
}
