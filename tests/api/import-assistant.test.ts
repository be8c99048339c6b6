import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { auditEntries } from '../../src/server/db/schema';
import { cleanUp } from '../../src/server/jobs/maintenance';
import type {
  ImportConfig,
  ImportJob,
  ImportPreview,
  ImportStepReport,
} from '../../src/shared/import-assistant/import-assistant';
import { permissionKey } from '../../src/shared/permissions';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, useAdminApp } from '../support/test-app';
import { temporaryUploadsDir } from '../support/test-database';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();
let contactType: number;

beforeAll(async () => {
  contactType = (await created('types-contact', { name: 'Salarié' })).id;
});

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

async function list(resource: string, query: Record<string, string | number> = {}): Promise<ResourcePage> {
  const response = await t.app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource, parPage: 100, ...query }),
    headers: authHeaders(t.admin),
  });
  return response.json<ResourcePage>();
}

function upload(file: Buffer | string, name = 'contacts.xlsx', who = t.admin) {
  return t.app.inject({
    method: 'POST',
    url: path('api.import_assistant.upload', { nom: name }),
    headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
    payload: file,
  });
}

async function uploaded(file: Buffer | string, name?: string): Promise<{ job: ImportJob; preview: ImportPreview }> {
  const response = await upload(file, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const post = (
  route: 'api.import_jobs.simulate' | 'api.import_jobs.run' | 'api.import_jobs.undo',
  id: number,
  body?: unknown,
) => t.app.inject({ method: 'POST', url: path(route, { id }), headers: authHeaders(t.admin), payload: body as object });

async function job(id: number): Promise<ImportJob> {
  const response = await t.app.inject({
    method: 'GET',
    url: path('api.import_jobs.item', { id }),
    headers: authHeaders(t.admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** An individual's audit entries, oldest first. */
const trail = (id: number) =>
  t.database.db
    .select({ action: auditEntries.action, actorId: auditEntries.actorId, changes: auditEntries.changes })
    .from(auditEntries)
    .where(and(eq(auditEntries.resource, 'individus'), eq(auditEntries.recordId, id)))
    .orderBy(auditEntries.id);

/** Polls the job as the page does, until its run ends; answers what it saw on the way. */
async function settled(id: number): Promise<{ final: ImportJob; seen: ImportJob[] }> {
  const seen: ImportJob[] = [];
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const current = await job(id);
    seen.push(current);
    if (current.status !== 'simulating' && current.status !== 'importing') return { final: current, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} still running`);
}

async function simulated(id: number, config: ImportConfig): Promise<ImportJob> {
  const response = await post('api.import_jobs.simulate', id, config);
  expect(response.statusCode, response.body).toBe(202);
  const { final } = await settled(id);
  expect(final.status, final.error ?? '').toBe('simulated');
  return final;
}

async function imported(id: number): Promise<{ final: ImportJob; seen: ImportJob[] }> {
  const response = await post('api.import_jobs.run', id);
  expect(response.statusCode, response.body).toBe(202);
  const result = await settled(id);
  expect(result.final.status, result.final.error ?? '').toBe('imported');
  return result;
}

async function report(
  id: number,
  route: 'api.import_jobs.structures' | 'api.import_jobs.individuals' | 'api.import_jobs.territories',
) {
  const response = await t.app.inject({ method: 'GET', url: path(route, { id }), headers: authHeaders(t.admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportStepReport>();
}

async function workbook(sheets: Record<string, ExcelJS.CellValue[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    rows.forEach((row) => sheet.addRow(row));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const field = (name: string, column: string, searchCriterion = false) => ({ field: name, column, searchCriterion });

describe('the import assistant', () => {
  it('simulates, then imports 1 000 individuals and their structures from an XLSX tab with a mapping, showing its progress', async () => {
    const header = [
      'Civilité',
      'NOM',
      'Prénom',
      'Courriel',
      'Portable',
      'Organisme',
      'Sigle',
      'Lien',
      'Poste',
      'Territoire',
    ];
    const rows: ExcelJS.CellValue[][] = [header];
    for (let n = 1; n <= 1000; n += 1) {
      const structure = n % 10;
      rows.push([
        n % 2 === 0 ? 'Madame' : 'Monsieur',
        `Nom${n}`,
        `Prénom ${n}`,
        `personne${n}@exemple.fr`,
        `06 12 34 ${String(Math.floor(n / 100)).padStart(2, '0')} ${String(n % 100).padStart(2, '0')}`,
        `Entreprise ${structure}`,
        `E${structure}`,
        'Salarié',
        n % 3 === 0 ? 'Gérant' : 'Technicien',
        structure === 0 ? '' : 'Entreprise 0',
      ]);
    }
    const file = await workbook({ Notes: [['Fichier des contacts 2026']], Contacts: rows });

    const { job: sent, preview } = await uploaded(file, 'contacts-2026.xlsx');
    expect(sent).toMatchObject({
      fileName: 'contacts-2026.xlsx',
      format: 'xlsx',
      status: 'uploaded',
      sheets: ['Notes', 'Contacts'],
    });
    expect(preview).toMatchObject({ sheets: ['Notes', 'Contacts'], sheet: 0, rowCount: 0 });

    const second = await t.app.inject({
      method: 'GET',
      url: path('api.import_jobs.preview', { id: sent.id, onglet: 1, entete: 1 }),
      headers: authHeaders(t.admin),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<ImportPreview>()).toMatchObject({ sheet: 1, headers: header, rowCount: 1000, columnCount: 10 });
    expect(second.json<ImportPreview>().sample[0]).toEqual([
      'Monsieur',
      'Nom1',
      'Prénom 1',
      'personne1@exemple.fr',
      '06 12 34 00 01',
      'Entreprise 1',
      'E1',
      'Salarié',
      'Technicien',
      'Entreprise 0',
    ]);

    const config: ImportConfig = {
      type: 'individus',
      sheet: 1,
      header: true,
      numericColumns: false,
      fields: [
        field('individual.civility', 'A'),
        field('individual.lastName', 'B'),
        field('individual.firstName', 'C'),
        field('individual.email', 'd'),
        field('individual.mobile', 'E'),
        field('structure.name', 'F'),
        field('structure.acronym', 'G'),
        field('link.contactType', 'H'),
        field('link.function', 'I'),
        field('structure.territories', 'J'),
      ],
    };
    const simulation = await simulated(sent.id, config);
    expect(simulation.results).toEqual({
      structures: { created: 10, updated: 0, rejected: 0 },
      territoires: { created: 0, updated: 9, rejected: 0 },
      individus: { created: 1000, updated: 0, rejected: 0 },
    });
    expect(simulation).toMatchObject({
      run: 'simulation',
      processed: 1000,
      total: 1000,
      step: 'individus',
      canUndo: false,
    });
    // A simulation changes nothing.
    expect((await list('individus')).total).toBe(0);
    expect((await list('structures')).total).toBe(0);

    const { final, seen } = await imported(sent.id);
    expect(final.results).toEqual(simulation.results);
    expect(final).toMatchObject({ run: 'import', processed: 1000, total: 1000, canUndo: true });
    // While it ran, the job said where it stood: N / total rows of a step.
    const running = seen.filter(({ status }) => status === 'importing');
    expect(running.length).toBeGreaterThan(0);
    for (const { processed, total } of running) expect(processed).toBeLessThanOrEqual(total);

    expect((await list('individus')).total).toBe(1000);
    const companies = await list('structures', { tri: 'name' });
    expect(companies.items.map(({ name }) => name)).toEqual(Array.from({ length: 10 }, (_, n) => `Entreprise ${n}`));
    const parent = companies.items[0]!;
    expect(companies.items[1]).toMatchObject({ acronym: 'E1', parents: [parent.id] });
    expect(parent).toMatchObject({ parents: [] });
    const [person] = (await list('individus', { q: 'personne30@' })).items;
    expect(person).toMatchObject({
      civility: 'madame',
      lastName: 'Nom30',
      firstName: 'Prénom 30',
      mobile: '06 12 34 00 30',
      structures: [
        expect.objectContaining({ structure: parent.id, contactType, function: 'Gérant', leftStructure: false }),
      ],
      createdBy: t.admin.session.user.id,
    });

    // Run again, the file creates nothing more.
    const again = await post('api.import_jobs.run', sent.id);
    expect(again.statusCode).toBe(409);
  });

  it('refuses rows with the reason and the advice that goes with it, and imports the others', async () => {
    await created('individus', { lastName: 'Martin', firstName: 'Louise' });
    const csv = [
      'Nom;Prénom;Email;Code postal',
      'Bernard;Alice;alice@exemple.fr;01000',
      'Petit;;pas-une-adresse;01000',
      'Seul;;;',
      ';;;',
      'Bernard;Alice;autre@exemple.fr;',
      'MARTIN;louise;louise@exemple.fr;1000',
      'Roux;Jean;jean@exemple.fr;01000',
    ].join('\r\n');
    const { job: sent } = await uploaded(csv, 'particuliers.csv');
    const config: ImportConfig = {
      type: 'individus',
      sheet: 0,
      header: true,
      numericColumns: true,
      fields: [
        field('individual.lastName', '0'),
        field('individual.firstName', '1'),
        field('individual.email', '2', true),
        field('individual.postalCode', '3'),
      ],
    };
    const simulation = await simulated(sent.id, config);
    expect(simulation.results.individus).toEqual({ created: 2, updated: 0, rejected: 4 });
    const { rejections } = await report(sent.id, 'api.import_jobs.individuals');
    expect(rejections).toEqual([
      { row: 3, field: 'individual.email', message: "L'adresse email n'est pas valide", advice: 'fix_errors' },
      {
        row: 4,
        field: null,
        message: 'Au moins 2 des 3 champs nom, prénom et structure doivent être renseignés.',
        advice: 'two_names',
      },
      {
        row: 6,
        field: null,
        message: 'Doublon : la ligne 2 du fichier décrit déjà cette fiche.',
        advice: 'no_duplicates',
      },
      // 1000 is the postal code 01000 (a spreadsheet's number); but Martin Louise exists already.
      {
        row: 7,
        field: 'individual.lastName',
        message: 'Un particulier du même nom existe déjà : Martin Louise',
        advice: 'no_duplicates',
      },
    ]);

    const { final } = await imported(sent.id);
    expect(final.results.individus).toEqual({ created: 2, updated: 0, rejected: 4 });
    const found = async (q: string) => (await list('individus', { q })).total;
    expect([await found('Bernard'), await found('Roux'), await found('Petit'), await found('Seul')]).toEqual([
      1, 1, 0, 0,
    ]);
  });

  it('updates the record a row matches on the search criteria rather than creating a duplicate, and undoes the import as a whole', async () => {
    const durand = await created('individus', {
      lastName: 'Durand',
      firstName: 'Élodie',
      email: 'elodie.durand@exemple.fr',
      mobile: '06 11 22 33 44',
      comments: 'Rencontrée au salon',
    });
    const csv = [
      'nom,prenom,mobile,commentaires',
      // Case, accents and hyphens aside, the same name: the record is updated, an empty cell keeps its value.
      '"DURAND","elodie","0699887766",',
      'Nouveau,Client,0611111111,Premier contact',
    ].join('\n');
    const { job: sent } = await uploaded(csv, 'mise-a-jour.csv');
    const config: ImportConfig = {
      type: 'individus',
      sheet: 0,
      header: true,
      numericColumns: false,
      fields: [
        field('individual.lastName', 'A'),
        field('individual.firstName', 'B'),
        field('individual.mobile', 'C'),
        field('individual.comments', 'D'),
      ],
    };
    expect((await simulated(sent.id, config)).results.individus).toEqual({ created: 1, updated: 1, rejected: 0 });
    const before = (await list('individus')).total;
    const { final } = await imported(sent.id);
    expect(final.results.individus).toEqual({ created: 1, updated: 1, rejected: 0 });
    expect((await list('individus')).total).toBe(before + 1);
    const updated = await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: 'individus', id: durand.id }),
      headers: authHeaders(t.admin),
    });
    expect(updated.json()).toMatchObject({
      lastName: 'Durand',
      firstName: 'Élodie',
      mobile: '06 99 88 77 66',
      comments: 'Rencontrée au salon',
      email: 'elodie.durand@exemple.fr',
    });

    const [newcomer] = (await list('individus', { q: 'Nouveau' })).items;

    const undone = await post('api.import_jobs.undo', sent.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<ImportJob>()).toMatchObject({ status: 'undone', canUndo: false });
    // The import and its undo are in the audit trail, as the forms' writes are, by whoever imported.
    const admin = t.admin.session.user.id;
    expect(await trail(durand.id)).toEqual([
      { action: 'create', actorId: admin, changes: expect.any(Array) },
      {
        action: 'update',
        actorId: admin,
        changes: [{ field: 'mobile', before: '06 11 22 33 44', after: '06 99 88 77 66' }],
      },
      {
        action: 'update',
        actorId: admin,
        changes: [{ field: 'mobile', before: '06 99 88 77 66', after: '06 11 22 33 44' }],
      },
    ]);
    expect(await trail(newcomer!.id)).toEqual([
      {
        action: 'create',
        actorId: admin,
        changes: expect.arrayContaining([
          { field: 'lastName', before: null, after: 'Nouveau' },
          { field: 'firstName', before: null, after: 'Client' },
          { field: 'mobile', before: null, after: '06 11 11 11 11' },
          { field: 'comments', before: null, after: 'Premier contact' },
        ]),
      },
      { action: 'delete', actorId: admin, changes: [] },
    ]);
    expect((await list('individus')).total).toBe(before);
    const restored = await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: 'individus', id: durand.id }),
      headers: authHeaders(t.admin),
    });
    expect(restored.json()).toMatchObject({ mobile: '06 11 22 33 44', comments: 'Rencontrée au salon' });
    expect((await list('individus', { q: 'Nouveau' })).total).toBe(0);
    const twice = await post('api.import_jobs.undo', sent.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Cet import ne peut pas être annulé.');
  });

  it('refuses, changing nothing, to undo an import whose records were edited since, or that a record made since points at', async () => {
    const importOne = async (csv: string, config: ImportConfig) => {
      const { job: sent } = await uploaded(csv, 'fiches.csv');
      await simulated(sent.id, config);
      await imported(sent.id);
      return sent.id;
    };
    const undoRefusal = async (id: number) => {
      const refused = await post('api.import_jobs.undo', id);
      return { status: refused.statusCode, message: refused.json().message, job: (await job(id)).status };
    };

    const individualsJob = await importOne('nom,prenom\nLefebvre,Anaïs', {
      type: 'individus',
      sheet: 0,
      header: true,
      numericColumns: false,
      fields: [field('individual.lastName', 'A'), field('individual.firstName', 'B')],
    });
    const [anais] = (await list('individus', { q: 'Lefebvre' })).items;
    const edit = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'individus', id: anais!.id }),
      headers: authHeaders(t.admin),
      payload: { lastName: 'Lefebvre', firstName: 'Anaïs', comments: 'Rappeler en janvier' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await undoRefusal(individualsJob)).toEqual({
      status: 409,
      message:
        "L'import ne peut pas être annulé : des fiches qu'il a créées ou modifiées ont été modifiées depuis, " +
        'et ces modifications seraient perdues.',
      job: 'imported',
    });
    expect((await list('individus', { q: 'Lefebvre' })).items).toMatchObject([{ comments: 'Rappeler en janvier' }]);

    const structuresJob = await importOne('nom\nAtelier du Bois Cordé', {
      type: 'structures',
      sheet: 0,
      header: true,
      numericColumns: false,
      fields: [field('structure.name', 'A')],
    });
    const [atelier] = (await list('structures', { q: 'Atelier du Bois' })).items;
    await created('structures', { name: 'Annexe du Bois Cordé', parents: [atelier!.id] });
    expect(await undoRefusal(structuresJob)).toEqual({
      status: 409,
      message: "L'import ne peut pas être annulé : des fiches qu'il a créées sont désormais liées à d'autres éléments.",
      job: 'imported',
    });
    expect((await list('structures', { q: 'Bois Cordé' })).total).toBe(2);
  });

  it('imports structures with their main address and the territories the file names, then updates them found by SIRET', async () => {
    const communeId = (
      await created('communes', { inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'] })
    ).id;
    const file = await workbook({
      Structures: [
        ['Nom', 'Sigle', 'SIRET', 'Type', 'Adresse', 'CP', 'Commune', 'Territoires'],
        [
          'Communauté d’agglomération du Bassin de Bourg',
          'CA3B',
          '',
          'Public',
          '3 avenue Arsène d’Arsonval',
          '01000',
          'Bourg-en-Bresse',
          '',
        ],
        ['Mairie de Bourg', '', '81234567800021', 'public', '', '01000', '01053', 'CA3B,Inconnue'],
        ['Boulangerie Martin', 'BM', '', 'Privé', '', '', '', 'CA3B'],
        ['Boulangerie Martin', 'BM', '', 'Privé', '', '', '', ''],
      ],
    });
    const { job: sent } = await uploaded(file, 'structures.xlsx');
    const config: ImportConfig = {
      type: 'structures',
      sheet: 0,
      header: true,
      numericColumns: false,
      fields: ['name', 'acronym', 'siret', 'contactType', 'address', 'postalCode', 'commune', 'territories'].map(
        (name, index) => field(`structure.${name}`, String.fromCharCode(65 + index)),
      ),
    };
    const simulation = await simulated(sent.id, config);
    expect(simulation.results).toEqual({
      structures: { created: 3, updated: 0, rejected: 1 },
      territoires: { created: 0, updated: 1, rejected: 1 },
    });
    expect((await report(sent.id, 'api.import_jobs.territories')).rejections).toEqual([
      {
        row: 3,
        field: 'structure.territories',
        message: "Aucune structure ne s'appelle « Inconnue » : créez-la ou corrigez son nom.",
        advice: 'commas',
      },
    ]);
    await imported(sent.id);
    const [agglomeration, bakery] = [
      (await list('structures', { q: 'CA3B' })).items[0]!,
      (await list('structures', { q: 'Boulangerie' })).items[0]!,
    ];
    expect(agglomeration).toMatchObject({
      contactType: 'public',
      addresses: [
        expect.objectContaining({
          address: '3 avenue Arsène d’Arsonval',
          postalCode: '01000',
          commune: communeId,
          main: true,
        }),
      ],
    });
    expect(bakery).toMatchObject({ contactType: 'private', parents: [agglomeration.id] });
    const town = (await list('structures', { q: 'Mairie de Bourg' })).items[0]!;
    expect(town).toMatchObject({ siret: '81234567800021', parents: [] });

    // A file matching structures on their SIRET renames the town hall; rows without a SIRET match nothing.
    const renamed = await uploaded(
      'siret;nom;tel\n812 345 678 00021;Hôtel de ville de Bourg;04 74 00 00 00\n;Fromagerie;\n',
      'siret.csv',
    );
    const bySiret: ImportConfig = {
      type: 'structures',
      sheet: 0,
      header: true,
      numericColumns: false,
      fields: [field('structure.siret', 'A', true), field('structure.name', 'B'), field('structure.phone', 'C')],
    };
    expect((await simulated(renamed.job.id, bySiret)).results.structures).toEqual({
      created: 1,
      updated: 1,
      rejected: 0,
    });
    await imported(renamed.job.id);
    const [renamedTown] = (await list('structures', { q: 'Hôtel de ville' })).items;
    expect(renamedTown).toMatchObject({ id: town.id, siret: '81234567800021', phone: '04 74 00 00 00' });
  });

  it('refuses bad files with a clear error and keeps nothing of them', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: path('api.import_jobs.collection'),
      headers: authHeaders(t.admin),
    });
    const jobsBefore = before.json<ImportJob[]>().length;

    const notSpreadsheet = await upload(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'photo.png',
    );
    expect(notSpreadsheet.statusCode).toBe(400);
    expect(notSpreadsheet.json().message).toBe(
      "Ce format de fichier n'est pas reconnu : choisissez un fichier CSV ou Excel (XLSX).",
    );
    expect((await upload('', 'vide.csv')).json().message).toBe('Veuillez choisir un fichier.');
    expect((await upload('\r\n;;\r\n\r\n', 'blanc.csv')).json().message).toBe(
      'Le fichier ne contient aucune ligne à importer.',
    );
    const broken = await upload(
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
      'abime.xlsx',
    );
    expect(broken.json().message).toBe('Le fichier Excel ne peut pas être lu.');

    // Zip bombs: a sheet announcing 300 MB, and one announcing 1 KB that inflates to 300 MB.
    const bombMessage =
      "Le fichier Excel décompressé dépasse 256 Mo : il est peut-être endommagé ou malveillant, il n'a pas été lu.";
    for (const announced of [300 * 1024 * 1024, 1024]) {
      const bomb = await upload(await zipBomb(300 * 1024 * 1024, announced), 'bombe.xlsx');
      expect(bomb.statusCode).toBe(400);
      expect(bomb.json().message).toBe(bombMessage);
    }

    const after = await t.app.inject({
      method: 'GET',
      url: path('api.import_jobs.collection'),
      headers: authHeaders(t.admin),
    });
    expect(after.json<ImportJob[]>().length).toBe(jobsBefore);

    // A tab the file does not have, and a mapping that does not hold: refused, nothing runs.
    const { job: sent } = await uploaded(await workbook({ Feuille: [['Nom'], ['Dupuis']] }), 'un-onglet.xlsx');
    const wrongTab = await t.app.inject({
      method: 'GET',
      url: path('api.import_jobs.preview', { id: sent.id, onglet: 3 }),
      headers: authHeaders(t.admin),
    });
    expect(wrongTab.statusCode).toBe(400);
    expect(wrongTab.json().message).toBe(
      "L'onglet n° 3 n'existe pas : le fichier compte 1 onglet(s), numérotés à partir de 0.",
    );
    const config: ImportConfig = {
      type: 'individus',
      sheet: 3,
      header: true,
      numericColumns: false,
      fields: [field('individual.lastName', 'A')],
    };
    expect((await post('api.import_jobs.simulate', sent.id, config)).json().message).toBe(wrongTab.json().message);
    const badMapping = await post('api.import_jobs.simulate', sent.id, {
      ...config,
      sheet: 0,
      fields: [field('individual.lastName', '3'), field('structure.territories', 'B', true)],
    });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().fieldErrors).toEqual({
      'fields.0.column': 'Saisissez la lettre de la colonne (A, B… AA).',
      'fields.1.searchCriterion': 'Ce champ ne peut pas servir de critère de recherche.',
    });
    const notSimulated = await post('api.import_jobs.run', sent.id);
    expect(notSimulated.statusCode).toBe(409);
    expect(notSimulated.json().message).toBe("Lancez d'abord la simulation avec ces correspondances.");
    expect((await job(sent.id)).status).toBe('uploaded');
  });

  it('keeps mappings as import templates, checked as the assistant checks them', async () => {
    const templates = path('api.resource.collection', { resource: 'templates-import' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: templates,
      headers: authHeaders(t.admin),
      payload: {
        name: 'Structures',
        type: 'structures',
        sheet: 0,
        fields: [{ field: 'individual.lastName', column: 'A' }],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toMatchObject({
      'fields.0.field': "Ce champ ne s'importe pas avec ce type de fichier.",
      fields:
        'Associez une colonne au nom de la structure (fichier de structures) ou au nom du particulier (fichier de particuliers).',
    });
    const template = await created('templates-import', {
      name: 'Annuaire des entreprises',
      type: 'individus',
      numericColumns: true,
      header: true,
      sheet: 1,
      fields: [field('individual.lastName', '0', true), field('structure.name', '4')],
    });
    expect(template).toMatchObject({
      sheet: 1,
      numericColumns: true,
      fields: [field('individual.lastName', '0', true), field('structure.name', '4')],
    });

    const choices = await t.app.inject({
      method: 'GET',
      url: path('api.import_assistant.choices', { type: 'structures' }),
      headers: authHeaders(t.admin),
    });
    expect(choices.json()).toContainEqual({
      value: 'structure.territories',
      label: 'Structure : territoires de rattachement (séparés par des virgules)',
      entity: 'structure',
    });
    expect(choices.json()).not.toContainEqual(expect.objectContaining({ value: 'individual.lastName' }));
  });

  it('is for those who may add contacts, each seeing their own imports', async () => {
    const reader = await logInWithProfile(t, {
      email: 'lectrice@exemple.fr',
      permissions: [permissionKey('individus', 'consult'), permissionKey('structures', 'consult')],
    });
    expect((await upload('Nom\nDupont\n', 'a.csv', reader)).statusCode).toBe(403);
    const writer = await logInWithProfile(t, {
      email: 'redacteur@exemple.fr',
      permissions: ['individus', 'structures'].flatMap((slug) =>
        (['add', 'modify', 'consult'] as const).map((group) => permissionKey(slug, group)),
      ),
    });
    const own = await upload('Nom\nDupont\n', 'a.csv', writer);
    expect(own.statusCode, own.body).toBe(201);
    const theirs = await t.app.inject({
      method: 'GET',
      url: path('api.import_jobs.item', { id: own.json().job.id }),
      headers: authHeaders(
        await logInWithProfile(t, {
          email: 'autre@exemple.fr',
          permissions: [permissionKey('individus', 'add')],
        }),
      ),
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe("the assistant's files", () => {
  it("count in their sender's upload quota, and go with their job a week after it last changed", async () => {
    const uploadsDir = await temporaryUploadsDir();
    const small = await createTestApp(undefined, { uploadQuotaBytes: 1024 * 1024, uploadsDir });
    try {
      let admin = await logIn(small.app);
      const send = (url: string, payload: string) =>
        small.app.inject({
          method: 'POST',
          url,
          headers: { ...authHeaders(admin), 'content-type': 'application/octet-stream' },
          payload,
        });
      const overQuota = "Vous avez atteint votre quota de fichiers envoyés (1 Mo) : le fichier n'a pas été enregistré.";
      // About 600 KB each: one fits in the quota of 1 MB, two do not.
      const csv = `Nom;Prénom\n${'Martin;Louise\n'.repeat(44_000)}`;
      const first = await send(path('api.import_assistant.upload', { nom: 'contacts.csv' }), csv);
      expect(first.statusCode, first.body).toBe(201);
      const jobId = first.json<{ job: ImportJob }>().job.id;
      const second = await send(path('api.import_assistant.upload', { nom: 'encore.csv' }), csv);
      expect(second.statusCode).toBe(413);
      expect(second.json().message).toBe(overQuota);
      // The form's uploads share the quota.
      const form = await send(
        path('api.upload', { dossier: 'piece-jointe', nom: 'devis.pdf' }),
        'x'.repeat(500 * 1024),
      );
      expect(form.statusCode).toBe(413);
      expect(await readdir(join(uploadsDir, 'imports'))).toHaveLength(1);

      const cleanUpAt = async (days: number) => {
        vi.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
        try {
          await cleanUp(small.database.db, uploadsDir);
        } finally {
          vi.restoreAllMocks();
        }
        // The cleanup also ends sessions idle for days: a new one.
        admin = await logIn(small.app);
      };
      const jobStatus = async () =>
        (
          await small.app.inject({
            method: 'GET',
            url: path('api.import_jobs.item', { id: jobId }),
            headers: authHeaders(admin),
          })
        ).statusCode;
      await cleanUpAt(6);
      expect(await jobStatus()).toBe(200);
      await cleanUpAt(8);
      expect(await jobStatus()).toBe(404);
      expect(await readdir(join(uploadsDir, 'imports'))).toEqual([]);
      const again = await send(path('api.import_assistant.upload', { nom: 'encore.csv' }), csv);
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      await small.close();
    }
  });
});

/** A zip holding one sheet of `size` zero bytes (a few hundred kilobytes once deflated) that announces `announced` bytes. */
async function zipBomb(size: number, announced: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const source = new PassThrough();
  source.pipe(deflate);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    if (!source.write(zeros)) await new Promise((resolve) => source.once('drain', resolve));
  }
  source.end();
  await done;
  const data = Buffer.concat(chunks);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(announced, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(announced, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
