import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { path, type ParamlessRouteName } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The dashboard's widgets (spec 1), each from its own route, on a small fixture: two missions, five
 * projects (one confidential), tickets moved and commented, advice acts, a mail. An adviser of
 * mission A sees everything on their projects; a colleague following mission B (attached projects
 * only) sees the project they are referent of, and nothing of the confidential one.
 */
const t = useAdminApp();
const readerPermissions = [
  'projet.consult',
  // A mail from a project is a change of it.
  'projet.modify',
  'tickets.consult',
  'tickets.modify',
  'tickets-transitions.consult',
  'tickets-commentaires.consult',
  'tickets-commentaires.add',
  'commentaires-projet.consult',
  'liens-utiles.consult',
  // A structure's page: its latest interactions.
  'structures.consult',
];
let adviser: LoggedIn;
let outsider: LoggedIn;
const ids = {} as Record<'durand' | 'martin' | 'parc' | 'petit' | 'bernard' | 'aTraiter' | 'enTravaux', number>;

const get = (who: LoggedIn, name: ParamlessRouteName) =>
  t.app.inject({ method: 'GET', url: path(name), headers: authHeaders(who) });
const widget = async <T>(who: LoggedIn, name: ParamlessRouteName): Promise<T> => {
  const response = await get(who, name);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const widgetRoutes: ParamlessRouteName[] = [
  'api.ticket_transitions.latest',
  'api.dashboard.useful_links',
  'api.dashboard.projects',
  'api.dashboard.iframes',
];

interface Interaction {
  kind: string;
  project: { name: string };
  ticket: { name: string } | null;
  fromStep: string | null;
  toStep: string | null;
  text: string;
  author: string | null;
}
const summary = ({ kind, project, ticket, text, author }: Interaction) =>
  [kind, project.name, ticket?.name ?? null, text, author].join(' | ');

beforeAll(async () => {
  const admin = resourceRequests(t.app, t.admin);
  const created = async (slug: string, values: Record<string, unknown>) => (await admin.created(slug, values)).id;
  const missionA = await created('missions', { name: 'Conseil aux particuliers', allProjects: true });
  const missionB = await created('missions', { name: 'Copropriétés', allProjects: false });
  // Built in: the first four of the six are displayed on the dashboard, "Clôturé" is not.
  ids.aTraiter = await admin.idNamed('etats-projet', 'À traiter');
  ids.enTravaux = await admin.idNamed('etats-projet', 'En travaux');
  const closed = await admin.idNamed('etats-projet', 'Clôturé');
  adviser = await logInWithProfile(t, { email: 'conseillere@exemple.fr', permissions: readerPermissions });
  outsider = await logInWithProfile(t, { email: 'collegue@exemple.fr', permissions: readerPermissions });
  const name = (who: LoggedIn, firstName: string, lastName: string, followedMissions: number[]) =>
    t.database.db.update(users).set({ firstName, lastName, followedMissions }).where(eq(users.id, who.session.user.id));
  await name(adviser, 'Claire', 'Moreau', [missionA]);
  await name(outsider, 'Paul', 'Girard', [missionB]);

  const row = (mission: number) => ({ mission, projectType: null, officer: null });
  const project = (values: Record<string, unknown>) => created('projet', values);
  ids.durand = await project({
    name: 'Maison Durand',
    status: 'internal',
    missions: [row(missionA)],
    state: ids.aTraiter,
    showOnDashboard: true,
  });
  ids.martin = await project({
    name: 'Maison Martin',
    status: 'internal',
    missions: [row(missionA)],
    state: ids.aTraiter,
    showOnDashboard: true,
    referents: [outsider.session.user.id],
  });
  // Confidential, in both missions: mission B opens attached projects only, so it is hidden from Paul.
  ids.parc = await project({
    name: 'Copropriété du Parc',
    status: 'confidential',
    missions: [row(missionA), row(missionB)],
    state: ids.aTraiter,
    showOnDashboard: true,
  });
  ids.petit = await project({ name: 'Maison Petit', missions: [row(missionA)], state: ids.enTravaux });
  ids.bernard = await project({
    name: 'Maison Bernard',
    missions: [row(missionA)],
    state: closed,
    showOnDashboard: true,
  });

  await created('liens-utiles', { name: 'Service-Public.fr', url: 'https://www.service-public.fr' });
  await created('liens-utiles', { name: 'ADEME', url: 'https://www.ademe.fr' });

  // What happens on the projects, in this order, by Claire.
  const claire = resourceRequests(t.app, adviser);
  const ticket = async (name: string, projectId: number) => created('tickets', { name, project: projectId });
  const devis = await ticket('Relance devis', ids.durand);
  const syndic = await ticket('Appel du syndic', ids.parc);
  const status = (id: number, comment: string) =>
    t.app.inject({
      method: 'POST',
      url: path('api.tickets.change_status', { id }),
      headers: authHeaders(adviser),
      payload: { status: 'blocked', comment },
    });
  expect((await status(devis, 'En attente du devis')).statusCode).toBe(200);
  expect((await status(syndic, 'Syndic injoignable')).statusCode).toBe(200);
  await claire.created('tickets-commentaires', { ticket: devis, comment: 'Devis reçu le matin' });
  await claire.created('tickets-commentaires', { ticket: syndic, comment: 'Assemblée générale en juin' });
  await created('commentaires-projet', { project: ids.martin, subject: 'Premier rendez-vous', actDate: '2026-03-02' });
  await created('commentaires-projet', {
    project: ids.parc,
    subject: 'Visite des parties communes',
    actDate: '2026-03-03',
  });
  const mail = await t.app.inject({
    method: 'POST',
    url: path('api.projects.send_email', { projet: ids.martin }),
    headers: authHeaders(adviser),
    payload: { subject: 'Votre dossier', html: '<p>Bonjour</p>', to: ['martin@exemple.fr'] },
  });
  expect(mail.statusCode, mail.body).toBe(202);

  await t.database.db
    .update(users)
    .set({
      dashboardIframes: [
        {
          tabTitle: 'Observatoire',
          iframeCode: '<iframe src="https://www.data.gouv.fr/fr/reuses/observatoire/"></iframe>',
        },
        // Saved when its site was allowed; the configuration has dropped it since.
        { tabTitle: 'Ancien site', iframeCode: '<iframe src="https://ancien.exemple.fr/carte"></iframe>' },
      ],
    })
    .where(eq(users.id, adviser.session.user.id));
});

describe('latest interactions', () => {
  it("lists the moves, comments, advice acts and mails of the user's projects, newest first", async () => {
    // The mail is recorded by the delivery job (no SMTP server here): then it counts.
    await expect
      .poll(async () => (await widget<{ items: Interaction[] }>(adviser, 'api.ticket_transitions.latest')).items.length)
      .toBe(7);
    const { items } = await widget<{ items: Interaction[] }>(adviser, 'api.ticket_transitions.latest');
    expect(items.map(summary)).toEqual([
      'mail | Maison Martin |  | Votre dossier | Moreau Claire',
      'advice_act | Copropriété du Parc |  | Visite des parties communes | Principal Administrateur',
      'advice_act | Maison Martin |  | Premier rendez-vous | Principal Administrateur',
      'ticket_comment | Copropriété du Parc | Appel du syndic | Assemblée générale en juin | Moreau Claire',
      'ticket_comment | Maison Durand | Relance devis | Devis reçu le matin | Moreau Claire',
      'transition | Copropriété du Parc | Appel du syndic | Syndic injoignable | Moreau Claire',
      'transition | Maison Durand | Relance devis | En attente du devis | Moreau Claire',
    ]);
  });

  it('leaves out what the user may not read: the confidential project, and projects not theirs', async () => {
    await expect
      .poll(async () => (await widget<{ items: Interaction[] }>(outsider, 'api.ticket_transitions.latest')).items)
      .toHaveLength(2);
    const { items } = await widget<{ items: Interaction[] }>(outsider, 'api.ticket_transitions.latest');
    expect(items.map(summary)).toEqual([
      'mail | Maison Martin |  | Votre dossier | Moreau Claire',
      'advice_act | Maison Martin |  | Premier rendez-vous | Principal Administrateur',
    ]);
  });
});

it('lists the useful links by name', async () => {
  const { items } = await widget<{ items: { name: string; url: string }[] }>(outsider, 'api.dashboard.useful_links');
  expect(items.map(({ name, url }) => `${name} ${url}`)).toEqual([
    'ADEME https://www.ademe.fr',
    'Service-Public.fr https://www.service-public.fr',
  ]);
});

it('lists the latest dated press items, newest first, with their media; refused without the media watch', async () => {
  const admin = resourceRequests(t.app, t.admin);
  const media = (await admin.created('structures', { name: 'Le Progrès', contactType: 'media' })).id;
  for (const [title, publicationDate] of [
    ['Rénovation : les aides 2026 expliquées', '2026-01-12'],
    ['Un quartier passe à la chaleur renouvelable', '2026-03-02'],
    ['Portes ouvertes à l’espace conseil', null],
  ] as const) {
    await admin.created('veille-media', { title, publicationDate, media, link: 'https://www.leprogres.fr/article' });
  }
  const { items } = await widget<{ items: { title: string; publicationDate: string | null; media: string | null }[] }>(
    t.admin,
    'api.dashboard.media_watch',
  );
  expect(items.map(({ title, publicationDate, media }) => `${publicationDate} ${title} (${media})`)).toEqual([
    '2026-03-02 Un quartier passe à la chaleur renouvelable (Le Progrès)',
    '2026-01-12 Rénovation : les aides 2026 expliquées (Le Progrès)',
  ]);
  // The adviser's profile has no right on the media watch: the widget is refused, not empty.
  expect((await get(adviser, 'api.dashboard.media_watch')).statusCode).toBe(403);
});

describe('project tabs', () => {
  type Tabs = { tabs: { state: { name: string }; count: number; projects: { name: string }[] }[] };
  const shown = ({ tabs }: Tabs) =>
    tabs.map(({ state, count, projects }) => `${state.name} (${count}): ${projects.map((p) => p.name).join(', ')}`);

  it('has one tab per state displayed on the dashboard, listing the projects shown on it', async () => {
    expect(shown(await widget<Tabs>(adviser, 'api.dashboard.projects'))).toEqual([
      'À traiter (3): Copropriété du Parc, Maison Durand, Maison Martin',
      "En cours d'instruction (0): ",
      'Déposé (0): ',
      'En travaux (0): ',
    ]);
  });

  it('leaves out the confidential project for a user outside its mission', async () => {
    expect(shown(await widget<Tabs>(outsider, 'api.dashboard.projects'))).toEqual([
      'À traiter (1): Maison Martin',
      "En cours d'instruction (0): ",
      'Déposé (0): ',
      'En travaux (0): ',
    ]);
  });
});

it("shows the user's own iframe tabs, only from the allowed sites", async () => {
  expect(await widget(adviser, 'api.dashboard.iframes')).toEqual({
    tabs: [
      { title: 'Observatoire', src: 'https://www.data.gouv.fr/fr/reuses/observatoire/' },
      { title: 'Ancien site', src: null },
    ],
  });
  expect(await widget(outsider, 'api.dashboard.iframes')).toEqual({ tabs: [] });
});

it('names the confidential project in no widget of a user outside its mission', async () => {
  for (const name of widgetRoutes) {
    const body = (await get(outsider, name)).body;
    expect(body, name).not.toContain('Copropriété du Parc');
    expect(body, name).not.toContain('Appel du syndic');
    expect(body, name).not.toContain('Visite des parties communes');
  }
  // …while the adviser of its mission reads it.
  expect((await get(adviser, 'api.dashboard.projects')).body).toContain('Copropriété du Parc');
});

it('refuses a widget to whoever may not list what it shows', async () => {
  const linkless = await logInWithProfile(t, { email: 'sans-liens@exemple.fr', permissions: ['projet.consult'] });
  const refused = await get(linkless, 'api.dashboard.useful_links');
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
  expect((await get(linkless, 'api.dashboard.projects')).statusCode).toBe(200);
});

describe('layout', () => {
  const put = (who: LoggedIn, payload: object) =>
    t.app.inject({ method: 'PUT', url: path('api.dashboard.layout'), headers: authHeaders(who), payload });

  it('is every widget in its declared order until the user arranges it', async () => {
    expect(await widget(outsider, 'api.dashboard.layout')).toEqual({
      order: ['dernieres-interactions', 'liens-utiles', 'veille-media', 'projets', 'iframes'],
      hidden: [],
    });
  });

  it("is saved and read back, each user's own", async () => {
    const layout = {
      order: ['projets', 'dernieres-interactions', 'iframes', 'liens-utiles', 'veille-media'],
      hidden: ['veille-media', 'liens-utiles'],
    };
    const saved = await put(adviser, layout);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await widget(adviser, 'api.dashboard.layout')).toEqual(layout);
    expect((await widget<{ hidden: string[] }>(outsider, 'api.dashboard.layout')).hidden).toEqual([]);
  });

  it('refuses a layout missing a widget, repeating one or naming an unknown one, in French, changing nothing', async () => {
    const before = await widget(adviser, 'api.dashboard.layout');
    const message =
      "La disposition du tableau de bord n'est pas valide : chaque bloc doit y figurer une fois, et un bloc masqué une seule fois.";
    const all = ['dernieres-interactions', 'liens-utiles', 'veille-media', 'projets', 'iframes'];
    const missing = await put(adviser, {
      order: ['projets', 'projets', 'iframes', 'liens-utiles', 'veille-media'],
      hidden: [],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ order: message });
    const unknown = await put(adviser, { order: all, hidden: ['meteo'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'hidden.0': message });
    const twice = await put(adviser, { order: all, hidden: ['iframes', 'iframes'] });
    expect(twice.json().fieldErrors).toEqual({ hidden: message });
    expect(await widget(adviser, 'api.dashboard.layout')).toEqual(before);
  });
});

describe("a structure's latest interactions", () => {
  const ofStructure = (who: LoggedIn, structure: number) =>
    t.app.inject({
      method: 'GET',
      url: path('api.ticket_transitions.latest_for_structure', { structure }),
      headers: authHeaders(who),
    });

  it('lists those of the projects it owns or co-owns that the user may read; a structure gone is a 404', async () => {
    const admin = resourceRequests(t.app, t.admin);
    const syndic = (await admin.created('structures', { name: 'Syndic Horizon', contactType: 'private' })).id;
    // Owner of Maison Martin, co-owner of the confidential Copropriété du Parc; nothing of Maison Durand.
    await t.database.db.execute(sql`update projects set owner_structure = ${syndic} where id = ${ids.martin}`);
    await t.database.db.execute(
      sql`insert into project_co_owners (project, structure, role) values (${ids.parc}, ${syndic}, 'Syndic')`,
    );
    const adviserSees = await ofStructure(adviser, syndic);
    expect(adviserSees.statusCode, adviserSees.body).toBe(200);
    expect(adviserSees.json<{ items: Interaction[] }>().items.map(summary)).toEqual([
      'mail | Maison Martin |  | Votre dossier | Moreau Claire',
      'advice_act | Copropriété du Parc |  | Visite des parties communes | Principal Administrateur',
      'advice_act | Maison Martin |  | Premier rendez-vous | Principal Administrateur',
      'ticket_comment | Copropriété du Parc | Appel du syndic | Assemblée générale en juin | Moreau Claire',
      'transition | Copropriété du Parc | Appel du syndic | Syndic injoignable | Moreau Claire',
    ]);
    // Paul may not read the confidential project: none of its interactions.
    const outsiderSees = await ofStructure(outsider, syndic);
    expect(outsiderSees.json<{ items: Interaction[] }>().items.map(summary)).toEqual([
      'mail | Maison Martin |  | Votre dossier | Moreau Claire',
      'advice_act | Maison Martin |  | Premier rendez-vous | Principal Administrateur',
    ]);
    const removed = (await admin.created('structures', { name: 'Cabinet fermé', contactType: 'private' })).id;
    const deletion = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'structures', id: removed }),
      headers: authHeaders(t.admin),
    });
    expect(deletion.statusCode, deletion.body).toBeLessThan(300);
    const gone = await ofStructure(adviser, removed);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("L'élément demandé n'existe pas ou a été supprimé.");
  });
});

