import { randomUUID } from 'node:crypto';
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeaderNotifications, NotificationPage } from '../../src/shared/resources/notifications.resource';
import type { UploadedFile } from '../../src/shared/resources/fields';
import { translate } from '../../src/shared/i18n/catalog';
import { path } from '../../src/shared/routes';
import { docxOf } from '../../src/server/documents/docx-skeleton';
import { buildDocumentsZip } from '../../src/server/documents/project-documents-export';
import { cleanUp } from '../../src/server/jobs/maintenance';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, createTestApp, logIn, type LoggedIn, type TestApp } from '../support/test-app';
import { temporaryUploadsDir } from '../support/test-database';
import { logInWithProfile } from '../support/test-users';

/** Documents from template files (docs/documents.md): the template's checks, the merges, the ZIP, the errors. */
let t: TestApp;
let admin: LoggedIn;
let limited: LoggedIn;
let uploadsDir: string;
const ids = {} as Record<'house' | 'condo' | 'secret' | 'type' | 'letter' | 'table', number>;

const api = (who: LoggedIn = admin) => resourceRequests(t.app, who);
const upload = async (bytes: Buffer, name: string) =>
  t.app.inject({
    method: 'POST',
    url: path('api.upload', { dossier: 'fichier-type', nom: name }),
    headers: { ...authHeaders(admin), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const uploaded = async (bytes: Buffer, name: string) => {
  const response = await upload(bytes, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedFile>().path;
};
/** A template file for the projects' type, published (a template file is not offered until it is). */
const newTemplate = async (name: string, bytes: Buffer, fileName: string) => {
  const response = await api().post('fichier-type', {
    name,
    file: await uploaded(bytes, fileName),
    projectTypes: [ids.type],
  });
  if (response.statusCode === 201) {
    const url = path('api.resource.publish', { resource: 'fichier-type', id: response.json<{ id: number }>().id });
    expect((await t.app.inject({ method: 'GET', url, headers: authHeaders(admin) })).body).toBe('OK');
  }
  return response;
};
const exportOne = (project: number, fichierType: number, who: LoggedIn = admin) =>
  t.app.inject({
    method: 'POST',
    url: path('api.projects.document_export', { id: project }),
    headers: authHeaders(who),
    payload: { fichierType },
  });
const exportMany = (payload: Record<string, unknown>, who: LoggedIn = admin) =>
  t.app.inject({ method: 'POST', url: path('api.projects.export_multiple'), headers: authHeaders(who), payload });
/** A Word document's paragraphs, as read back from its XML. */
const wordText = (bytes: Buffer) =>
  [
    ...new PizZip(bytes)
      .file('word/document.xml')!
      .asText()
      .matchAll(/<w:p[ >].*?<\/w:p>/g),
  ].map((paragraph) => [...paragraph[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(''));
const today = () => new Date().toISOString().slice(0, 10);

const letter = docxOf([
  'Objet : votre projet {{ projet.reference }}',
  '{{ porteur.civilite }} {{ porteur.prenom }} {{ porteur.nom }},',
  '{{#actes}}',
  '- {{ date }} : {{ objet }}',
  '{{/actes}}',
  '{{#porteur.structure}}Structure : {{ porteur.structure }}{{/porteur.structure}}',
  'Co-porteurs : {{ projet.coporteurs }}',
]);

beforeAll(async () => {
  uploadsDir = await temporaryUploadsDir();
  t = await createTestApp(undefined, { uploadsDir });
  admin = await logIn(t.app);
  ids.type = (await api().created('types-projet', { name: 'Rénovation globale' })).id;
  const mission = (await api().created('missions', { name: 'Conseil aux particuliers', allProjects: true })).id;
  const owner = (await api().created('individus', { civility: 'madame', firstName: 'Sophie', lastName: 'Durand' })).id;
  const project = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await api().created('projet', {
        name,
        ownerIndividual: owner,
        missions: [{ mission, projectType: ids.type }],
        ...extra,
      })
    ).id;
  ids.house = await project('Maison Durand');
  ids.condo = await project('Copropriété Les Lilas');
  ids.secret = await project('Dossier confidentiel', { status: 'confidential', missions: [] });
  const child = (id: number, slug: string, values: Record<string, unknown>) =>
    api().post(slug, values, path('api.resource.children', { resource: 'projet', id, child: slug }));
  for (const [actDate, subject] of [
    ['2026-03-03', 'Visite technique'],
    ['2026-01-12', 'Premier contact'],
  ]) {
    expect((await child(ids.house, 'commentaires-projet', { project: ids.house, subject, actDate })).statusCode).toBe(
      201,
    );
  }
  const coOwner = (await api().created('individus', { firstName: 'Paul', lastName: 'Durand' })).id;
  await child(ids.house, 'coporteurs-projet', { project: ids.house, role: 'Co-propriétaire', individual: coOwner });
  const response = await newTemplate('Accusé de réception', letter, 'Accusé de réception.docx');
  expect(response.statusCode, response.body).toBe(201);
  ids.letter = response.json<{ id: number }>().id;
  limited = await logInWithProfile(t, {
    email: 'conseillere@exemple.fr',
    permissions: ['projet.consult', 'projet.other'],
  });
  // A fresh app, a project with its people and acts, a template: longer than a hook's default on a busy machine.
}, 120_000);
afterAll(() => t?.close());

describe('a template file', () => {
  it('is refused unless Word or Excel, with the spec’s incompatible-type message', async () => {
    const response = await upload(Buffer.from('hello'), 'Lettre.pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Le type du fichier type est incompatible : seuls les fichiers Word (.docx) et Excel (.xlsx) sont acceptés',
    );
  });

  it('is refused when it uses an unknown variable, named with its place (paragraph, cell), and nothing is saved', async () => {
    const word = await newTemplate('Brouillon', docxOf(['Bonjour', 'Réf. {{ projet.inconnue }}']), 'Brouillon.docx');
    expect(word.statusCode).toBe(400);
    expect(word.json().fieldErrors.file).toBe(
      "La variable « projet.inconnue » n'existe pas (paragraphe 2) : choisissez-la dans la liste des variables.",
    );
    const inTable = await newTemplate('Tableau', docxOf(['Titre', ['{{ projet.nom }}', '{{ couleur }}']]), 'T.docx');
    expect(inTable.json().fieldErrors.file).toBe(
      "La variable « couleur » n'existe pas (tableau 1, ligne 1, cellule 2) : choisissez-la dans la liste des variables.",
    );
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Suivi').addRows([
      ['Référence', '{{ projet.reference }}'],
      ['Surface', '{{ surface }}'],
    ]);
    const excel = await newTemplate('Suivi', Buffer.from(await workbook.xlsx.writeBuffer()), 'Suivi.xlsx');
    expect(excel.json().fieldErrors.file).toBe(
      "La variable « surface » n'existe pas (feuille « Suivi », cellule B2) : choisissez-la dans la liste des variables.",
    );
    const list = await api().get(path('api.resource.collection', { resource: 'fichier-type' }));
    expect(list.json().items.map((item: { name: string }) => item.name)).toEqual(['Accusé de réception']);
  });

  it('lists its variables with an example', async () => {
    const response = await api().get(path('api.template_files.variables'));
    expect(response.statusCode).toBe(200);
    expect(response.json().variables).toContainEqual({ name: 'projet.reference', example: 'REN-2026-0042' });
    expect(response.json().loops).toContainEqual({
      name: 'actes',
      fields: [
        { name: 'date', example: '03/03/2026' },
        { name: 'objet', example: 'Visite technique du logement' },
        { name: 'type', example: 'A02' },
        { name: 'conseiller', example: 'Claire Martin' },
        { name: 'texte', example: 'Combles perdus non isolés ; chaudière fioul de 1998.' },
      ],
    });
  });
});

describe('a project’s document', () => {
  it('is offered the template files of its type, and merged into Word: its values in order, the loop expanded', async () => {
    const options = await api().get(path('api.projects.document_export', { id: ids.house }));
    expect(options.json()).toEqual({
      templates: [{ id: ids.letter, name: 'Accusé de réception', format: 'docx' }],
      pdf: false,
    });
    const response = await exportOne(ids.house, ids.letter);
    expect(response.statusCode, response.body).toBe(200);
    const reference = (await api().get(path('api.resource.item', { resource: 'projet', id: ids.house }))).json()
      .reference as string;
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${reference} - Accusé de réception - ${today()}.docx`)}`,
    );
    expect(wordText(response.rawPayload)).toEqual([
      `Objet : votre projet ${reference}`,
      'Madame Sophie Durand,',
      '- 12/01/2026 : Premier contact',
      '- 03/03/2026 : Visite technique',
      '',
      'Co-porteurs : Durand Paul',
    ]);
  });

  it('is merged into Excel, a row repeated for each advice act', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Actes').addRows([
      ['Projet', '{{ projet.nom }}'],
      ['{{#actes}}{{ date }}', '{{ objet }}'],
      ['Fin', '{{ date_du_jour }}'],
    ]);
    const created = await newTemplate(
      'Tableau des actes',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'Actes.xlsx',
    );
    expect(created.statusCode, created.body).toBe(201);
    const response = await exportOne(ids.house, created.json().id);
    expect(response.statusCode, response.body).toBe(200);
    const merged = new ExcelJS.Workbook();
    await merged.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    merged.getWorksheet('Actes')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [d, m, y] = [today().slice(8, 10), today().slice(5, 7), today().slice(0, 4)];
    expect(rows).toEqual([
      ['Projet', 'Maison Durand'],
      ['12/01/2026', 'Premier contact'],
      ['03/03/2026', 'Visite technique'],
      ['Fin', `${d}/${m}/${y}`],
    ]);
  });
});

