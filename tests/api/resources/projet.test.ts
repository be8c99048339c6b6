import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../src/shared/resources/audit';
import type { ResourcePage, ResourceRecord } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, useAdminApp } from '../../support/test-app';

/** Projects' own rules: the reference, the missions' ids, the filters, the history, the state change, the acts. */
const t = useAdminApp();
/** The current year, read when a test asserts it (a run may cross the new year). */
const year = () => new Date().getFullYear();
const ids = {} as Record<
  'template' | 'advice' | 'condo' | 'global' | 'condoType' | 'toProcess' | 'works' | 'heating' | 'dupont',
  number
>;
const api = () => resourceRequests(t.app, t.admin);
const list = async (query: Record<string, string | number>) => {
  const response = await api().get(path('api.resource.collection', { resource: 'projet', ...query }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResourcePage>();
};

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  ids.template = await created('template-projet', { name: 'Rénovation globale', prefix: 'RG-', suffix: '-BB' });
  ids.advice = await created('missions', { name: 'Conseil aux particuliers' });
  ids.condo = await created('missions', { name: 'Copropriétés' });
  ids.global = await created('types-projet', { name: 'Rénovation globale', missions: [ids.advice] });
  ids.condoType = await created('types-projet', { name: 'Rénovation de copropriété', missions: [ids.condo] });
  ids.toProcess = await created('etats-projet', { name: 'À traiter' });
  ids.works = await created('etats-projet', { name: 'En travaux' });
  ids.heating = await created('thematiques-projet', { name: 'Chauffage' });
  ids.dupont = await created('individus', { lastName: 'Dupont', firstName: 'Marie' });
});

