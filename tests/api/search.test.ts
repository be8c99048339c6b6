import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { SearchItem } from '../../src/shared/search/search';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The header's search across everything (GET /api/recherche?q=): accents and one typo forgiven,
 * grouped by kind, within the reader's read scope and list permissions.
 */
const t = useAdminApp();
const ids = {} as Record<
  | 'lefevre'
  | 'dupont'
  | 'structure'
  | 'openProject'
  | 'confidentialProject'
  | 'openTicket'
  | 'confidentialTicket'
  | 'openAct'
  | 'confidentialAct',
  number
>;
let reference = '';
/** Follows mission A (which opens all its projects), may list every kind. */
let adviser: LoggedIn;
/** The same, but not the structures. */
let noStructures: LoggedIn;

const consult = (slugs: string[]) => slugs.map((slug) => `${slug}.consult`);
const everyKind = ['projet', 'individus', 'structures', 'tickets', 'commentaires-projet'];

async function search(who: LoggedIn, q: string) {
  return t.app.inject({ method: 'GET', url: path('api.search', { q }), headers: authHeaders(who) });
}
async function found(who: LoggedIn, q: string): Promise<SearchItem[]> {
  const response = await search(who, q);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: SearchItem[] }).items;
}
const titles = (items: SearchItem[]) => items.map((item) => `${item.type}: ${item.title}`);