describe('a selection’s documents', () => {
  it('come in a ZIP, one per project the user may read: a hidden project never', async () => {
    const response = await exportMany({ fichierType: ids.letter, ids: [ids.house, ids.condo, ids.secret] }, limited);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = new PizZip(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(2);
    const texts = names.map((name) => wordText(zip.file(name)!.asNodeBuffer())[0]);
    expect(texts.join('|')).not.toContain('confidentiel');
    const all = await exportMany({ fichierType: ids.letter, filtres: {} }, limited);
    expect(Object.keys(new PizZip(all.rawPayload).files)).toHaveLength(2);
  });
});

describe('the spec’s export errors', () => {
  it('answers template file not found, attached file not found, incompatible type; and changes nothing', async () => {
    expect((await exportOne(ids.house, 999_999)).json().message).toBe('Le fichier type est introuvable');
    expect((await exportMany({ fichierType: 999_999, ids: [ids.house] })).json().message).toBe(
      'Le fichier type est introuvable',
    );
    const created = await newTemplate('Lettre perdue', docxOf(['{{ projet.nom }}']), 'Perdue.docx');
    const file = created.json().file as string;
    await rm(join(uploadsDir, file));
    const missing = await exportOne(ids.house, created.json().id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Le fichier joint est introuvable');
    expect((await exportMany({ fichierType: created.json().id, ids: [ids.house] })).json().message).toBe(
      'Le fichier joint est introuvable',
    );
    const kept = await api().get(path('api.resource.item', { resource: 'fichier-type', id: created.json().id }));
    expect(kept.json()).toMatchObject({ name: 'Lettre perdue', file });
  });
});

describe('the forms in a merged document', () => {
  it('leave out a form excluded from the project export, and one hidden from the user', async () => {
    const fieldOf = async (name: string) => (await api().created('champs-de-formulaire', { name, type: 'text' })).id;
    const [surface, aid, note] = [
      await fieldOf('Surface habitable'),
      await fieldOf('Montant des aides'),
      await fieldOf('Note interne'),
    ];
    const form = async (name: string, field: number, extra: Record<string, unknown> = {}) =>
      (await api().created('formulaires', { name, projectTypes: [ids.type], fields: [field], ...extra })).id;
    const forms = {
      housing: await form('Logement', surface),
      funding: await form('Financement', aid, { excludedFromProjectExport: true }),
      internal: await form('Suivi interne', note),
    };
    const save = async (form: number, values: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: path('api.projects.characteristics', { projet: ids.house, form }),
        headers: authHeaders(admin),
        payload: { values },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await save(forms.housing, { [surface]: '95 m²' });
    await save(forms.funding, { [aid]: '12 000 €' });
    await save(forms.internal, { [note]: 'Litige avec le voisin' });
    // The limited user's access profile hides "Suivi interne".
    await t.database.db.execute(
      sql`update access_profiles set hidden_forms = array[${forms.internal}::integer]
          where id = (select group_ids[1] from users where email = 'conseillere@exemple.fr')`,
    );
    const created = await newTemplate(
      'Fiche caractéristiques',
      docxOf([
        'Caractéristiques de {{ projet.nom }}',
        '{{#caracteristiques}}',
        '{{ nom }} : {{ valeur }}',
        '{{/caracteristiques}}',
        `Surface : {{ caracteristique.${surface} }}`,
        `Aides : {{ caracteristique.${aid} }}`,
        `Note : {{ caracteristique.${note} }}`,
      ]),
      'Caractéristiques.docx',
    );
    expect(created.statusCode, created.body).toBe(201);
    const merged = async (who: LoggedIn) => {
      const response = await exportOne(ids.house, created.json().id, who);
      expect(response.statusCode, response.body).toBe(200);
      return wordText(response.rawPayload);
    };
    expect(await merged(limited)).toEqual([
      'Caractéristiques de Maison Durand',
      'Surface habitable : 95 m²',
      'Surface : 95 m²',
      'Aides : ',
      'Note : ',
    ]);
    // The administrator sees "Suivi interne"; the excluded form stays out for everyone.
    const adminText = await merged(admin);
    expect(adminText).toContain('Note interne : Litige avec le voisin');
    expect(adminText).toContain('Note : Litige avec le voisin');
    expect(adminText).toContain('Aides : ');
    expect(adminText.join('\n')).not.toContain('12 000');
  });
});

describe('a selection of more than 50 projects', () => {
  let job = '';
  const header = async (who: LoggedIn) =>
    (
      await t.app.inject({ method: 'GET', url: path('api.notifications.header_unread'), headers: authHeaders(who) })
    ).json<HeaderNotifications>();
  const download = (who: LoggedIn) =>
    t.app.inject({ method: 'GET', url: path('api.projects.documents_job_file', { job }), headers: authHeaders(who) });

  it('is built in the background, then a notification downloads the ZIP of the readable projects only', async () => {
    const owner = (await api().created('individus', { civility: 'monsieur', lastName: 'Lambert', firstName: 'Hugo' }))
      .id;
    for (let index = 1; index <= 51; index += 1) {
      await api().created('projet', { name: `Maison Lambert ${index}`, ownerIndividual: owner });
    }
    const started = await exportMany({ fichierType: ids.letter, filtres: {} }, limited);
    expect(started.statusCode, started.body).toBe(200);
    const state = started.json<{ job: string; total: number; status: string }>();
    // Maison Durand, Copropriété Les Lilas and the 51 new ones; never the confidential project.
    expect(state).toMatchObject({ done: 0, total: 53, status: 'running' });
    job = state.job;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const progress = await t.app.inject({
        method: 'GET',
        url: path('api.projects.documents_job', { job }),
        headers: authHeaders(limited),
      });
      if (progress.json().status === 'done') break;
      expect(progress.json().status).toBe('running');
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const told = await header(limited);
    expect(told.latest[0]).toMatchObject({ kind: 'export_done', exportJob: job, ticket: null, project: null });
    expect(told.unread).toBeGreaterThanOrEqual(1);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: path('api.notifications.page'),
        query: { archived: '0' },
        headers: authHeaders(limited),
      })
    ).json<NotificationPage>();
    expect(page.items.map(({ kind, exportJob }) => [kind, exportJob])).toContainEqual(['export_done', job]);
    // The administrator is not told of another user's export, nor may download it.
    expect((await header(admin)).latest.map(({ exportJob }) => exportJob)).not.toContain(job);
    expect((await download(admin)).statusCode).toBe(404);

    const response = await download(limited);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = new PizZip(response.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(53);
    const firstLines = names.map((name) => wordText(zip.file(name)!.asNodeBuffer())[0]);
    expect(firstLines.every((line) => line!.startsWith('Objet : votre projet '))).toBe(true);
    const texts = names.map((name) => wordText(zip.file(name)!.asNodeBuffer()).join('\n')).join('\n');
    expect(texts).toContain('Monsieur Hugo Lambert');
    expect(texts).not.toContain('confidentiel');
  }, 120_000);

  it('is removed by the hourly maintenance a day later, its notification then without a file', async () => {
    expect(job).not.toBe('');
    const folder = join(uploadsDir, 'documents', String(limited.session.user.id));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const name of await readdir(folder)) await utimes(join(folder, name), dayAgo, dayAgo);
    // Another export of that user, finished an hour ago: kept.
    const recent = randomUUID();
    await writeFile(join(folder, `${recent}.zip`), 'PK');
    await writeFile(join(folder, `${recent}.json`), JSON.stringify({ job: recent, done: 1, total: 1, status: 'done' }));
    await cleanUp(t.database.db, uploadsDir);

    expect((await readdir(folder)).sort()).toEqual([`${recent}.json`, `${recent}.zip`]);
    expect((await download(limited)).statusCode).toBe(404);
    const told = await header(limited);
    const notification = told.latest.find(({ kind }) => kind === 'export_done');
    expect(notification).toMatchObject({ kind: 'export_done', exportJob: null });
  });

  it('tells its user when it fails, with the spec’s export error', async () => {
    const created = await newTemplate('Fiche perdue', docxOf(['{{ projet.nom }}']), 'Fiche perdue.docx');
    expect(created.statusCode, created.body).toBe(201);
    await rm(join(uploadsDir, created.json().file as string));
    const failed = randomUUID();
    // The job as the queue runs it: its template's file gone since the request.
    await buildDocumentsZip(
      t.app.resourceOperations.services,
      uploadsDir,
      { job: failed, userId: limited.session.user.id, template: created.json().id, ids: [ids.house] },
      t.app.log,
    );
    const progress = await t.app.inject({
      method: 'GET',
      url: path('api.projects.documents_job', { job: failed }),
      headers: authHeaders(limited),
    });
    expect(progress.json()).toMatchObject({ status: 'failed' });
    expect((await header(limited)).latest[0]).toMatchObject({ kind: 'export_failed', ticket: null });
    expect(translate('fr', 'export.failed')).toBe("Une erreur est survenue lors de l'export");
  });
});
