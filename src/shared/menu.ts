import type { ParamlessRouteName } from './routes';

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

export interface MenuEntry {
  section: MenuSection;
  route: ParamlessRouteName;
  /** Catalog key of the entry's label. */
  label: string;
  /** Icon name, drawn by the web app. */
  icon: 'dashboard';
  /** Permission needed to see the entry; none: every logged-in user. */
  permission?: string;
}

export const menuEntries: MenuEntry[] = [
  { section: 'dashboard', route: 'admin.dashboard', label: 'menu.entries.dashboard', icon: 'dashboard' },
];

/** The sections to show, in order, each with the entries the user may see. */
export function visibleMenu(canSee: (entry: MenuEntry) => boolean): { section: MenuSection; entries: MenuEntry[] }[] {
  return menuSections
    .map((section) => ({ section, entries: menuEntries.filter((entry) => entry.section === section && canSee(entry)) }))
    .filter(({ entries }) => entries.length > 0);
}
