import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../src/shared/resources/fields';
import { path } from '../../src/shared/routes';
import { docxOf } from '../../src/server/documents/docx-skeleton';
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
