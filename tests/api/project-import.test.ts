import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportConfig, ImportJob, ImportStepReport } from '../../src/shared/import-assistant/import-assistant';
import { permissionKey } from '../../src/shared/permissions';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();
const ids = {} as Record<string, number>;

async function created(resource: string, values: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource }),
    headers: authHeaders(t.admin),
    payload: values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function get(url: string): Promise<unknown> {
  const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const projectsList = async () =>
  (await get(path('api.resource.collection', { resource: 'projet', parPage: 100, tri: 'name' }))) as ResourcePage;

function upload(file: string, who: LoggedIn = t.admin) {
  return t.app.inject({
    method: 'POST',
    url: path('api.import_assistant.upload', { nom: 'projets.csv' }),
    headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
    payload: file,
  });
}

async function settled(id: number): Promise<ImportJob> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const job = (await get(path('api.import_jobs.item', { id }))) as ImportJob;
    if (job.status !== 'simulating' && job.status !== 'importing') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} still running`);
}

async function run(id: number, route: 'api.import_jobs.simulate' | 'api.import_jobs.run', config?: ImportConfig) {
  const response = await t.app.inject({
    method: 'POST',
    url: path(route, { id }),
    headers: authHeaders(t.admin),
    payload: config,
  });
  expect(response.statusCode, response.body).toBe(202);
  return settled(id);
}

const field = (name: string, column: string, searchCriterion = false) => ({ field: name, column, searchCriterion });

/** The mapping of the files below: columns A to L. */
const mapping: ImportConfig = {
  type: 'projets',
  sheet: 0,
  header: true,
  numericColumns: false,
  fields: [
    field('project.reference', 'A'),
    field('project.name', 'B'),
    field('project.state', 'C'),
    field('project.theme', 'D'),
    field('individual.lastName', 'E'),
    field('individual.firstName', 'F'),
    field('structure.name', 'G'),
    field('mission.1.mission', 'H'),
    field('mission.1.projectType', 'I'),
    field('coOwner.1.name', 'J'),
    field('partner.1.name', 'K'),
    field('characteristic:Surface habitable', 'L'),
  ],
};

const header =
  'Référence,Nom,État,Thématique,Nom du porteur,Prénom du porteur,Structure porteuse,Mission 1,Type 1,Co-porteur 1,Partenaire 1,Surface habitable\n';

beforeAll(async () => {
  // A built-in state (spec 3), there from the first start.
  const states = (await get(
    path('api.resource.collection', { resource: 'etats-projet', parPage: 100 }),
  )) as ResourcePage;
  ids.state = states.items.find(({ name }) => name === 'En travaux')!.id;
  ids.theme = (await created('thematiques-projet', { name: 'Rénovation' })).id;
  ids.mission = (await created('missions', { name: 'Rénovation énergétique' })).id;
  ids.type = (await created('types-projet', { name: 'Audit', missions: [ids.mission] })).id;
  ids.owner = (await created('individus', { lastName: 'Dupont', firstName: 'Marie' })).id;
  ids.coOwner = (await created('structures', { name: 'Mairie de Lyon', acronym: 'MDL' })).id;
  ids.partner = (await created('individus', { lastName: 'Durand', firstName: 'Paul', email: 'paul@exemple.fr' })).id;
  ids.field = (await created('champs-de-formulaire', { name: 'Surface habitable', type: 'number' })).id;
  ids.form = (await created('formulaires', { name: 'Logement', projectTypes: [ids.type], fields: [ids.field] })).id;
});

describe('the project import', () => {
  let jobId: number;
  let projectId: number;
  let reference: string;

  it('simulates a projects file: nothing written, each refused row with its reason in French', async () => {
    const file =
      header +
      ',Maison Dupont,En travaux,Rénovation,dupont,marie,Atelier Bois,Rénovation énergétique,Audit,MDL,paul@exemple.fr,"120,5"\n' +
      ',Immeuble Martin,Inconnu,Rénovation,Martin,Luc,,Rénovation énergétique,,,,\n' +
      ',Grange,En travaux,Thème perdu,Martin,Luc,,Mission fantôme,,,,\n' +
      'RG-0000,Projet perdu,,,,,,,,Nulle part,,\n';
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(201);
    jobId = response.json<{ job: ImportJob }>().job.id;
    const job = await run(jobId, 'api.import_jobs.simulate', mapping);
    expect(job.status, job.error ?? '').toBe('simulated');
    expect(job.results).toEqual({
      structures: { created: 1, updated: 0, rejected: 0 },
      individus: { created: 1, updated: 1, rejected: 0 },
      projets: { created: 1, updated: 0, rejected: 3 },
    });
    // Nothing written.
    expect((await projectsList()).total).toBe(0);
    const report = (await get(path('api.import_jobs.projects', { id: jobId }))) as ImportStepReport;
    expect(report.rejections.map(({ row, message }) => [row, message])).toEqual([
      [3, "Aucun état de projet ne s'appelle « Inconnu »."],
      [4, "Aucune thématique de projet ne s'appelle « Thème perdu »."],
      [4, "Aucune mission ne s'appelle « Mission fantôme »."],
      [5, "Aucun projet n'a la référence « RG-0000 » : laissez la référence vide pour créer le projet."],
      [5, 'Aucune structure (nom ou sigle) ni aucun particulier (email) ne correspond à « Nulle part ».'],
    ]);
  });

  it('imports the projects: owner matched or created, missions, co-owner, partner, state, theme, characteristic', async () => {
    const job = await run(jobId, 'api.import_jobs.run');
    expect(job.status, job.error ?? '').toBe('imported');
    expect(job.results.projets).toEqual({ created: 1, updated: 0, rejected: 3 });
    const page = await projectsList();
    expect(page.total).toBe(1);
    projectId = page.items[0]!.id;
    const project = (await get(path('api.resource.item', { resource: 'projet', id: projectId }))) as ResourceRecord;
    reference = String(project.reference);
    expect(reference).toMatch(/^\d{4}-\d{4}$/);
    expect(project).toMatchObject({
      name: 'Maison Dupont',
      state: ids.state,
      theme: ids.theme,
      ownerIndividual: ids.owner,
      missions: [{ mission: ids.mission, projectType: ids.type, officer: null }],
    });
    // The owner's structure was created by the duplicate rule's step.
    const structure = (await get(
      path('api.resource.item', { resource: 'structures', id: Number(project.ownerStructure) }),
    )) as ResourceRecord;
    expect(structure.name).toBe('Atelier Bois');
    const coOwners = (await get(
      path('api.resource.children', { resource: 'projet', id: projectId, child: 'coporteurs-projet' }),
    )) as ResourcePage;
    expect(coOwners.items).toMatchObject([{ structure: ids.coOwner, individual: null, role: 'Co-porteur' }]);
    const partners = (await get(
      path('api.resource.children', { resource: 'projet', id: projectId, child: 'partenaires-projet' }),
    )) as ResourcePage;
    expect(partners.items).toMatchObject([{ individual: ids.partner, structure: null, role: 'Partenaire' }]);
    const forms = (await get(path('api.projects.forms', { projet: projectId }))) as {
      id: number;
      values: Record<string, unknown>;
    }[];
    expect(forms).toMatchObject([{ id: ids.form, values: { [String(ids.field)]: 120.5 } }]);
  });

  it('updates the project of a reference, then undoes that import, its characteristic too', async () => {
    const surface = async () =>
      ((await get(path('api.projects.forms', { projet: projectId }))) as { values: Record<string, unknown> }[])[0]!
        .values[String(ids.field)];
    const file = header + `${reference},Maison Dupont rénovée,,,,,,,,,,95\n`;
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ job: ImportJob }>().job.id;
    expect((await run(id, 'api.import_jobs.simulate', mapping)).results.projets).toEqual({
      created: 0,
      updated: 1,
      rejected: 0,
    });
    const job = await run(id, 'api.import_jobs.run');
    expect(job.results.projets).toEqual({ created: 0, updated: 1, rejected: 0 });
    expect(((await get(path('api.resource.item', { resource: 'projet', id: projectId }))) as ResourceRecord).name).toBe(
      'Maison Dupont rénovée',
    );
    expect(await surface()).toBe(95);
    const undo = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.undo', { id }),
      headers: authHeaders(t.admin),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(((await get(path('api.resource.item', { resource: 'projet', id: projectId }))) as ResourceRecord).name).toBe(
      'Maison Dupont',
    );
    expect(await surface()).toBe(120.5);
  });

  it('refuses to undo an import whose project changed since, and undoes one whose records are untouched', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.undo', { id: jobId }),
      headers: authHeaders(t.admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      "L'import ne peut pas être annulé : des fiches qu'il a créées ou modifiées ont été modifiées depuis, et ces modifications seraient perdues.",
    );
    const response = await upload(header + ',Chalet,,,,,Scierie Neuve,,,Mairie de Lyon,paul@exemple.fr,\n');
    const id = response.json<{ job: ImportJob }>().job.id;
    expect((await run(id, 'api.import_jobs.simulate', mapping)).status).toBe('simulated');
    expect((await run(id, 'api.import_jobs.run')).results).toEqual({
      structures: { created: 1, updated: 0, rejected: 0 },
      individus: { created: 0, updated: 0, rejected: 0 },
      projets: { created: 1, updated: 0, rejected: 0 },
    });
    expect((await projectsList()).items.map(({ name }) => name)).toEqual(['Chalet', 'Maison Dupont']);
    const undo = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.undo', { id }),
      headers: authHeaders(t.admin),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<ImportJob>().status).toBe('undone');
    expect((await projectsList()).items.map(({ name }) => name)).toEqual(['Maison Dupont']);
    const structures = (await get(
      path('api.resource.collection', { resource: 'structures', parPage: 100, tri: 'name' }),
    )) as ResourcePage;
    expect(structures.items.map(({ name }) => name)).toEqual(['Atelier Bois', 'Mairie de Lyon']);
  });

  it('refuses a projects import to a user who may not create projects', async () => {
    const writer = await logInWithProfile(t, {
      email: 'contacts@exemple.fr',
      permissions: ['individus', 'structures'].flatMap((slug) =>
        (['add', 'modify', 'consult'] as const).map((group) => permissionKey(slug, group)),
      ),
    });
    const response = await upload(header + ',Projet,,,,,,,,,,\n', writer);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ job: ImportJob }>().job.id;
    const simulate = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.simulate', { id }),
      headers: authHeaders(writer),
      payload: mapping,
    });
    expect(simulate.statusCode).toBe(403);
    expect(simulate.json<{ message: string }>().message).toBe(
      "Vous n'avez pas les droits nécessaires pour cette action.",
    );
    expect((await projectsList()).total).toBe(1);
  });

  it('asks the co-owners and partners permissions only of a mapping that fills them', async () => {
    const writer = await logInWithProfile(t, {
      email: 'projets@exemple.fr',
      permissions: ['projet', 'individus', 'structures'].flatMap((slug) =>
        (['add', 'modify', 'consult'] as const).map((group) => permissionKey(slug, group)),
      ),
    });
    const response = await upload(header + ',Projet sans co-porteur,,,,,,,,,,\n', writer);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ job: ImportJob }>().job.id;
    const simulate = (config: ImportConfig) =>
      t.app.inject({
        method: 'POST',
        url: path('api.import_jobs.simulate', { id }),
        headers: authHeaders(writer),
        payload: config,
      });
    const refused = await simulate(mapping);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      "Vous n'avez pas les droits nécessaires pour cette action.",
    );
    const withoutParticipants = {
      ...mapping,
      fields: mapping.fields.filter(({ field }) => !field.startsWith('coOwner.') && !field.startsWith('partner.')),
    };
    expect((await simulate(withoutParticipants)).statusCode).toBe(202);
  });

  it("refuses a project whose owner individual was refused, naming the owner's step", async () => {
    const response = await upload(
      header.replace('\n', ',Email du porteur\n') + ',Projet X,,,Bernard,Anne,,,,,,,pas-un-email\n',
    );
    const id = response.json<{ job: ImportJob }>().job.id;
    const job = await run(id, 'api.import_jobs.simulate', {
      ...mapping,
      fields: [...mapping.fields, field('individual.email', 'M')],
    });
    expect(job.results.individus).toEqual({ created: 0, updated: 0, rejected: 1 });
    expect(job.results.projets).toEqual({ created: 0, updated: 0, rejected: 1 });
    const report = (await get(path('api.import_jobs.projects', { id }))) as ImportStepReport;
    expect(report.rejections.map(({ row, message }) => [row, message])).toEqual([
      [2, "Le particulier porteur de cette ligne a été refusé à l'étape Particuliers."],
    ]);
  });

  it('offers the projects file template with spec 9 columns', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.import_assistant.project_template'),
      headers: authHeaders(t.admin),
    });
    expect(response.statusCode).toBe(200);
    const columns = response.body.replace('\uFEFF', '').trim().split('","');
    expect(columns).toHaveLength(11 + 30 * 3 + 4 * 2 + 4 * 2 + 12 + 14 + 1);
    expect(columns.filter((column) => column.startsWith('Mission '))).toHaveLength(90);
    expect(columns).toContain('Co-porteur 4 : chargé de liaison');
    expect(columns).toContain('Partenaire 4 : structure (nom ou sigle) ou particulier (email)');
  });
});
