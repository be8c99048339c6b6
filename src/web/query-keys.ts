import type { ContractName } from '../shared/api/contracts';
import type { SessionArea } from './session.hook';

/**
 * Every TanStack Query key of the web, written once. The writes invalidate by prefix, so a
 * family's keys start with its `all` key: `resource.all(slug)` covers every query of that
 * resource (its lists, records, history, the project's panels), `project.all(id)` the project's
 * forms and highlights, `ticketBoard.all` the board and its version, `notifications.all` the page
 * and the bell, `duplicates.all` every page of duplicates.
 */
export const queryKeys = {
  resource: {
    all: (slug: string | undefined) => ['resource', slug] as const,
    /** A page of records: `criteria` is the collection's address with its query, or a name for a fixed page. */
    list: (slug: string, criteria: string) => ['resource', slug, 'list', criteria] as const,
    item: (slug: string, id: string | undefined) => ['resource', slug, 'item', id] as const,
    /** The records a reference field lists as its options. */
    options: (slug: string | undefined) => ['resource', slug, 'options'] as const,
    history: (slug: string, id: number, page: number, kind: string | null) =>
      ['resource', slug, 'history', id, page, kind] as const,
    merges: (slug: string, id: number) => ['resource', slug, 'merges', id] as const,
    /** A record's own route (a project's Gantt, a structure's individuals), refreshed with its resource. */
    route: (slug: string, name: ContractName, id: number) => ['resource', slug, name, id] as const,
    /** How many advice acts the SARE file of these criteria holds: refreshed with the acts. */
    sareCount: (criteria: string) => ['resource', 'commentaires-projet', 'sare-count', criteria] as const,
  },
  /**
   * The ticket modal's queries, all under `resource.all('tickets')`: a save of the ticket's form or
   * of a child refreshes every tab, its history included.
   */
  ticket: {
    record: (id: number) => ['resource', 'tickets', 'record', id] as const,
    /** Its card's information (card-infos-ajax): the project's owner, shown above the tabs. */
    card: (id: number) => ['resource', 'tickets', 'card', id] as const,
    comments: (id: number) => ['resource', 'tickets', 'comments', id] as const,
    time: (id: number) => ['resource', 'tickets', 'time', id] as const,
    children: (id: number, child: string) => ['resource', 'tickets', 'children', id, child] as const,
  },
  ticketBoard: {
    all: ['tickets'] as const,
    board: (query: string) => ['tickets', 'board', query] as const,
    version: (query: string) => ['tickets', 'board-version', query] as const,
  },
  project: {
    all: (id: number) => ['projet', id] as const,
    forms: (id: number) => ['projet', id, 'forms'] as const,
    highlights: (id: number) => ['projet', id, 'highlights'] as const,
    filterableFields: ['projet', 'filterable-fields'] as const,
    /** Who a mail from the project may go to: its people with an address, refreshed with the project. */
    mailRecipients: (id: number) => ['resource', 'projet', 'mail-recipients', id] as const,
    /** The project types a mission row offers (types-projet/ajax/par-mission), refreshed with the types. */
    typesOfMission: (mission: number) => ['resource', 'types-projet', 'by-mission', mission] as const,
  },
  mail: {
    /** A template resolved on a project (get-replaced-content), refreshed with the templates. */
    preview: (template: number | null, project: number | null) =>
      ['resource', 'template-email', 'preview', template, project] as const,
  },
  /** A suggestion route's answer, by the address asked. */
  autocomplete: (url: string) => ['autocomplete', url] as const,
  /** The header's search across everything, by the text searched. */
  search: (q: string) => ['search', q] as const,
  communesByPostalCode: (postalCode: string) => ['communes', 'postal-code', postalCode] as const,
  session: (area: SessionArea) => ['session', area] as const,
  configuration: (name: ContractName) => ['configuration', name] as const,
  accessProfiles: ['access-profiles', 'all'] as const,
  customerHome: ['customer-home'] as const,
  duplicates: {
    all: ['duplicates'] as const,
    page: (resource: string | undefined, page: number) => ['duplicates', resource, page] as const,
  },
  /** The file manager's folders: `all` refreshes every listing after an upload, a rename or a deletion. */
  fileManager: {
    all: ['file-manager'] as const,
    folder: (store: string, folder: string, sort: string, order: string) =>
      ['file-manager', store, folder, sort, order] as const,
  },
  importJobs: ['import-jobs'] as const,
  importJob: (id: number) => ['import-job', id] as const,
  importPreview: (id: number, sheet: number, header: boolean) => ['import-preview', id, sheet, header] as const,
  importTemplates: ['import-templates'] as const,
  /** Keyed by the job's run and end too, so a new run reads afresh. */
  importReport: (id: number, step: string, run: unknown, finishedAt: unknown, page: number) =>
    ['import-report', id, step, run, finishedAt, page] as const,
  notifications: {
    all: ['notifications'] as const,
    page: (archived: boolean, page: number) => ['notifications', 'page', archived, page] as const,
    header: ['notifications', 'header'] as const,
  },
  /** The dashboard: each widget's data by its id, and the user's layout. */
  dashboard: {
    widget: (id: string) => ['dashboard', 'widget', id] as const,
    layout: ['dashboard', 'layout'] as const,
  },
  passwordLink: (token: string) => ['password-link', token] as const,
  registrationState: ['registration-state'] as const,
  structureMap: (id: string) => ['structures', 'map', id] as const,
  structureInteractions: (id: number) => ['structures', 'interactions', id] as const,
};
