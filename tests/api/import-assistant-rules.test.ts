import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs, users } from '../../src/server/db/schema';
import { createImportWorker } from '../../src/server/import-assistant/import-jobs';
import type { ServerResource } from '../../src/server/engine/server-resource';
import { serverHooks } from '../../src/server/resources/registry';
import type { ImportJob, ImportStepReport } from '../../src/shared/import-assistant/import-assistant';
import { path } from '../../src/shared/routes';
import { temporaryUploadsDir } from '../support/test-database';
import { authHeaders, createTestApp, logIn, type LoggedIn, type TestApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The import assistant writes records through their resource's own rules, those its forms apply:
 * a rule added to the individuals' server file is obeyed by the form and the import alike.
 */
const withNewRule: ServerResource = {
  ...serverHooks('individus'),
  validate(values, context) {
    const errors = serverHooks('individus').validate?.(values, context) ?? {};
    return String(values.email ?? '').endsWith('@interdit.fr') ? { ...errors, email: 'validation.email' } : errors;
  },
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