describe('a project', () => {
  it('gets its reference from its template around the year’s counter, one number each, concurrent creates too', async () => {
    const first = await api().created('projet', { name: 'Maison Dupont', template: ids.template });
    expect(first.reference).toBe(`RG-${year()}-0001-BB`);
    const second = await api().created('projet', { name: 'Maison Martin' });
    expect(second.reference).toBe(`${year()}-0002`);
    // Internal unless said: a new project is not shown to external users before someone makes it public.
    expect(second.status).toBe('internal');
    // Eight creates at once (truly concurrent on PostgreSQL): eight numbers, none twice, none skipped.
    const together = await Promise.all(
      Array.from({ length: 8 }, (_unused, index) =>
        api().post('projet', { name: `Atelier ${index}`, template: ids.template }),
      ),
    );
    expect(together.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect(together.map((response) => response.json().reference).sort()).toEqual(
      [3, 4, 5, 6, 7, 8, 9, 10].map((n) => `RG-${year()}-${String(n).padStart(4, '0')}-BB`),
    );
    // The reference is the server's: a client's is ignored, and an update keeps it.
    const updated = await api().put('projet', first.id, { name: 'Maison Dupont (modifiée)', reference: 'PIRATE' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().reference).toBe(`RG-${year()}-0001-BB`);
    // The creation date is today's unless given.
    expect(first.creationDate).toBe(new Date().toISOString().slice(0, 10));
  });

  it('keeps its missions’ ids for the filters, and lists by state, theme, mission, type, owner, referent, date and flags', async () => {
    const project = await api().created('projet', {
      name: 'Copropriété Les Charmilles',
      state: ids.works,
      theme: ids.heating,
      ownerIndividual: ids.dupont,
      missions: [
        { mission: ids.condo, projectType: ids.condoType, officer: t.admin.session.user.id },
        { mission: ids.advice, projectType: null, officer: null },
      ],
      referents: [t.admin.session.user.id],
      priority: true,
      creationDate: '2026-02-03',
    });
    expect(project.missionIds).toEqual([ids.condo, ids.advice]);
    expect(project.projectTypeIds).toEqual([ids.condoType]);
    const only = [project.id];
    const found = async (query: Record<string, string | number>) => (await list(query)).items.map(({ id }) => id);
    expect(await found({ state: ids.works })).toEqual(only);
    expect(await found({ theme: ids.heating })).toEqual(only);
    expect(await found({ missionIds: ids.condo })).toEqual(only);
    expect(await found({ projectTypeIds: ids.condoType })).toEqual(only);
    expect(await found({ ownerIndividual: ids.dupont })).toEqual(only);
    expect(await found({ referents: t.admin.session.user.id })).toEqual(only);
    expect(await found({ creationDate: '2026-02-03' })).toEqual(only);
    expect(await found({ priority: 'true' })).toEqual(only);
    expect(await found({ missionIds: ids.condo, priority: 'false' })).toEqual([]);
    // Date ranges, both days included.
    expect(await found({ creationDateDu: '2026-02-03', creationDateAu: '2026-02-03' })).toEqual(only);
    expect(await found({ creationDateDu: '2026-02-01', creationDateAu: '2026-02-28', priority: 'true' })).toEqual(only);
    expect(await found({ creationDateDu: '2026-02-04', priority: 'true' })).toEqual([]);
    expect(await found({ creationDateAu: '2026-02-02', priority: 'true' })).toEqual([]);
    const badRange = await api().get(
      path('api.resource.collection', { resource: 'projet', creationDateDu: '2026-02-30' }),
    );
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().fieldErrors).toEqual({ creationDateDu: "La date n'est pas valide." });
  });

  it('refuses a project type outside the row’s mission and a parent that is itself, in French, changing nothing', async () => {
    const before = (await list({})).total;
    const refused = await api().post('projet', {
      name: 'Type hors mission',
      missions: [{ mission: ids.advice, projectType: ids.condoType, officer: null }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Une erreur est survenue. Veuillez vérifier les informations saisies.',
      fieldErrors: { 'missions.0.projectType': "Ce type de projet n'appartient pas à la mission choisie." },
    });
    expect((await list({})).total).toBe(before);
    const project = await api().created('projet', { name: 'Projet seul' });
    const itself = await api().put('projet', project.id, { name: 'Projet seul', parentProject: project.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().fieldErrors).toEqual({
      parentProject: 'Un projet ne peut pas être son propre projet parent.',
    });
    const status = await api().post('projet', { name: 'Statut inconnu', status: 'secret' });
    expect(status.statusCode).toBe(400);
    expect(status.json().fieldErrors).toEqual({ status: 'Veuillez choisir une valeur de la liste.' });
    expect((await list({})).total).toBe(before + 1);
  });

  it('cleans its public description of anything active', async () => {
    const project = await api().created('projet', {
      name: 'Description piégée',
      description: '<p>Isolation <strong>des combles</strong><script>alert(1)</script><img src=x onerror=alert(2)></p>',
    });
    expect(project.description).toBe('<p>Isolation <strong>des combles</strong></p>');
  });
});

describe('the list’s own criteria', () => {
  it('keeps the projects of a commune (their owner’s) and those of a theme or its sub-themes, refusing a bad id', async () => {
    const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
    const bourg = await created('communes', { inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'] });
    const amberieu = await created('communes', {
      inseeCode: '01004',
      name: 'Ambérieu-en-Bugey',
      postalCodes: ['01500'],
    });
    const inBourg = await created('individus', { lastName: 'Perret', firstName: 'Jeanne', commune: bourg });
    const hall = await created('structures', {
      name: 'Salle des fêtes',
      addresses: [
        { address: '1 place de la Mairie', postalCode: '01500', city: 'Ambérieu', commune: amberieu, main: true },
      ],
    });
    const boiler = await created('thematiques-projet', { name: 'Chaudière', parent: ids.heating });
    await api().created('projet', { name: 'Maison Perret', ownerIndividual: inBourg, theme: boiler });
    await api().created('projet', { name: 'Salle des fêtes', ownerStructure: hall, theme: ids.heating });
    const names = async (query: Record<string, string | number>) =>
      (await list({ ...query, parPage: 100 })).items.map((item) => item.name).sort();
    expect(await names({ commune: bourg })).toEqual(['Maison Perret']);
    expect(await names({ commune: amberieu })).toEqual(['Salle des fêtes']);
    // The theme "Chauffage" takes its sub-theme "Chaudière"; the sub-theme only itself.
    expect(await names({ theme: ids.heating })).toEqual(expect.arrayContaining(['Maison Perret', 'Salle des fêtes']));
    expect(await names({ theme: boiler })).toEqual(['Maison Perret']);
    const bad = await api().get(path('api.resource.collection', { resource: 'projet', commune: 'Bourg' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ commune: 'Veuillez saisir un nombre entier.' });
  });
});

describe('the state change (change-etat/{id}/{etat})', () => {
  it('sets the state, in the history, and says which', async () => {
    const project = await api().created('projet', { name: 'Maison à instruire', state: ids.toProcess });
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.projects.change_state', { id: project.id, etat: ids.works }),
      headers: authHeaders(t.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: project.id,
      state: ids.works,
      message: 'État du projet modifié : En travaux.',
    });
    const shown = await api().get(path('api.resource.item', { resource: 'projet', id: project.id }));
    expect(shown.json()).toMatchObject({ state: ids.works, titles: { state: { [ids.works]: 'En travaux' } } });
    const history = (
      await api().get(path('api.resource.history', { resource: 'projet', id: project.id }))
    ).json<AuditPage>();
    expect(history.entries.map(({ action, changes }) => ({ action, changes }))).toEqual([
      { action: 'update', changes: [{ field: 'state', before: ids.toProcess, after: ids.works }] },
      expect.objectContaining({ action: 'create' }),
    ]);
    expect(history.titles.state).toEqual({ [ids.toProcess]: 'À traiter', [ids.works]: 'En travaux' });
  });

  it('answers an unknown project or state with the French error, changing nothing', async () => {
    const project = await api().created('projet', { name: 'Maison sans état', state: ids.toProcess });
    for (const [id, etat] of [
      [project.id, 999999],
      [999999, ids.works],
      [project.id, 'abc'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: path('api.projects.change_state', { id, etat }),
        headers: authHeaders(t.admin),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Le projet ou l'état demandé est introuvable.");
    }
    const shown = await api().get(path('api.resource.item', { resource: 'projet', id: project.id }));
    expect(shown.json().state).toBe(ids.toProcess);
  });
});

describe('co-owners and partners', () => {
  it('name an individual or a structure, under their project', async () => {
    const project = await api().created('projet', { name: 'Maison partagée' });
    const children = path('api.resource.children', { resource: 'projet', id: project.id, child: 'coporteurs-projet' });
    const refused = await api().post('coporteurs-projet', { role: 'Conjoint' }, children);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ individual: 'Choisissez un individu ou une structure.' });
    const created = await api().post(
      'coporteurs-projet',
      { role: 'Conjoint', individual: ids.dupont, liaisonOfficer: t.admin.session.user.id },
      children,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ project: project.id, individual: ids.dupont });
    const listed = (await api().get(children)).json<ResourcePage>();
    expect(listed.items.map((item: ResourceRecord) => item.role)).toEqual(['Conjoint']);
  });
});

describe('advice acts', () => {
  it('move the project’s last intervention date forward, never back, and take only the SARE codes', async () => {
    const project = await api().created('projet', { name: 'Maison conseillée' });
    const acts = path('api.resource.children', { resource: 'projet', id: project.id, child: 'commentaires-projet' });
    const act = (actDate: string, more: Record<string, unknown> = {}) =>
      api().post('commentaires-projet', { subject: 'Rendez-vous', actDate, actType: 'A01', ...more }, acts);
    expect((await act('2026-03-10')).statusCode).toBe(201);
    const lastIntervention = async () =>
      (await api().get(path('api.resource.item', { resource: 'projet', id: project.id }))).json().lastInterventionDate;
    expect(await lastIntervention()).toBe('2026-03-10');
    expect((await act('2026-01-05')).statusCode).toBe(201);
    expect(await lastIntervention()).toBe('2026-03-10');
    expect((await act('2026-04-01')).statusCode).toBe(201);
    expect(await lastIntervention()).toBe('2026-04-01');
    const refused = await act('2026-05-01', { informationTypes: ['technical', 'astrology'], actType: 'A09' });
    expect(refused.statusCode).toBe(400);
    // Both lists are the schema's (choices fields): their errors come together.
    expect(refused.json().fieldErrors).toEqual({
      actType: 'Veuillez choisir une valeur de la liste.',
      'informationTypes.1': 'Veuillez choisir une valeur de la liste.',
    });
    const badCode = await act('2026-05-01', { informationTypes: ['technical', 'astrology'] });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors).toEqual({ 'informationTypes.1': 'Veuillez choisir une valeur de la liste.' });
    expect(await lastIntervention()).toBe('2026-04-01');
    // projet/commentaires/{id}: the same acts, newest first.
    const listed = await api().get(path('api.projects.comments', { id: project.id }));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<ResourcePage>().items.map((item) => item.actDate)).toEqual([
      '2026-04-01',
      '2026-03-10',
      '2026-01-05',
    ]);
  });
});
