import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { ProjectDashboard, ProjectOverview, ProjectOwner } from '../../src/shared/resources/project-page';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The project page's routes (spec 2.3): what each answers, and, for a user limited to the projects
 * they are attached to, a hidden project answering exactly as a missing one.
 */
const t = useAdminApp();
const ids = {} as Record<'dupont' | 'atelier' | 'mission' | 'type' | 'works' | 'main' | 'garage' | 'secret', number>;
let limited: LoggedIn;
const api = () => resourceRequests(t.app, t.admin);
const get = (url: string, who: LoggedIn = t.admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(who) });
const names = (page: ResourcePage) => page.items.map((item) => item.name).sort();
const notFound = {
  statusCode: 404,
  code: 'errors.not_found',
  message: "L'élément demandé n'existe pas ou a été supprimé.",
};

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  limited = await logInWithProfile(t, {
    email: 'referente@exemple.fr',
    permissions: ['projet.add', 'projet.consult', 'projet.other', 'structures.consult', 'commentaires-projet.consult'],
  });
  const limitedId = limited.session.user.id;
  ids.dupont = await created('individus', { lastName: 'Dupont', firstName: 'Marie' });
  ids.atelier = await created('structures', { name: 'Atelier Vert' });
  ids.mission = await created('missions', { name: 'Copropriétés', allProjects: false });
  ids.type = await created('types-projet', { name: 'Rénovation globale', missions: [ids.mission] });
  ids.works = await created('etats-projet', { name: 'En travaux' });
  await t.database.db.execute(`update users set followed_missions = '{${ids.mission}}' where id = ${limitedId}`);
  const missions = [{ mission: ids.mission, projectType: ids.type, officer: null }];
  ids.main = await created('projet', {
    name: 'Maison Dupont',
    ownerIndividual: ids.dupont,
    ownerStructure: ids.atelier,
    state: ids.works,
    missions,
    referents: [limitedId],
    creationDate: '2026-01-15',
  });
  ids.garage = await created('projet', { name: 'Garage Dupont', ownerIndividual: ids.dupont, referents: [limitedId] });
  ids.secret = await created('projet', {
    name: 'Dossier secret',
    ownerIndividual: ids.dupont,
    status: 'confidential',
    missions,
  });
  const children = (child: string) => path('api.resource.children', { resource: 'projet', id: ids.main, child });
  for (const [subject, actDate] of [
    ['Premier rendez-vous', '2026-02-01'],
    ['Visite du logement', '2026-03-10'],
  ]) {
    const response = await api().post('commentaires-projet', { subject, actDate }, children('commentaires-projet'));
    expect(response.statusCode, response.body).toBe(201);
  }
  const coOwner = await api().post(
    'coporteurs-projet',
    { role: 'Syndic', individual: ids.dupont },
    children('coporteurs-projet'),
  );
  expect(coOwner.statusCode, coOwner.body).toBe(201);
});