beforeAll(async () => {
  const api = resourceRequests(t.app, t.admin);
  const created = async (slug: string, values: Record<string, unknown>) => (await api.created(slug, values)).id;
  const missionA = await created('missions', { name: 'Conseil aux particuliers', allProjects: true });
  const missionB = await created('missions', { name: 'Copropriétés', allProjects: false });
  ids.lefevre = await created('individus', { lastName: 'Lefèvre', firstName: 'Hélène', email: 'helene@exemple.fr' });
  ids.dupont = await created('individus', { lastName: 'Dupont', firstName: 'Marie' });
  await created('individus', { lastName: 'Durand', firstName: 'Paul' });
  ids.structure = await created('structures', {
    name: 'Habitat Énergie Conseil',
    acronym: 'HEC',
    contactType: 'private',
  });
  const row = (mission: number) => [{ mission, projectType: null, officer: null }];
  const project = await api.created('projet', {
    name: 'Rénovation de la résidence des Mésanges',
    status: 'internal',
    missions: row(missionB),
    ownerIndividual: ids.lefevre,
  });
  ids.openProject = project.id;
  reference = String(project.reference);
  ids.confidentialProject = await created('projet', {
    name: 'Copropriété des Mésanges',
    status: 'confidential',
    missions: row(missionB),
  });
  await created('projet', { name: 'Maison Durand', status: 'internal', missions: row(missionA) });
  const child = async (projectId: number, slug: string, values: Record<string, unknown>) => {
    const response = await api.post(
      slug,
      values,
      path('api.resource.children', { resource: 'projet', id: projectId, child: slug }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  ids.openTicket = await child(ids.openProject, 'tickets', { name: 'Visite des Mésanges', deadline: '2036-03-02' });
  ids.confidentialTicket = await child(ids.confidentialProject, 'tickets', {
    name: 'Audit des Mésanges',
    deadline: '2036-03-02',
  });
  ids.openAct = await child(ids.openProject, 'commentaires-projet', {
    subject: 'Conseil isolation Mésanges',
    actDate: '2026-03-02',
    actType: 'A01',
  });
  ids.confidentialAct = await child(ids.confidentialProject, 'commentaires-projet', {
    subject: 'Conseil chauffage Mésanges',
    actDate: '2026-03-02',
    actType: 'A01',
  });

  adviser = await logInWithProfile(t, { email: 'conseiller@exemple.fr', permissions: consult(everyKind) });
  noStructures = await logInWithProfile(t, {
    email: 'sans-structures@exemple.fr',
    permissions: consult(everyKind.filter((slug) => slug !== 'structures')),
  });
  for (const who of [adviser, noStructures]) {
    await t.database.db
      .update(users)
      .set({ followedMissions: [missionA] })
      .where(eq(users.id, who.session.user.id));
  }
});

describe('GET /api/recherche', () => {
  it('finds a person with an accent left out, and with one typo, and opens their page', async () => {
    const withoutAccent = await found(t.admin, 'lefevre');
    expect(withoutAccent).toContainEqual({
      type: 'individu',
      id: ids.lefevre,
      title: 'Lefèvre Hélène',
      subtitle: 'helene@exemple.fr',
      url: `/admin/individus/voir/${ids.lefevre}`,
    });
    const withTypo = await found(t.admin, 'Dupond');
    expect(withTypo[0]).toEqual({
      type: 'individu',
      id: ids.dupont,
      title: 'Dupont Marie',
      subtitle: null,
      url: `/admin/individus/voir/${ids.dupont}`,
    });
    // "Durand" shares too little with "Dupond" to be found.
    expect(titles(withTypo)).not.toContain('individu: Durand Paul');
    expect(titles(await found(t.admin, 'helene lefevre'))).toContain('individu: Lefèvre Hélène');
  });

  it('finds a project by its reference, and opens its page', async () => {
    expect(reference).toMatch(/^\d{4}-\d{4}$/);
    const items = await found(t.admin, reference);
    expect(items[0]).toEqual({
      type: 'projet',
      id: ids.openProject,
      title: 'Rénovation de la résidence des Mésanges',
      subtitle: reference,
      url: `/admin/projet/voir-ou-editer/${ids.openProject}`,
    });
  });

  it('groups the records by kind: projects, individuals, structures, tickets, advice acts', async () => {
    const items = await found(t.admin, 'mesanges');
    expect(titles(items)).toEqual([
      'projet: Copropriété des Mésanges',
      'projet: Rénovation de la résidence des Mésanges',
      'ticket: Audit des Mésanges',
      'ticket: Visite des Mésanges',
      'acte: Conseil chauffage Mésanges',
      'acte: Conseil isolation Mésanges',
    ]);
    expect(items.find((item) => item.id === ids.openTicket && item.type === 'ticket')).toEqual({
      type: 'ticket',
      id: ids.openTicket,
      title: 'Visite des Mésanges',
      subtitle: 'Rénovation de la résidence des Mésanges',
      url: `/admin/tickets/kanban/${ids.openProject}?ticket=${ids.openTicket}`,
    });
    expect(items.find((item) => item.id === ids.openAct && item.type === 'acte')).toEqual({
      type: 'acte',
      id: ids.openAct,
      title: 'Conseil isolation Mésanges',
      subtitle: 'Rénovation de la résidence des Mésanges · 02/03/2026',
      url: `/admin/commentaires-projet/voir/${ids.openAct}`,
    });
    expect(titles(await found(t.admin, 'energie'))).toEqual(['structure: Habitat Énergie Conseil']);
  });

  it('never finds a confidential project outside the reader’s missions, nor its tickets and acts', async () => {
    expect(titles(await found(adviser, 'mesanges'))).toEqual([
      'projet: Rénovation de la résidence des Mésanges',
      'ticket: Visite des Mésanges',
      'acte: Conseil isolation Mésanges',
    ]);
    // Named exactly, they are not found either (the administrator finds each).
    const hidden = [
      'projet: Copropriété des Mésanges',
      'ticket: Audit des Mésanges',
      'acte: Conseil chauffage Mésanges',
    ];
    for (const q of ['Copropriété des Mésanges', 'Audit des Mésanges', 'Conseil chauffage Mésanges']) {
      const items = titles(await found(adviser, q));
      for (const title of hidden) expect(items, q).not.toContain(title);
      expect(titles(await found(t.admin, q)), q).toEqual(
        expect.arrayContaining([hidden.find((title) => title.endsWith(q))]),
      );
    }
    expect(await found(adviser, 'chauffage')).toEqual([]);
  });

  it('leaves out a kind the reader may not list', async () => {
    expect(titles(await found(adviser, 'Habitat energie'))).toEqual(['structure: Habitat Énergie Conseil']);
    expect(await found(noStructures, 'Habitat energie')).toEqual([]);
    const nothing = await logInWithProfile(t, { email: 'rien@exemple.fr', permissions: [] });
    expect(await found(nothing, 'lefevre')).toEqual([]);
  });

  it('refuses a search shorter than 2 characters, in French', async () => {
    for (const q of ['', 'a', ' b ']) {
      const response = await search(t.admin, q);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Une erreur est survenue. Veuillez vérifier les informations saisies.',
        fieldErrors: { q: 'Saisissez au moins 2 caractères pour rechercher.' },
      });
    }
    expect((await t.app.inject({ method: 'GET', url: path('api.search', { q: 'lefevre' }) })).statusCode).toBe(401);
  });
});
