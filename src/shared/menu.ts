import { resources } from './resources/registry';
import { path } from './routes';

/** The side menu's sections, in the spec's order. A section shows only when it has an entry the user may see. */
export const menuSections = [
  'dashboard',
  'accounting',
  'catalogue',
  'contacts',
  'content',
  'deliveries',
  'returns',
  'edi',
  'logs',
  'other',
] as const;
export type MenuSection = (typeof menuSections)[number];

/** Icon names, drawn by the web app. */
export type MenuIcon =
  | 'dashboard'
  | 'link'
  | 'calendar'
  | 'checklist'
  | 'tags'
  | 'flag'
  | 'file'
  | 'list'
  | 'template'
  | 'map'
  | 'history'
  | 'users'
  | 'building';

export interface MenuEntry {
  section: MenuSection;
  href: string;
  /** Catalog key of the entry's label. */
  label: string;
  icon: MenuIcon;
  /** Resource slug, for the permission check; none: every logged-in user. */
  resource?: string;
}

export const menuEntries: MenuEntry[] = [
  { section: 'dashboard', href: path('admin.dashboard'), label: 'menu.entries.dashboard', icon: 'dashboard' },
  ...resources.map((resource) => ({
    section: resource.menu.section,
    href: path('admin.resource.list', { resource: resource.slug }),
    label: `resources.${resource.slug}.label`,
    icon: resource.menu.icon,
    resource: resource.slug,
  })),
];

/** The sections to show, in order, each with the entries the user may see. */
export function visibleMenu(canSee: (entry: MenuEntry) => boolean): { section: MenuSection; entries: MenuEntry[] }[] {
  return menuSections
    .map((section) => ({ section, entries: menuEntries.filter((entry) => entry.section === section && canSee(entry)) }))
    .filter(({ entries }) => entries.length > 0);
}