describe('the project page’s routes', () => {
  it('load-apercu answers the project with the titles it names and its latest advice acts, newest first', async () => {
    const response = await get(path('api.projects.overview', { id: ids.main }));
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json<ProjectOverview>();
    expect(overview.project.name).toBe('Maison Dupont');
    expect(overview.project.titles.ownerIndividual).toEqual({ [ids.dupont]: 'Dupont Marie' });
    expect(overview.project.titles.state).toEqual({ [ids.works]: 'En travaux' });
    expect(overview.project.lastInterventionDate).toBe('2026-03-10');
    expect(overview.latestActs!.map((act) => act.subject)).toEqual(['Visite du logement', 'Premier rendez-vous']);
    expect(overview.actsTotal).toBe(2);
  });

  it('lists an owner’s projects, those of a structure, and the owner’s other projects, within the reader’s scope', async () => {
    const byIndividual = path('api.projects.followed_by_owner', { individu: ids.dupont, structure: 0 });
    expect(names((await get(byIndividual)).json())).toEqual(['Dossier secret', 'Garage Dupont', 'Maison Dupont']);
    expect(names((await get(byIndividual, limited)).json())).toEqual(['Garage Dupont', 'Maison Dupont']);
    const byBoth = path('api.projects.followed_by_owner', { individu: ids.dupont, structure: ids.atelier });
    expect(names((await get(byBoth)).json())).toEqual(['Maison Dupont']);
    expect(names((await get(path('api.projects.of_structure', { id: ids.atelier }))).json())).toEqual([
      'Maison Dupont',
    ]);
    const others = path('api.projects.owner_other_projects', { id: ids.main });
    expect(names((await get(others)).json())).toEqual(['Dossier secret', 'Garage Dupont']);
    expect(names((await get(others, limited)).json())).toEqual(['Garage Dupont']);
  });

  it('names a project’s owner, structures by id, its dashboard figures and its template variables', async () => {
    const owner = (await get(path('api.projects.owner_json', { id: ids.main }))).json<ProjectOwner>();
    expect(owner).toEqual({
      individual: { id: ids.dupont, title: 'Dupont Marie' },
      structure: { id: ids.atelier, title: 'Atelier Vert' },
    });
    const structures = await get(path('api.projects.structures_json', { ids: `${ids.atelier},999999` }));
    expect(structures.json()).toEqual([{ id: ids.atelier, title: 'Atelier Vert' }]);
    // Structures are named to whoever may list them only.
    const projectsOnly = await logInWithProfile(t, {
      email: 'projets-seuls@exemple.fr',
      permissions: ['projet.consult'],
    });
    const refused = await get(path('api.projects.structures_json', { ids: String(ids.atelier) }), projectsOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    const dashboard = (await get(path('api.projects.dashboard', { id: ids.main }))).json<ProjectDashboard>();
    expect(dashboard).toMatchObject({
      name: 'Maison Dupont',
      state: 'En travaux',
      lastInterventionDate: '2026-03-10',
      coOwners: 1,
      partners: 0,
      acts: 2,
    });
    const variables = (await get(path('api.projects.variables', { id: ids.main }))).json();
    expect(variables).toMatchObject({
      'projet.nom': 'Maison Dupont',
      'projet.etat': 'En travaux',
      'projet.porteur.individu': 'Dupont Marie',
      'projet.porteur.structure': 'Atelier Vert',
      'projet.date_creation': '15/01/2026',
      'projet.date_derniere_intervention': '10/03/2026',
    });
  });

  it('gives a reader of the projects alone none of their children: acts, co-owners, tickets, time', async () => {
    const projectsOnly = await logInWithProfile(t, {
      email: 'projets-lus@exemple.fr',
      permissions: ['projet.consult'],
    });
    const overview = await get(path('api.projects.overview', { id: ids.main }), projectsOnly);
    expect(overview.statusCode).toBe(200);
    expect(overview.json<ProjectOverview>()).toMatchObject({ latestActs: null, actsTotal: null });
    const dashboard = await get(path('api.projects.dashboard', { id: ids.main }), projectsOnly);
    expect(dashboard.json<ProjectDashboard>()).toMatchObject({
      name: 'Maison Dupont',
      coOwners: null,
      partners: null,
      acts: null,
    });
    for (const url of [
      path('api.projects.comments', { id: ids.main }),
      path('api.resource.children', { resource: 'projet', id: ids.main, child: 'commentaires-projet' }),
      path('api.resource.children', { resource: 'projet', id: ids.main, child: 'coporteurs-projet' }),
      path('api.resource.children', { resource: 'projet', id: ids.main, child: 'tickets' }),
      path('api.resource.children', { resource: 'projet', id: ids.main, child: 'piece-jointe' }),
      path('api.projects.gantt', { projet: ids.main }),
      path('api.projects.time_report', { projet: ids.main }),
      path('api.projects.upcoming_meetings', { projet: ids.main }),
    ]) {
      const refused = await get(url, projectsOnly);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    }
    // Their history names none of the project's children: the acts and the co-owner added above are left out.
    const history = await get(path('api.resource.history', { resource: 'projet', id: ids.main }), projectsOnly);
    const fields = history.json<AuditPage>().entries.flatMap(({ changes }) => changes.map(({ field }) => field));
    expect(fields).not.toContain('commentaires-projet');
    expect(fields).not.toContain('coporteurs-projet');
    const all = await get(path('api.resource.history', { resource: 'projet', id: ids.main }));
    expect(all.json<AuditPage>().entries.flatMap(({ changes }) => changes.map(({ field }) => field))).toContain(
      'coporteurs-projet',
    );
  });

  it('edits and deletes an advice act at the spec’s paths, as under its project', async () => {
    const under = path('api.resource.children', { resource: 'projet', id: ids.main, child: 'commentaires-projet' });
    const act = (await api().post('commentaires-projet', { subject: 'Appel', actDate: '2026-04-02' }, under)).json<{
      id: number;
    }>().id;
    const send = (url: string, payload?: Record<string, unknown>, who: LoggedIn = t.admin) =>
      t.app.inject({ method: 'POST', url, payload, headers: authHeaders(who) });
    const shown = () =>
      get(path('api.resource.child', { resource: 'projet', id: ids.main, child: 'commentaires-projet', childId: act }));

    const edited = await send(path('api.projects.edit_comment', { id: act }), {
      subject: 'Appel de suivi',
      actDate: '2026-04-03',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: act,
      subject: 'Appel de suivi',
      actDate: '2026-04-03',
      project: ids.main,
    });
    // Bad input: refused in French, nothing changed.
    const refused = await send(path('api.projects.edit_comment', { id: act }), { subject: '', actDate: '2026-04-03' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'errors.form',
      message: 'Une erreur est survenue. Veuillez vérifier les informations saisies.',
    });
    expect((await shown()).json()).toMatchObject({ subject: 'Appel de suivi' });
    // A reader of the acts who may not change them.
    const forbidden = await send(path('api.projects.delete_comment', { id: act }), undefined, limited);
    expect(forbidden.statusCode).toBe(403);

    const deleted = await send(path('api.projects.delete_comment', { id: act }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await shown()).statusCode).toBe(404);
    const again = await send(path('api.projects.delete_comment', { id: act }));
    expect(again.json()).toEqual(notFound);
  });

  it('answers empty lists of sent and scheduled mails', async () => {
    for (const name of ['api.projects.sent_emails', 'api.projects.scheduled_emails'] as const) {
      const response = await get(path(name, { projet: ids.main }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [], total: 0 });
    }
  });

  it('exports the selected projects, or those of the list’s criteria, leaving out the hidden ones', async () => {
    const selection = path('api.projects.export_selection', {
      ids: `${ids.main},${ids.secret}`,
      format: 'csv',
    });
    const asAdmin = await get(selection);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(asAdmin.body).toContain('Maison Dupont');
    expect(asAdmin.body).toContain('Dossier secret');
    expect(asAdmin.body).not.toContain('Garage Dupont');
    const asLimited = await get(selection, limited);
    expect(asLimited.body).toContain('Maison Dupont');
    expect(asLimited.body).not.toContain('Dossier secret');
    const multiple = await get(path('api.projects.export_multiple', { format: 'csv', ownerStructure: ids.atelier }));
    expect(multiple.headers['x-total-count']).toBe('1');
    expect(multiple.body).toContain('Maison Dupont');
    const noFormat = await get(path('api.projects.export_multiple', {}));
    expect(noFormat.statusCode).toBe(400);
    for (const ids of [undefined, '', 'tous']) {
      const noSelection = await get(path('api.projects.export_selection', { format: 'csv', ids }));
      expect(noSelection.statusCode).toBe(400);
      expect(noSelection.json().message).toBe('Sélectionnez au moins un projet à exporter.');
    }
  });

  it('answers a hidden project exactly as a missing one (404, in French), on every route naming a project', async () => {
    const routes = (id: number) => [
      path('api.projects.overview', { id }),
      path('api.projects.owner_json', { id }),
      path('api.projects.owner_other_projects', { id }),
      path('api.projects.dashboard', { id }),
      path('api.projects.variables', { id }),
      path('api.projects.sent_emails', { projet: id }),
      path('api.projects.scheduled_emails', { projet: id }),
    ];
    const hidden = routes(ids.secret);
    const missing = routes(999999);
    for (const [index, url] of hidden.entries()) {
      const [answer, missingAnswer] = [await get(url, limited), await get(missing[index]!, limited)];
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual(notFound);
      expect(answer.body).toBe(missingAnswer.body);
      // The same project, to the administrator.
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('creates a project from an owner’s page through modal/ajouter, the owner prefilled', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.resource.modal_create', { resource: 'projet' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Extension Atelier', ownerStructure: ids.atelier },
    });
    expect(response.statusCode, response.body).toBe(201);
    const page = (await get(path('api.projects.of_structure', { id: ids.atelier }))).json<ResourcePage>();
    expect(names(page)).toEqual(['Extension Atelier', 'Maison Dupont']);
    const refused = await t.app.inject({
      method: 'POST',
      url: path('api.resource.modal_create', { resource: 'projet' }),
      headers: authHeaders(t.admin),
      payload: { ownerStructure: ids.atelier },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Une erreur est survenue. Veuillez vérifier les informations saisies.');
  });

  // Last: the projects it creates would change the lists above.
  it('names in the overview the child projects the reader may see, and keeps typed internal comments', async () => {
    const commentType = await api().created('types-commentaire-interne', { name: 'Appel téléphonique' });
    const child = await api().post('projet', {
      name: 'Combles Dupont',
      parentProject: ids.main,
      referents: [limited.session.user.id],
      internalComments: [{ commentType: commentType!.id, date: '2026-03-02', text: 'Le syndic rappellera.' }],
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json().internalComments).toEqual([
      { commentType: commentType!.id, date: '2026-03-02', text: 'Le syndic rappellera.' },
    ]);
    await api().created('projet', { name: 'Annexe secrète', parentProject: ids.main, status: 'confidential' });

    const seen = async (who: LoggedIn) => {
      const overview = (await get(path('api.projects.overview', { id: ids.main }), who)).json<ProjectOverview>();
      return [overview.childProjects.map(({ title }) => title), overview.childProjectsTotal];
    };
    expect(await seen(t.admin)).toEqual([['Annexe secrète', 'Combles Dupont'], 2]);
    expect(await seen(limited)).toEqual([['Combles Dupont'], 1]);

    const untyped = await api().post('projet', {
      name: 'Sans type',
      internalComments: [{ commentType: null, date: '2026-03-02', text: 'Sans type' }],
    });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().fieldErrors).toEqual({ 'internalComments.0.commentType': 'Ce champ est obligatoire.' });
  });
});
