/**
 * The named route table shared by the server and the web app. Every link and API call is built
 * from a route name, so a path is written once. Page routes ("admin.*", "client.*") are the client
 * routes of the single-page app: the server answers them with the app shell, and 404 for any path
 * that matches neither a page nor a server route.
 */

export const routeTable = {
  // Back-office pages
  'admin.dashboard': '/admin',
  'admin.login': '/admin/connexion',
  'admin.forgot_password': '/admin/mot-de-passe-oublie',
  'admin.register': '/admin/inscription',
  'admin.reset_password': '/admin/reinitialisation/{token}',
  'admin.configuration': '/admin/configuration',

  // Customer area of external users
  'client.login': '/espace-client/connexion',
  'client.home': '/espace-client',

  // Generic resource screens (spec 2.3), {resource} being a resource slug
  'admin.resource.list': '/admin/{resource}',
  'admin.resource.create': '/admin/{resource}/ajouter',
  'admin.resource.edit': '/admin/{resource}/editer/{id}',
  'admin.resource.show': '/admin/{resource}/voir/{id}',
  'admin.resource.clone': '/admin/{resource}/dupliquer/{id}',
  'admin.resource.sort': '/admin/{resource}/organiser',
  // The contacts import assistant: a new import, and a job's page (spec 2.3: import-individus)
  'admin.import_assistant': '/admin/import-individus',
  'admin.import_assistant.job': '/admin/import-individus/{id}',
  'admin.structures.map': '/admin/structures/google-map/{id}',
  // A project's page: header, overview and one tab per panel (spec 2.3: projet/voir-ou-editer/{id}).
  'admin.projects.page': '/admin/projet/voir-ou-editer/{id}',
  // Duplicate management of the contacts: the pairs found, and the merge of one ({resource}: individus or structures)
  'admin.duplicates': '/admin/doublons',
  'admin.duplicates.merge': '/admin/doublons/{resource}/fusionner/{id}/{other}',
  // The advice acts' export in ADEME's SARE format: its filter form
  'admin.sare_export': '/admin/commentaires-projet/export-sare',
  // The tickets' boards (spec 2.3): a project's kanban, every project's kanban.
  'admin.tickets.board': '/admin/tickets/kanban/{projet}',
  'admin.tickets.global_board': '/admin/tickets/kanban-global',
  // The notifications screen's archived ones (the list itself is the resource's).
  'admin.notifications.archived': '/admin/notifications/archives',
  // The file manager pop-up (spec 1, 9): a page of its own, shown in a framed window of 880 by 570.
  'admin.file_manager': '/admin/gestionnaire-fichiers',

  // JSON API
  'api.health': '/api/health',
  'api.session': '/api/session',
  'api.login': '/api/connexion',
  'api.logout': '/api/deconnexion',
  'api.password_reset.request': '/api/mot-de-passe-oublie',
  'api.password_reset.link': '/api/reinitialisation/{token}',
  'api.registration': '/api/inscription',
  'api.registration.state': '/api/inscription/etat',
  'api.configuration.registration': '/api/configuration/inscription',
  'api.configuration.external_services': '/api/configuration/services-externes',
  'api.configuration.tickets': '/api/configuration/tickets',
  'api.configuration.mail': '/api/configuration/emails',
  'api.users.password_link': '/api/utilisateurs/{id}/lien-mot-de-passe',
  'api.users.impersonate': '/api/utilisateurs/{id}/se-connecter-en-tant-que',
  'api.impersonation.end': '/api/connexion-en-tant-que/fin',
  'api.customer.login': '/api/espace-client/connexion',
  'api.customer.logout': '/api/espace-client/deconnexion',
  'api.customer.session': '/api/espace-client/session',
  'api.customer.home': '/api/espace-client/accueil',
  'api.configuration.dashboard': '/api/configuration/tableau-de-bord',
  'api.users.find_approximately': '/api/utilisateurs/find-approximately',
  'api.users.form_values_from_service': '/api/utilisateurs/get-form-values-from-service/{service}',
  'api.toggle_content': '/api/toggle-content',
  'api.profile': '/api/mon-profil',
  'api.locale': '/api/langue',
  'api.openapi': '/api/openapi.json',
  'api.docs': '/api/docs',
  'api.resource.collection': '/api/{resource}',
  'api.resource.item': '/api/{resource}/{id}',
  'api.resource.delete': '/api/{resource}/supprimer/{id}',
  'api.resource.batch': '/api/{resource}/actions-groupes',
  'api.resource.reorder': '/api/{resource}/reorganiser',
  'api.resource.export': '/api/{resource}/export',
  'api.resource.import_analyse': '/api/{resource}/import/analyse',
  'api.resource.import': '/api/{resource}/import',
  'api.resource.publish': '/api/{resource}/publication/{id}',
  'api.resource.autocomplete': '/api/{resource}/autocomplete',
  'api.communes.by_postal_code': '/api/communes/ajax/code-postal',
  'api.resource.modal_create': '/api/{resource}/modal/ajouter',
  'api.resource.modal_edit': '/api/{resource}/modal/editer/{id}',
  'api.resource.history': '/api/{resource}/historique/{id}',
  'api.resource.children': '/api/{resource}/{id}/{child}',
  'api.resource.child': '/api/{resource}/{id}/{child}/{childId}',
  'api.resource.child_delete': '/api/{resource}/{id}/{child}/supprimer/{childId}',
  'api.form_fields.all': '/api/champs-de-formulaire/all-ajax',
  'api.form_fields.one': '/api/champs-de-formulaire/one-ajax/{id}',
  'api.forms.autocompleter': '/api/formulaires/ajax-autocompleter/{id}',
  'api.project_types.by_mission': '/api/types-projet/ajax/par-mission/{mission}',
  'api.structures.find': '/api/structures/find-ajax',
  'api.structures.load': '/api/structures/load-ajax/{id}',
  'api.structures.individuals': '/api/structures/get-individus-ajax/{id}',
  'api.structures.rge_import': '/api/structures/rge-import/{id}',
  'api.structures.qualifications': '/api/structure-qualification/index/{structure}',
  'api.structures.naf_codes': '/api/structures/codes-naf',
  'api.structures.map': '/api/structures/google-map/{id}',
  'api.structures.parents': '/api/structures/get-parents-ajax',
  'api.structures.territories': '/api/structures/territoires-rattachement/{id}',
  'api.structures.project_json': '/api/structures/projet/json/{id}',
  // maj-commune of individuals and structures: {resource} is individus or structures.
  'api.commune_update': '/api/{resource}/maj-commune/{id}',
  // Probable duplicates of individus and structures: the last scan's pairs, a new scan, merge, dismissal, merges into a record.
  'api.duplicates.list': '/api/{resource}/doublons',
  'api.duplicates.scan': '/api/{resource}/doublons/analyse',
  'api.duplicates.merge': '/api/{resource}/doublons/fusion',
  'api.duplicates.dismiss': '/api/{resource}/doublons/ignorer',
  'api.duplicates.history': '/api/{resource}/historique-fusions/{id}',
  'api.resource.ajax_create': '/api/{resource}/ajax/ajouter',
  // A project's state (spec 4: projet/change-etat/{id}/{etat}).
  'api.projects.change_state': '/api/projet/change-etat/{id}/{etat}',
  // The selected projects put in one state, all or none (the project list's batch action).
  'api.projects.batch_state': '/api/projet/actions-groupes/change-etat/{etat}',
  // A copy of a project (dupliquer/{id}), with its co-owners, partners and characteristics.
  'api.projects.clone': '/api/projet/dupliquer/{id}',
  // A project's advice acts (projet/commentaires/{id}).
  'api.projects.comments': '/api/projet/commentaires/{id}',
  // An advice act edited or deleted at the spec's paths (edit and delete comment, ajax), as under its project.
  'api.projects.edit_comment': '/api/projet/edit-commentaire-ajax/{id}',
  'api.projects.delete_comment': '/api/projet/delete-commentaire-ajax/{id}',
  // A project's dynamic forms (issue 13): all of them, one of them, a form's progress, the header's highlights.
  'api.projects.forms': '/api/projet/forms/{projet}',
  'api.projects.characteristics': '/api/projet/caracteristiques/{projet}/{form}',
  'api.projects.characteristic_values': '/api/projet/caracteristiques/valeurs/{id}',
  'api.projects.form_progress': '/api/projet/avancement-projet/{id}/{form}',
  'api.projects.header_characteristics': '/api/projet/header-caracteristique/{id}',
  // The characteristics the project list can filter on.
  'api.projects.filterable_fields': '/api/projet/champs-filtrables',
  // The project page's routes (spec 2.3), each within the projects' read scope.
  'api.projects.overview': '/api/projet/load-apercu/{id}',
  'api.projects.followed_by_owner': '/api/projet/suivis-par-individu/{individu}/{structure}',
  'api.projects.of_structure': '/api/projet/structure/{id}',
  'api.projects.structures_json': '/api/projet/structures/json/{ids}',
  'api.projects.owner_json': '/api/projet/porteur/structure/json/{id}',
  'api.projects.owner_other_projects': '/api/projet/autre-projet-porteur/{id}',
  'api.projects.dashboard': '/api/projet/dashboard/ajax/{id}',
  'api.projects.variables': '/api/projet/variable/{id}',
  'api.projects.export_selection': '/api/projet/export-projet-selection',
  'api.projects.export_multiple': '/api/projet/export-multiple',
  // Documents from template files (docs/documents.md): one project's (GET: the template files it may
  // use), a selection's ZIP (POST export-multiple), its background job and its file, one mailed.
  'api.projects.document_export': '/api/projet/export/{id}',
  'api.projects.documents_job': '/api/projet/export-multiple/suivi/{job}',
  'api.projects.documents_job_file': '/api/projet/export-multiple/telechargement/{job}',
  'api.projects.email_export': '/api/projet/email-export/{id}',
  // The variables a template file may use, each with an example.
  'api.template_files.variables': '/api/fichier-type/variables',
  'api.projects.sent_emails': '/api/projet/emails-envoyes/{projet}',
  'api.projects.scheduled_emails': '/api/projet/emails-programmes/{projet}',
  'api.projects.cancel_email': '/api/projet/emails-programmes/{projet}/annuler/{email}',
  'api.projects.reschedule_email': '/api/projet/emails-programmes/{projet}/reprogrammer/{email}',
  'api.projects.replaced_content': '/api/projet/get-replaced-content',
  'api.projects.send_email': '/api/projet/envoyer-email/{projet}',
  // The people of a project a mail may go to (the send form's recipients), in one request.
  'api.projects.mail_recipients': '/api/projet/destinataires-email/{projet}',
  'api.projects.mailing_send': '/api/projet/publipostage/envoyer',
  // The user's signature and a meeting invitation (iCalendar), for the mail being written.
  'api.projects.signature': '/api/projet/get-signature',
  'api.projects.invitation': '/api/projet/get-invitation',
  // A mailing's recipients with their values, as a file for a mail merge elsewhere (GET, and the list's ajax POST).
  'api.projects.mailing_export': '/api/projet/export-publipostage',
  'api.projects.mailing_export_ajax': '/api/projet/publipostage/export',
  // The advice acts in ADEME's SARE file (public-agency format), how many acts it holds, one act's.
  'api.project_comments.sare_export': '/api/commentaires-projet/export-sare',
  'api.project_comments.sare_count': '/api/commentaires-projet/export-sare/nombre',
  'api.project_comments.sare_export_act': '/api/commentaires-projet/export-sare/{id}',
  // The tickets' board (spec 2.3): its cards (global, or ?projet=), whether it changed, a card, moves,
  // transitions with their characteristics, saved positions, a status change with its comment.
  'api.tickets.board': '/api/tickets/ajax/tickets',
  'api.tickets.board_version': '/api/tickets/ajax/tickets/version',
  'api.tickets.card': '/api/tickets/card-infos-ajax/{id}',
  'api.tickets.move': '/api/tickets/move-ajax',
  'api.tickets.load_transition': '/api/tickets/load-transition-ajax',
  'api.tickets.add_transition': '/api/tickets/add-transition-ajax',
  'api.tickets.edit_transition': '/api/tickets/edit-transition-ajax/{id}',
  'api.tickets.save_positions': '/api/tickets/sauvegarder-positions',
  'api.tickets.change_status': '/api/tickets/changer-statut/{id}',
  'api.tickets.delete_ajax': '/api/tickets/supprimer/ajax/{id}',
  'api.tickets.clone_ajax': '/api/tickets/clone/ajax/{id}',
  'api.tickets.comments': '/api/tickets/commentaires/{id}',
  'api.tickets.edit_comment': '/api/tickets/edit-commentaire-ajax/{id}',
  'api.tickets.time_totals': '/api/tickets/temps/{id}',
  'api.sub_tasks.toggle_done': '/api/tickets-sous-taches/toggle-fait/{id}',
  'api.ticket_transitions.latest_for_structure': '/api/tickets-transitions/dernieres-interactions/{structure}',
  'api.ticket_transitions.project_history': '/api/tickets-transitions/historique-projet/{projet}',
  // The dashboard (spec 1): each widget's data from its own route, and the user's arrangement of them.
  'api.ticket_transitions.latest': '/api/tickets-transitions/dernieres-interactions',
  'api.dashboard.useful_links': '/api/dashboard/ajax/liens-utiles',
  'api.dashboard.media_watch': '/api/dashboard/ajax/veille-media',
  'api.dashboard.projects': '/api/dashboard/ajax/projets',
  'api.dashboard.iframes': '/api/dashboard/ajax/iframes',
  'api.dashboard.layout': '/api/dashboard/disposition',
  // The header's search across everything (docs/search.md).
  'api.search': '/api/recherche',
  // A task template's tickets created on a project.
  'api.task_templates.apply': '/api/template-tache/appliquer/{id}/{projet}',
  // A project's gantt (its tickets as bars) and its time report (spec 2.1's time reporting).
  'api.projects.gantt': '/api/projet/gantt/{projet}',
  'api.projects.time_report': '/api/projet/temps/{projet}',
  // A project's meetings ahead, which its history lists when their type says so.
  'api.projects.upcoming_meetings': '/api/projet/reunions-a-venir/{projet}',
  // Notifications (spec 2.3): marked as seen, the header's unread count and latest ones.
  'api.notifications.mark_seen': '/api/notifications/mark-as-vu',
  'api.notifications.header_unread': '/api/notifications/header-unread-notifications',
  // The notifications screen: a page of the caller's own, to process or archived, and its batch actions.
  'api.notifications.page': '/api/notifications/liste',
  'api.notifications.archive': '/api/notifications/archiver',
  'api.notifications.unarchive': '/api/notifications/desarchiver',
  'api.project_themes.is_attached': '/api/thematiques-projet/is-rattache/{id}',
  // Media monitoring (spec 2.3: veille-media): the latest items, a structure's and a project's, an item's
  // internal comments and their edit, the suggestions of its media and themes, a link's Open Graph data.
  'api.media_watch.mini_listing': '/api/veille-media/mini-listing',
  'api.media_watch.of_structure': '/api/veille-media/structure/{id}',
  'api.media_watch.of_project': '/api/veille-media/projet/{id}',
  'api.media_watch.comments': '/api/veille-media/commentaires/{id}',
  'api.media_watch.edit_comment': '/api/veille-media/edit-commentaire-ajax',
  'api.media_watch.media': '/api/veille-media/media-ajax',
  'api.media_watch.themes': '/api/veille-media/thematiques-ajax',
  'api.media_watch.link_preview': '/api/veille-media/apercu-lien',
  'api.access_profiles.all': '/api/configuration/groupes/recuperation/tous',
  // Spec 3's site settings (analytics code, error template, robots.txt) and configuration values.
  'api.configuration.site': '/api/configuration/site',
  'api.configuration.values': '/api/configuration/valeurs',
  // The error pages' text (the site settings' error template), for every visitor.
  'api.site.error_template': '/api/site/page-erreur',
  // The session's pending flash messages, read once (spec 2.3 "flashes").
  'api.flashes': '/api/flashes',
  robots_txt: '/robots.txt',
  'api.import_assistant.upload': '/api/assistant-import/import',
  'api.import_assistant.choices': '/api/assistant-import-champ/choices/{type}',
  'api.import_jobs.collection': '/api/import-individus',
  'api.import_jobs.item': '/api/import-individus/{id}',
  'api.import_jobs.preview': '/api/import-individus/{id}/apercu',
  'api.import_jobs.simulate': '/api/import-individus/{id}/simulation',
  'api.import_jobs.run': '/api/import-individus/{id}/import',
  'api.import_jobs.undo': '/api/import-individus/{id}/annuler',
  'api.import_jobs.structures': '/api/import-individus/{id}/structures-ajax',
  'api.import_jobs.territories': '/api/import-individus/{id}/territoires-ajax',
  'api.import_jobs.individuals': '/api/import-individus/{id}/individus-ajax',
  'api.import_jobs.projects': '/api/import-individus/{id}/projets-ajax',
  'api.import_assistant.project_template': '/api/assistant-import/modele-projets.csv',
  'api.upload': '/api/televersements',
  'uploads.file': '/uploads/{chemin}',
  // A mail's attachment: {chemin} is <email log id>/<file name>.
  'emails.file': '/emails/{chemin}',
  // A media monitoring item's image: {chemin} is its path under the uploads' veille-media folder.
  'media.file': '/media/{chemin}',
  // The file manager: a store's folder, an image's preview, a file renamed or deleted (docs/file-manager.md).
  'api.file_manager.list': '/api/gestionnaire-fichiers',
  'api.file_manager.preview': '/api/gestionnaire-fichiers/apercu',
  'api.file_manager.rename': '/api/gestionnaire-fichiers/renommer',
  'api.file_manager.delete': '/api/gestionnaire-fichiers/supprimer',

  // The list's filter form and its reset (spec 2.3): redirects onto the list page, whose query holds the criteria.
  'resource.filter': '/admin/{resource}/filtre-de-recherche',
  'resource.reset_criteria': '/admin/{resource}/reinitialisation-criteres',
  // The tickets' boards' filter form targets (spec 2.3: filter par-projet/{projet} and global).
  'tickets.filter_project': '/admin/tickets/filtre-de-recherche/par-projet/{projet}',
  'tickets.filter_global': '/admin/tickets/filtre-de-recherche/global',

  // Files
  translations: '/translations/{domain}.{_format}',
  // The domain left out: messages (spec 2.3).
  'translations.default': '/translations/.{_format}',

  // The theme editor (spec 3, Theme settings): its screen, its values and images, and what every page
  // reads without a session: the theme's stylesheet and its images ({image}: logo, favicon…).
  'admin.configuration.theme': '/admin/configuration/theme',
  'api.configuration.theme': '/api/configuration/theme',
  'api.configuration.theme_image': '/api/configuration/theme/images/{image}',
  'theme.stylesheet': '/theme.css',
  'theme.image': '/theme/images/{image}',
} as const;

