import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../src/server/auth/actor';
import type { Database } from '../../src/server/db/database';
import { importJobs, users } from '../../src/server/db/schema';
import { createImportWorker } from '../../src/server/import-assistant/import-jobs';
import type { ServerResource } from '../../src/server/engine/server-resource';
import { serverHooks } from '../../src/server/resources/registry';
import { individuals } from '../../src/shared/resources/individus.resource';
import { findResource } from '../../src/shared/resources/registry';
import type { ImportJob, ImportStepReport } from '../../src/shared/import-assistant/import-assistant';
import { path } from '../../src/shared/routes';
import { temporaryUploadsDir } from '../support/test-database';
import { authHeaders, createTestApp, logIn, type LoggedIn, type TestApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The import assistant writes records through their resource's own rules, those its forms apply:
 * a rule added to the individuals' server file is obeyed by the form and the import alike. So is a
 * read scope: here, only an administrator sees the individuals whose email ends with @secret.fr.
 */
const withNewRule: ServerResource = {
  ...serverHooks('individus'),
  validate(values, context) {
    const errors = serverHooks('individus').validate?.(values, context) ?? {};
    return String(values.email ?? '').endsWith('@interdit.fr') ? { ...errors, email: 'validation.email' } : errors;
  },
  readScope: (actor, columns) => (actor.isAdmin ? undefined : sql`${columns.email!} not like '%@secret.fr'`),
};

const hooksOf = (slug: string) => (slug === 'individus' ? withNewRule : serverHooks(slug));
let t: TestApp;
let admin: LoggedIn;
let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = await temporaryUploadsDir();
  t = await createTestApp(undefined, { hooksOf, uploadsDir });
  admin = await logIn(t.app);
});
afterAll(() => t.close());