describe('latest interactions behind hidden ones', () => {
  it('shows the ten newest readable ones even when the newest of a kind are all on projects the user may not read', async () => {
    const admin = resourceRequests(t.app, t.admin);
    // Twelve acts on Maison Martin (Paul's), then 45 on the confidential project of the mission he
    // follows: the newest rows of the kind are all hidden from him.
    for (let n = 1; n <= 12; n += 1) {
      await admin.created('commentaires-projet', { project: ids.martin, subject: `Suivi ${n}`, actDate: '2026-04-01' });
    }
    for (let n = 1; n <= 45; n += 1) {
      await admin.created('commentaires-projet', { project: ids.parc, subject: `Réunion ${n}`, actDate: '2026-04-02' });
    }
    const { items } = await widget<{ items: Interaction[] }>(outsider, 'api.ticket_transitions.latest');
    expect(items.map(summary)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(
        (n) => `advice_act | Maison Martin |  | Suivi ${n} | Principal Administrateur`,
      ),
    );
    // The adviser of its mission reads the confidential ones.
    const adviserSees = await widget<{ items: Interaction[] }>(adviser, 'api.ticket_transitions.latest');
    expect(adviserSees.items.map(({ text }) => text)).toEqual(
      [45, 44, 43, 42, 41, 40, 39, 38, 37, 36].map((n) => `Réunion ${n}`),
    );
  });
});
