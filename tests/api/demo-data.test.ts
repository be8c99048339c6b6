import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { demoData } from '../../src/server/seed/demo-data';
import { seedEmptyDatabase } from '../../src/server/seed/seed';
import { communes } from '../../src/shared/resources/communes.resource';
import { usersResource } from '../../src/shared/resources/utilisateurs.resource';
import { resources } from '../../src/shared/resources/registry';
import type { ResourcePage } from '../../src/shared/resources/resource';
import type { ProjectForm } from '../../src/shared/project-characteristics';
import type { AuditPage } from '../../src/shared/resources/audit';
import { path } from '../../src/shared/routes';
import type { ProjectEmails } from '../../src/shared/mail/project-mail';
import { demoProjects } from '../../src/server/seed/demo-projects';
import { adminCredentials, logIn } from '../support/test-app';
import { openTestDatabase, temporaryUploadsDir } from '../support/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// The whole demo is seeded through the engine: longer than one test's usual bound.
it('loads demo data for every resource on the first start only, references resolved', { timeout: 60_000 }, async () => {
  const uploadsDir = await temporaryUploadsDir();
  const options = {
    adminEmail: adminCredentials.email,
    adminPassword: adminCredentials.password,
    demoData: true,
    uploadsDir,
  };
  expect((await seedEmptyDatabase(database.db, options)).admin?.email).toBe(adminCredentials.email);
  expect(await seedEmptyDatabase(database.db, options)).toEqual({});

  const app = await buildApp({ database, uploadsDir, logLevel: 'silent' });
  const { cookie } = await logIn(app);
  // The communes come from their package (seed option communes), not from demo records; read-only
  // resources (the login history) are written by the server alone.
  // The users come from the seed itself: the administrator and three colleagues.
  const fromElsewhere = new Set([communes.slug, usersResource.slug]);
  for (const { slug } of resources.filter(({ slug, behaviours }) => !fromElsewhere.has(slug) && !behaviours.readOnly)) {
    expect(demoData[slug]?.length, slug).toBeGreaterThan(0);
    const response = await app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: slug }),
      headers: { cookie },
    });
    expect(response.json<ResourcePage>().total, slug).toBe(demoData[slug]?.length);
  }
  const children = await app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource: 'thematiques-projet', q: 'Pompe à chaleur' }),
    headers: { cookie },
  });
  const page = children.json<ResourcePage>();
  expect(page.titles.parent?.[String(page.items[0]?.parent)]).toBe('Chauffage');
  // Demo projects name the demo colleagues (inserted before the records naming users are completed).
  const projects = await app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource: 'projet', q: 'Copropriété Résidence du Parc' }),
    headers: { cookie },
  });
  const project = projects.json<ResourcePage>();
  expect(project.items).toHaveLength(1);
  expect(Object.values(project.titles.referents ?? {})).toEqual(['Martin Camille']);
  expect(project.items[0]?.reference).toMatch(/^COPRO-\d{4}-\d{4}$/);
  // Its forms (the condominium type's "Diagnostic thermique") come with characteristics filled in.
  const forms = await app.inject({
    method: 'GET',
    url: path('api.projects.forms', { projet: project.items[0]!.id }),
    headers: { cookie },
  });
  const diagnostic = forms.json<ProjectForm[]>().find((form) => form.name === 'Diagnostic thermique');
  expect(diagnostic?.progress.filled).toBeGreaterThan(0);
  // Written through the operations by the server itself: its history names no user but "Système",
  // the creation and the characteristics filled in alike.
  const history = await app.inject({
    method: 'GET',
    url: path('api.resource.history', { resource: 'projet', id: project.items[0]!.id }),
    headers: { cookie },
  });
  const entries = history.json<AuditPage>().entries;
  expect(entries.map(({ action }) => action)).toEqual(expect.arrayContaining(['create', 'update']));
  expect(new Set(entries.map(({ actorName }) => actorName))).toEqual(new Set(['Système']));
  // The demo template file exists: a workbook, downloadable.
  const templates = await app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource: 'fichier-type' }),
    headers: { cookie },
  });
  const file = String(templates.json<ResourcePage>().items[0]?.file);
  const download = await app.inject({
    method: 'GET',
    url: path('uploads.file', { chemin: file }),
    headers: { cookie },
  });
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
  // Demo projects have sent and scheduled mails to their owners, an attachment readable by /emails/{chemin}.
  const demoProject = async (index: number) => {
    const found = await app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'projet', q: String(demoProjects[index]!.name) }),
      headers: { cookie },
    });
    return found.json<ResourcePage>().items[0]!.id;
  };
  const mails = async (route: 'api.projects.sent_emails' | 'api.projects.scheduled_emails', index: number) =>
    (
      await app.inject({ method: 'GET', url: path(route, { projet: await demoProject(index) }), headers: { cookie } })
    ).json<ProjectEmails>().items;
  const [report] = await mails('api.projects.sent_emails', 1);
  expect(report).toMatchObject({
    subject: 'Compte rendu de la visite de votre logement',
    recipients: ['jp.moreau@exemple.fr'],
    sender: 'Lefebvre Sophie',
    status: 'sent',
    attachments: ['Rapport d’audit énergétique.pdf'],
  });
  const attachment = await app.inject({
    method: 'GET',
    url: path('emails.file', { chemin: `${report!.id}/${report!.attachments[0]}` }),
    headers: { cookie },
  });
  expect(attachment.statusCode).toBe(200);
  expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const scheduled = await mails('api.projects.scheduled_emails', 0);
  expect(scheduled.map(({ subject, recipients, status }) => ({ subject, recipients, status }))).toEqual([
    {
      subject: expect.stringMatching(/^Rappel de votre rendez-vous – projet /),
      recipients: ['marie.dupont@exemple.fr'],
      status: 'scheduled',
    },
  ]);
  expect(new Date(scheduled[0]!.date).getTime()).toBeGreaterThan(Date.now());
  expect((await mails('api.projects.sent_emails', 0)).map(({ subject }) => subject)).toEqual([
    'Invitation : réunion d’information sur la rénovation énergétique',
  ]);
  await app.close();
});
