import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectForm } from '../../../src/shared/project-characteristics';
import type { ResourcePage, ResourceRecord } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../../support/test-app';
import { logInWithProfile } from '../../support/test-users';

/**
 * A project as an adviser's day goes (issue 26, item 5 and 6): the state a new one starts in, its
 * copy, the list's batch change of state, and the list's characteristic filter by what the screen shows.
 */
const t = useAdminApp();
const today = () => new Date().toISOString().slice(0, 10);
const api = () => resourceRequests(t.app, t.admin);
const ids = {} as Record<
  | 'works'
  | 'toProcess'
  | 'closed'
  | 'mission'
  | 'type'
  | 'owner'
  | 'syndic'
  | 'reference'
  | 'form'
  | 'heating'
  | 'visit'
  | 'month'
  | 'audit'
  | 'manager',
  number
>;
const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
const request = (method: 'GET' | 'POST', url: string, payload?: object, who: LoggedIn = t.admin) =>
  t.app.inject({ method, url, headers: authHeaders(who), ...(payload ? { payload } : {}) });
const record = async (id: number) => {
  const response = await api().get(path('api.resource.item', { resource: 'projet', id }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResourceRecord>();
};
const childrenOf = async (project: number, child: string) => {
  const response = await api().get(path('api.resource.children', { resource: 'projet', id: project, child }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResourcePage>().items;
};
const batchState = (ids: number[], etat: number, who: LoggedIn = t.admin) =>
  request('POST', path('api.projects.batch_state', { etat }), { ids }, who);

beforeAll(async () => {
  // Three of the six built-in states, there on every first start.
  ids.toProcess = await api().idNamed('etats-projet', 'À traiter');
  ids.works = await api().idNamed('etats-projet', 'En travaux');
  ids.closed = await api().idNamed('etats-projet', 'Clôturé');
  ids.mission = await created('missions', { name: 'Conseil aux particuliers' });
  ids.type = await created('types-projet', { name: 'Maison individuelle', missions: [ids.mission] });
  ids.owner = await created('individus', { lastName: 'Perret', firstName: 'Anne' });
  ids.syndic = await created('structures', { name: 'Syndic des Tilleuls' });
  ids.reference = await created('reference-partenaire', { name: 'Anah' });
  ids.heating = await created('champs-de-formulaire', {
    name: 'Mode de chauffage',
    type: 'select',
    options: [
      { label: 'Chauffage électrique', value: 'electrique' },
      { label: 'Chaudière gaz', value: 'gaz' },
    ],
  });
  ids.visit = await created('champs-de-formulaire', { name: 'Date de visite', type: 'date' });
  ids.month = await created('champs-de-formulaire', { name: 'Mois des travaux', type: 'month_year' });
  ids.audit = await created('champs-de-formulaire', { name: 'Audit réalisé', type: 'checkbox' });
  ids.manager = await created('champs-de-formulaire', { name: 'Gestionnaire', type: 'structure' });
  ids.form = await created('formulaires', {
    name: 'Logement',
    projectTypes: [ids.type],
    fields: [ids.heating, ids.visit, ids.month, ids.audit, ids.manager],
  });
});

it('has the six built-in states on a first start without demo data, in their order, four shown on the dashboard', async () => {
  const response = await api().get(path('api.resource.collection', { resource: 'etats-projet', parPage: 100 }));
  expect(response.statusCode, response.body).toBe(200);
  const states = response
    .json<ResourcePage>()
    .items.filter(({ id }) => id <= ids.closed)
    .sort((a, b) => a.id - b.id)
    .map(({ name, displayedOnDashboard }) => `${String(name)}${displayedOnDashboard ? ' (tableau de bord)' : ''}`);
  expect(states).toEqual([
    'À traiter (tableau de bord)',
    "En cours d'instruction (tableau de bord)",
    'Déposé (tableau de bord)',
    'En travaux (tableau de bord)',
    'En paiement',
    'Clôturé',
  ]);
});

describe('a new project', () => {
  it('starts in "À traiter" when no state is given, on the server, whatever the client', async () => {
    const project = await api().created('projet', { name: 'Maison sans état' });
    expect(project.state).toBe(ids.toProcess);
    const explicitNull = await api().created('projet', { name: 'Maison à état vide', state: null });
    expect(explicitNull.state).toBe(ids.toProcess);
    // A state given is kept.
    const given = await api().created('projet', { name: 'Maison en travaux', state: ids.works });
    expect(given.state).toBe(ids.works);
  });

  it('starts in the state named "À traiter" wherever it stands in their order, else in the first of them', async () => {
    const rename = async (id: number, name: string) => {
      const response = await api().put('etats-projet', id, { name });
      expect(response.statusCode, response.body).toBe(200);
    };
    await rename(ids.toProcess, 'À instruire');
    const later = await created('etats-projet', { name: 'À traiter' });
    try {
      // Created last, found by its name.
      expect((await api().created('projet', { name: 'Maison au dernier « À traiter »' })).state).toBe(later);
      await rename(later, 'Nouvel état');
      // None named so: the first state created, the built-in one renamed.
      expect((await api().created('projet', { name: 'Maison sans « À traiter »' })).state).toBe(ids.toProcess);
    } finally {
      // The later state stays, under its new name: a project is in it.
      await rename(ids.toProcess, 'À traiter');
    }
  });
});

describe('a project’s copy (dupliquer/{id})', () => {
  it('is named and dated today, in the starting state, with its partners, co-owners and characteristics', async () => {
    const original = await api().created('projet', {
      name: 'Rénovation Perret',
      state: ids.closed,
      ownerIndividual: ids.owner,
      creationDate: '2024-05-06',
      missions: [{ mission: ids.mission, projectType: ids.type, officer: null }],
      priority: true,
    });
    const partner = await request(
      'POST',
      path('api.resource.children', { resource: 'projet', id: original.id, child: 'partenaires-projet' }),
      { role: 'Financeur', structure: ids.syndic, partnerReference: ids.reference },
    );
    expect(partner.statusCode, partner.body).toBe(201);
    const coOwner = await request(
      'POST',
      path('api.resource.children', { resource: 'projet', id: original.id, child: 'coporteurs-projet' }),
      { role: 'Conjoint', individual: ids.owner },
    );
    expect(coOwner.statusCode, coOwner.body).toBe(201);
    const saved = await request('POST', path('api.projects.characteristics', { projet: original.id, form: ids.form }), {
      values: { [ids.heating]: 'electrique', [ids.visit]: '2026-03-31', [ids.audit]: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const response = await request('POST', path('api.projects.clone', { id: original.id }));
    expect(response.statusCode, response.body).toBe(201);
    const reply = response.json<{ id: number; name: string; message: string }>();
    expect(reply.name).toBe('Copie de Rénovation Perret');
    expect(reply.message).toBe(
      'Le projet « Copie de Rénovation Perret » a été créé. Copiés : la fiche (porteur, missions, référents, ' +
        'description), 1 co-porteur, 1 partenaire et 3 caractéristiques. Non copiés : les documents, les actes ' +
        "de conseil, les tickets, les commentaires internes et l'historique.",
    );
    const copy = await record(reply.id);
    expect(copy).toMatchObject({
      name: 'Copie de Rénovation Perret',
      creationDate: today(),
      state: ids.toProcess,
      ownerIndividual: ids.owner,
      priority: true,
      missions: [{ mission: ids.mission, projectType: ids.type, officer: null }],
    });
    expect(copy.reference).not.toBe(original.reference);
    expect(await childrenOf(reply.id, 'partenaires-projet')).toMatchObject([
      { role: 'Financeur', structure: ids.syndic, partnerReference: ids.reference, project: reply.id },
    ]);
    expect(await childrenOf(reply.id, 'coporteurs-projet')).toMatchObject([
      { role: 'Conjoint', individual: ids.owner, project: reply.id },
    ]);
    const forms = (await request('GET', path('api.projects.forms', { projet: reply.id }))).json<ProjectForm[]>();
    expect(forms.find((form) => form.id === ids.form)?.values).toEqual({
      [ids.heating]: 'electrique',
      [ids.visit]: '2026-03-31',
      [ids.audit]: true,
    });
    // The original is as it was.
    expect(await record(original.id)).toMatchObject({ name: 'Rénovation Perret', state: ids.closed });
    expect(await childrenOf(original.id, 'partenaires-projet')).toHaveLength(1);
  });

  it('is refused to whoever may not create projects, and a hidden or missing project is not found', async () => {
    const reader = await logInWithProfile(t, { email: 'lecteur-copie@exemple.fr', permissions: ['projet.consult'] });
    const project = await api().created('projet', { name: 'Maison à ne pas copier' });
    const refused = await request('POST', path('api.projects.clone', { id: project.id }), undefined, reader);
    expect(refused.statusCode).toBe(403);
    const missing = await request('POST', path('api.projects.clone', { id: 999_999 }));
    expect(missing.statusCode).toBe(404);
    const total = async () =>
      (
        await api().get(path('api.resource.collection', { resource: 'projet', q: 'Maison à ne pas copier' }))
      ).json<ResourcePage>().total;
    expect(await total()).toBe(1);
  });
});

describe('the project list’s batch change of state', () => {
  it('puts every selected project in the state, each in its history', async () => {
    const [first, second] = [
      await api().created('projet', { name: 'Lot A' }),
      await api().created('projet', { name: 'Lot B' }),
    ];
    const response = await batchState([first.id, second.id], ids.works);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ processed: 2, message: "2 projets sont passés à l'état « En travaux »." });
    expect((await record(first.id)).state).toBe(ids.works);
    expect((await record(second.id)).state).toBe(ids.works);
    const history = await api().get(path('api.resource.history', { resource: 'projet', id: first.id }));
    expect(JSON.stringify(history.json())).toContain(`"after":${ids.works}`);
    // Back to an earlier state: any state may follow any other.
    expect((await batchState([first.id], ids.toProcess)).statusCode).toBe(200);
    expect((await record(first.id)).state).toBe(ids.toProcess);
  });

  it('changes nothing when one project is refused, the state is unknown, or the user may not modify projects', async () => {
    const [first, second] = [
      await api().created('projet', { name: 'Lot C', state: ids.closed }),
      await api().created('projet', { name: 'Lot D', state: ids.closed }),
    ];
    const unchanged = async () => {
      expect((await record(first.id)).state).toBe(ids.closed);
      expect((await record(second.id)).state).toBe(ids.closed);
    };
    // One missing among them: none changes.
    const missing = await batchState([first.id, 999_999, second.id], ids.works);
    expect(missing.statusCode).toBe(404);
    await unchanged();
    const unknownState = await batchState([first.id], 999_999);
    expect(unknownState.statusCode).toBe(404);
    expect(unknownState.json().message).toBe("Le projet ou l'état demandé est introuvable.");
    const empty = await batchState([], ids.works);
    expect(empty.statusCode).toBe(400);
    await unchanged();
    const reader = await logInWithProfile(t, { email: 'lecteur-etat@exemple.fr', permissions: ['projet.consult'] });
    const forbidden = await batchState([first.id], ids.works, reader);
    expect(forbidden.statusCode).toBe(403);
    await unchanged();
    const editor = await logInWithProfile(t, {
      email: 'editeur-etat@exemple.fr',
      permissions: ['projet.consult', 'projet.modify'],
    });
    const allowed = await batchState([first.id], ids.works, editor);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await record(first.id)).state).toBe(ids.works);
  });
});

describe('the project list’s characteristic filter', () => {
  it('finds projects by what the screen shows: a choice’s label, a day, a month-year, "Oui", a structure’s name', async () => {
    const project = await api().created('projet', {
      name: 'Maison Chauffée',
      missions: [{ mission: ids.mission, projectType: ids.type, officer: null }],
    });
    await api().created('projet', {
      name: 'Maison Voisine',
      missions: [{ mission: ids.mission, projectType: ids.type, officer: null }],
    });
    const saved = await request('POST', path('api.projects.characteristics', { projet: project.id, form: ids.form }), {
      values: {
        [ids.heating]: 'electrique',
        [ids.visit]: '2026-03-31',
        [ids.month]: '2026-01',
        [ids.audit]: true,
        [ids.manager]: ids.syndic,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = async (field: number, value: string) => {
      // Among the houses: the copied project above has its characteristics too.
      const query = `${encodeURIComponent(`caracteristique[${field}]`)}=${encodeURIComponent(value)}&q=Maison`;
      const response = await api().get(`${path('api.resource.collection', { resource: 'projet' })}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ResourcePage>().items.map((item) => item.name);
    };
    const only = ['Maison Chauffée'];
    expect(await found(ids.heating, 'Chauffage électrique')).toEqual(only);
    expect(await found(ids.heating, 'chauffage electrique')).toEqual(only);
    expect(await found(ids.heating, 'electrique')).toEqual(only);
    expect(await found(ids.heating, 'Chaudière gaz')).toEqual([]);
    expect(await found(ids.visit, '31/03/2026')).toEqual(only);
    expect(await found(ids.visit, '2026-03-31')).toEqual(only);
    expect(await found(ids.visit, '31/02/2026')).toEqual([]);
    expect(await found(ids.month, '01/2026')).toEqual(only);
    expect(await found(ids.month, '2026-01')).toEqual(only);
    expect(await found(ids.audit, 'Oui')).toEqual(only);
    expect(await found(ids.audit, 'true')).toEqual(only);
    expect(await found(ids.manager, 'Syndic des Tilleuls')).toEqual(only);
    expect(await found(ids.manager, String(ids.syndic))).toEqual(only);
  });

  it('offers each field with its kind and its choices’ labels', async () => {
    const response = await api().get(path('api.projects.filterable_fields'));
    expect(response.statusCode, response.body).toBe(200);
    const fields = response.json<{ id: number; name: string; type: string; choices: unknown[] }[]>();
    expect(fields.find(({ id }) => id === ids.heating)).toEqual({
      id: ids.heating,
      name: 'Mode de chauffage',
      type: 'select',
      choices: [
        { label: 'Chauffage électrique', value: 'electrique' },
        { label: 'Chaudière gaz', value: 'gaz' },
      ],
    });
    expect(fields.find(({ id }) => id === ids.visit)).toEqual({
      id: ids.visit,
      name: 'Date de visite',
      type: 'date',
      choices: [],
    });
  });
});