async function settled(id: number, who = admin): Promise<ImportJob> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const job = (
      await t.app.inject({ method: 'GET', url: path('api.import_jobs.item', { id }), headers: authHeaders(who) })
    ).json<ImportJob>();
    if (job.status !== 'simulating' && job.status !== 'importing') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} still running`);
}

describe('a rule added to a resource', () => {
  it('refuses the form and the import alike', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'individus' }),
      headers: authHeaders(admin),
      payload: { lastName: 'Roux', firstName: 'Inès', email: 'ines.roux@interdit.fr' },
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().fieldErrors).toEqual({ email: "L'adresse email n'est pas valide" });

    const csv = 'Nom;Prénom;Email\nRoux;Inès;ines.roux@interdit.fr\nBlanc;Hugo;hugo.blanc@exemple.fr\n';
    const sent = await t.app.inject({
      method: 'POST',
      url: path('api.import_assistant.upload', { nom: 'contacts.csv' }),
      headers: { ...authHeaders(admin), 'content-type': 'application/octet-stream' },
      payload: csv,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<{ job: ImportJob }>().job;
    const field = (name: string, column: string) => ({ field: name, column, searchCriterion: false });
    const config = {
      type: 'individus',
      sheet: 0,
      header: true,
      numericColumns: false,
      fields: [field('individual.lastName', 'A'), field('individual.firstName', 'B'), field('individual.email', 'C')],
    };
    const simulate = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.simulate', { id }),
      headers: authHeaders(admin),
      payload: config,
    });
    expect(simulate.statusCode, simulate.body).toBe(202);
    expect((await settled(id)).status).toBe('simulated');
    const run = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.run', { id }),
      headers: authHeaders(admin),
    });
    expect(run.statusCode, run.body).toBe(202);
    const done = await settled(id);
    expect(done.results.individus).toMatchObject({ created: 1, updated: 0 });
    const { rejections } = (
      await t.app.inject({
        method: 'GET',
        url: path('api.import_jobs.individuals', { id }),
        headers: authHeaders(admin),
      })
    ).json<ImportStepReport>();
    expect(rejections).toEqual([
      expect.objectContaining({ row: 2, field: 'individual.email', message: "L'adresse email n'est pas valide" }),
    ]);
  });

  it('checks again, when the job runs, that its sender may still import: it fails then and writes nothing', async () => {
    const importer = await logInWithProfile(t, {
      email: 'importe@exemple.fr',
      permissions: ['individus.consult', 'individus.add', 'individus.modify'],
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: path('api.import_assistant.upload', { nom: 'contacts.csv' }),
      headers: { ...authHeaders(importer), 'content-type': 'application/octet-stream' },
      payload: 'Nom;Prénom\nMartel;Zoé\n',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<{ job: ImportJob }>().job;
    const field = (name: string, column: string) => ({ field: name, column, searchCriterion: false });
    const simulate = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.simulate', { id }),
      headers: authHeaders(importer),
      payload: {
        type: 'individus',
        sheet: 0,
        header: true,
        numericColumns: false,
        fields: [field('individual.lastName', 'A'), field('individual.firstName', 'B')],
      },
    });
    expect(simulate.statusCode, simulate.body).toBe(202);
    expect((await settled(id, importer)).status).toBe('simulated');
    // The import accepted (as its route leaves it for the queue), then, before the queue takes it up,
    // the importer leaves their access profile. The queue's worker is run here, at that moment.
    await t.database.db
      .update(importJobs)
      .set({ status: 'importing', run: 'import', simulatedConfig: null })
      .where(eq(importJobs.id, id));
    await t.database.db.update(users).set({ groupIds: [] }).where(eq(users.id, importer.session.user.id));
    const worker = createImportWorker(t.database.db, t.app.resourceOperations, uploadsDir, t.app.log);
    await worker.run({ jobId: id }, { retryCount: 0 });

    const [job] = await t.database.db
      .select({ status: importJobs.status, error: importJobs.error })
      .from(importJobs)
      .where(eq(importJobs.id, id));
    expect(job).toEqual({ status: 'failed', error: 'errors.forbidden' });
    const found = await t.app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'individus', q: 'Martel' }),
      headers: authHeaders(admin),
    });
    expect(found.json<{ total: number }>().total).toBe(0);
  });
});

/** Uploads a CSV as this user and simulates it with the mapping: the job's id once simulated. */
async function simulated(who: LoggedIn, csv: string, fields: object[]): Promise<number> {
  const sent = await t.app.inject({
    method: 'POST',
    url: path('api.import_assistant.upload', { nom: 'contacts.csv' }),
    headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
    payload: csv,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const { id } = sent.json<{ job: ImportJob }>().job;
  const simulate = await t.app.inject({
    method: 'POST',
    url: path('api.import_jobs.simulate', { id }),
    headers: authHeaders(who),
    payload: { type: 'individus', sheet: 0, header: true, numericColumns: false, fields },
  });
  expect(simulate.statusCode, simulate.body).toBe(202);
  expect((await settled(id, who)).status).toBe('simulated');
  return id;
}

/** An individual as the administrator reads it. */
async function individual(id: number) {
  const found = await t.app.inject({
    method: 'GET',
    url: path('api.resource.item', { resource: 'individus', id }),
    headers: authHeaders(admin),
  });
  return found.json<{ lastName: string; firstName: string; email: string; comments: string }>();
}

async function createIndividual(values: Record<string, string>): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: 'individus' }),
    headers: authHeaders(admin),
    payload: values,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

const column = (name: string, letter: string, searchCriterion = false) => ({
  field: name,
  column: letter,
  searchCriterion,
});

describe("the import's batch door", () => {
  it('writes nothing for a user who lost the update permission between the simulation and the run', async () => {
    const id = await createIndividual({ lastName: 'Lenoir', firstName: 'Léa', email: 'lea.lenoir@exemple.fr' });
    const importer = await logInWithProfile(t, {
      email: 'perd-modifier@exemple.fr',
      permissions: ['individus.consult', 'individus.add', 'individus.modify'],
    });
    const jobId = await simulated(
      importer,
      'Nom;Prénom;Email;Commentaires\nLenoir;Léa;lea.lenoir@exemple.fr;Rappelée le 3 mars\n',
      [
        column('individual.lastName', 'A'),
        column('individual.firstName', 'B'),
        column('individual.email', 'C', true),
        column('individual.comments', 'D'),
      ],
    );
    expect((await settled(jobId, importer)).results.individus).toEqual({ created: 0, updated: 1, rejected: 0 });
    // Then their access profile loses "modify" on individuals, before the queue runs the import.
    const [user] = await t.database.db
      .select({ groupIds: users.groupIds })
      .from(users)
      .where(eq(users.id, importer.session.user.id));
    const adminActor = await loadActor(t.database.db, admin.session.user.id);
    await t.app.resourceOperations.update(
      findResource('groupes')!,
      user!.groupIds[0]!,
      { name: 'Profil de perd-modifier@exemple.fr', permissions: ['individus.consult', 'individus.add'] },
      { actor: adminActor, locale: 'fr', log: t.app.log },
    );
    await t.database.db
      .update(importJobs)
      .set({ status: 'importing', run: 'import', simulatedConfig: null })
      .where(eq(importJobs.id, jobId));
    const worker = createImportWorker(t.database.db, t.app.resourceOperations, uploadsDir, t.app.log);
    await worker.run({ jobId }, { retryCount: 0 });

    const [job] = await t.database.db
      .select({ status: importJobs.status, error: importJobs.error })
      .from(importJobs)
      .where(eq(importJobs.id, jobId));
    expect(job).toEqual({ status: 'failed', error: 'errors.forbidden' });
    expect((await individual(id)).comments).toBe('');
    // The door checks it itself, whoever calls it.
    const actor = await loadActor(t.database.db, importer.session.user.id);
    const write = t.database.db.transaction((tx) =>
      t.app.resourceOperations.bulk.write(
        individuals,
        { creates: [], updates: [{ id, values: { comments: 'Écrit sans droit' } }], fields: ['comments'] },
        { actor, tx: tx as unknown as Database },
        { journal: { jobId } },
      ),
    );
    await expect(write).rejects.toMatchObject({ statusCode: 403, messageKey: 'errors.forbidden' });
    expect((await individual(id)).comments).toBe('');
  });

  it("never updates a record outside the importer's read scope: the row matches no record it may see", async () => {
    const hidden = await createIndividual({ lastName: 'Secret', firstName: 'Paul', email: 'paul@secret.fr' });
    const importer = await logInWithProfile(t, {
      email: 'portee@exemple.fr',
      permissions: ['individus.consult', 'individus.add', 'individus.modify'],
    });
    const csv =
      'Nom;Prénom;Email;Commentaires\nSecret;Paul;paul@secret.fr;Modifié par l’import\nVisible;Anne;anne@exemple.fr;Nouvelle\n';
    const fields = [
      column('individual.lastName', 'A'),
      column('individual.firstName', 'B'),
      column('individual.email', 'C', true),
      column('individual.comments', 'D'),
    ];
    const jobId = await simulated(importer, csv, fields);
    const run = await t.app.inject({
      method: 'POST',
      url: path('api.import_jobs.run', { id: jobId }),
      headers: authHeaders(importer),
    });
    expect(run.statusCode, run.body).toBe(202);
    const done = await settled(jobId, importer);
    expect(done.status).toBe('imported');
    expect(done.results.individus).toEqual({ created: 1, updated: 0, rejected: 1 });
    const { rejections } = (
      await t.app.inject({
        method: 'GET',
        url: path('api.import_jobs.individuals', { id: jobId }),
        headers: authHeaders(importer),
      })
    ).json<ImportStepReport>();
    expect(rejections.map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 2, field: 'individual.lastName', message: 'Un particulier du même nom existe déjà : Secret Paul' },
    ]);
    expect(await individual(hidden)).toMatchObject({
      lastName: 'Secret',
      firstName: 'Paul',
      email: 'paul@secret.fr',
      comments: '',
    });
  });
});