export type RouteName = keyof typeof routeTable;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

type ParamValue = string | number;

/** Routes without parameters: what a menu entry can point to. */
export type ParamlessRouteName = {
  [N in RouteName]: [ParamNames<(typeof routeTable)[N]>] extends [never] ? N : never;
}[RouteName];

/** Required route parameters, plus any extra ones, which become the query string. */
export type RouteParams<N extends RouteName> = Record<ParamNames<(typeof routeTable)[N]>, ParamValue> &
  Record<string, ParamValue | undefined>;

/** A route's path parameters, exactly (the typed API client's `params`). */
export type PathParams<N extends RouteName> = Record<ParamNames<(typeof routeTable)[N]>, ParamValue>;

/**
 * Path parameters naming a record by its id: the server hands them to a route as numbers, and
 * answers 404 to anything but a positive integer (such a path names no record).
 */
export const recordIdParameters = [
  'id',
  'projet',
  'email',
  'structure',
  'individu',
  'form',
  'childId',
  'service',
  'mission',
  'etat',
] as const;
type RecordIdParameter = (typeof recordIdParameters)[number];

/** A route's path parameters as its handler gets them: record ids as numbers, the others as text. */
export type ParsedPathParams<N extends RouteName> = {
  [K in ParamNames<(typeof routeTable)[N]>]: K extends RecordIdParameter ? number : string;
};

