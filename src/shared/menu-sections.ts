/** The side menu's vocabulary, which resource declarations use: apart from the menu, which gathers them. */

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
  | 'building'
  | 'settings'
  | 'merge'
  | 'upload'
  | 'download'
  | 'mail'
  | 'palette';