export const isRecordIdParameter = (name: string): name is RecordIdParameter =>
  (recordIdParameters as readonly string[]).includes(name);

/** Parameters may be omitted for routes that have none. */
type ParamsArg<N extends RouteName> = [ParamNames<(typeof routeTable)[N]>] extends [never]
  ? [params?: Record<string, ParamValue | undefined>]
  : [params: RouteParams<N>];

export class RouteError extends Error {
  constructor(
    readonly code: 'unknown_route' | 'missing_parameter',
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

export interface UrlContext {
  scheme: string;
  host: string;
  locale: string;
}

/** Defaults for absolute URLs, as the spec sets them. */
export const defaultUrlContext: UrlContext = { scheme: 'http', host: 'localhost', locale: 'fr' };

const placeholder = /\{(\w+)\}/g;

function patternOf(name: string): string {
  const pattern = (routeTable as Record<string, string>)[name];
  if (pattern === undefined) {
    throw new RouteError('unknown_route', `Unknown route name "${name}".`);
  }
  return pattern;
}

function build(name: string, params: Record<string, ParamValue | undefined>, locale: string): string {
  const pattern = patternOf(name);
  const used = new Set<string>();
  const filled = pattern.replace(placeholder, (_match, key: string) => {
    used.add(key);
    const value = key === '_locale' ? (params[key] ?? locale) : params[key];
    if (value === undefined || value === '') {
      throw new RouteError('missing_parameter', `Route "${name}" needs the parameter "${key}".`);
    }
    // {chemin} is a path (spec 2.3: "chemin is any path"): its slashes stay.
    const encode = key === 'chemin' ? encodePath : encodeURIComponent;
    return encode(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (!used.has(key) && value !== undefined) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

const encodePath = (value: string) => value.split('/').map(encodeURIComponent).join('/');

/** The path of a named route; extra parameters become the query string. */
export function path<N extends RouteName>(name: N, ...[params]: ParamsArg<N>): string {
  return build(name, params ?? {}, defaultUrlContext.locale);
}

/**
 * The path of a route having one parameter, given its value: a route a declaration names (a field's
 * fillsFrom), whose parameter's name the caller does not know.
 */
export function pathWithOnlyParameter(name: RouteName, value: ParamValue): string {
  const names = [...patternOf(name).matchAll(placeholder)].map(([, key]) => key!);
  if (names.length !== 1) {
    throw new RouteError('missing_parameter', `Route "${name}" has ${names.length} parameters, not one.`);
  }
  return build(name, { [names[0]!]: value }, defaultUrlContext.locale);
}

/** The absolute URL of a named route (http://localhost by default). */
export function url<N extends RouteName>(
  name: N,
  params?: Record<string, ParamValue | undefined>,
  context: Partial<UrlContext> = {},
): string {
  const { scheme, host, locale } = { ...defaultUrlContext, ...context };
  return `${scheme}://${host}${build(name, params ?? {}, locale)}`;
}

/**
 * The pattern with ":name" parameters, as Fastify and React Router write them; parameters given in
 * `fixed` are filled in (the server registers each resource's routes with its slug).
 */
export function routePattern(name: RouteName, fixed: Record<string, string> = {}): string {
  return patternOf(name).replace(placeholder, (_match, key: string) => fixed[key] ?? `:${key}`);
}

export function isPageRoute(name: string): boolean {
  return name.startsWith('admin.') || name.startsWith('client.');
}

export const pageRouteNames = (Object.keys(routeTable) as RouteName[]).filter(isPageRoute);
