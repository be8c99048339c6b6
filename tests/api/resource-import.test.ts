import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { users } from '../../src/server/db/schema';
import type { ImportAnalysis, ImportFailure, ImportMapping } from '../../src/shared/resources/import';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, logIn, useAdminApp, type LoggedIn } from '../support/test-app';

const t = useAdminApp();
let consultant: LoggedIn;

beforeAll(async () => {
  const password = 'Conseillere-solide-2026';
  await t.database.db
    .insert(users)
    .values({ email: 'conseillere@exemple.fr', passwordHash: await hashPassword(password) });
  consultant = await logIn(t.app, { email: 'conseillere@exemple.fr', password });
});

const uploadHeaders = (who: LoggedIn) => ({ ...authHeaders(who), 'content-type': 'application/octet-stream' });

function analyse(resource: string, file: Buffer | string, who = t.admin) {
  return t.app.inject({
    method: 'POST',
    url: path('api.resource.import_analyse', { resource }),
    headers: uploadHeaders(who),
    payload: file,
  });
}

function importFile(resource: string, file: Buffer | string, mapping: ImportMapping, who = t.admin) {
  return t.app.inject({
    method: 'POST',
    url: path('api.resource.import', { resource, mapping: JSON.stringify(mapping) }),
    headers: uploadHeaders(who),
    payload: file,
  });
}

async function list(resource: string): Promise<ResourceRecord[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource, parPage: 100, tri: 'createdAt' }),
    headers: { cookie: t.admin.cookie },
  });
  return response.json<ResourcePage>().items;
}

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Feuille 1');
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('import', () => {
  it('analyses a CSV (semicolons, BOM): headers, sample, row count and the mapping its French headers suggest', async () => {
    const csv =
      '\uFEFFADRESSE URL;Commentaire;nom\r\nhttps://exemple.fr/a;rien;Alpha\r\n\r\nhttps://exemple.fr/b;;Bêta\r\n';
    const response = await analyse('liens-utiles', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportAnalysis>()).toEqual({
      columns: ['ADRESSE URL', 'Commentaire', 'nom'],
      sample: [
        ['https://exemple.fr/a', 'rien', 'Alpha'],
        ['https://exemple.fr/b', '', 'Bêta'],
      ],
      rowCount: 2,
      mapping: { name: 2, url: 0 },
    });

    const reunions = await analyse(
      'types-reunion',
      'Réunions à venir dans l’historique,AFFICHE SUR LE KANBAN,Nom\n1,0,x\n',
    );
    expect(reunions.json<ImportAnalysis>().mapping).toEqual({ name: 2, onKanban: 1, upcomingInHistory: 0 });
  });

  it('imports a CSV with semicolons and a BOM', async () => {
    const csv =
      '\uFEFFNom;Adresse (URL)\r\nFrance Rénov;https://france-renov.gouv.fr\r\nAnah;https://www.anah.gouv.fr\r\n';
    const response = await importFile('liens-utiles', csv, { name: 0, url: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2 });
    const imported = (await list('liens-utiles')).slice(-2);
    expect(imported).toMatchObject([
      { name: 'France Rénov', url: 'https://france-renov.gouv.fr', createdBy: t.admin.session.user.id },
      { name: 'Anah', url: 'https://www.anah.gouv.fr', updatedBy: t.admin.session.user.id },
    ]);
  });

  it('reads commas, quoted fields with "" and line breaks, and Windows-1252 bytes', async () => {
    const csv =
      'url,name\r\nhttps://exemple.fr/q,"Le ""guide"", version\r\n2"\r\nhttps://exemple.fr/e,Économies d\'énergie\r\n';
    const response = await importFile('liens-utiles', Buffer.from(csv, 'latin1'), { name: 1, url: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect((await list('liens-utiles')).slice(-2).map((record) => record.name)).toEqual([
      'Le "guide", version\n2',
      "Économies d'énergie",
    ]);
  });

  it('imports an XLSX: rich text, formula results, booleans and dates as plain values', async () => {
    const file = await xlsx([
      ['Nom', 'Affiché sur le kanban', "Réunions à venir dans l'historique"],
      [{ richText: [{ text: 'Comité ' }, { text: 'de suivi', font: { bold: true } }] }, true, 'non'],
      [{ formula: '"Visite "&"technique"', result: 'Visite technique' }, 'Oui', 'VRAI'],
    ]);
    const analysis = (await analyse('types-reunion', file)).json<ImportAnalysis>();
    expect(analysis.mapping).toEqual({ name: 0, onKanban: 1, upcomingInHistory: 2 });
    const response = await importFile('types-reunion', file, analysis.mapping);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2 });
    expect(await list('types-reunion')).toMatchObject([
      { name: 'Comité de suivi', onKanban: true, upcomingInHistory: false },
      { name: 'Visite technique', onKanban: true, upcomingInHistory: true },
    ]);
  });

  it('appends the rows of a sortable resource after its records', async () => {
    await importFile('types-tache', 'Nom\nAppel\n', { name: 0, icon: null });
    const response = await importFile('types-tache', 'Nom;Icône\nCourrier;mail\nRelance;bell\n', { name: 0, icon: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect((await list('types-tache')).map(({ name, position }) => [name, position])).toEqual([
      ['Appel', 0],
      ['Courrier', 1],
      ['Relance', 2],
    ]);
  });

  it('refuses a file with a bad row: nothing is imported, and the report names the row, field and message', async () => {
    const before = (await list('liens-utiles')).length;
    const csv = 'Nom;Adresse (URL)\nBon;https://exemple.fr/ok\nMauvais;pas une adresse\n;https://exemple.fr/sans-nom\n';
    const response = await importFile('liens-utiles', csv, { name: 0, url: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ImportFailure>()).toMatchObject({
      message: "Le fichier contient des erreurs : rien n'a été importé. Corrigez-les puis importez-le de nouveau.",
      errors: [
        { row: 3, field: 'url', message: 'validation.url' },
        { row: 4, field: 'name', message: 'validation.required' },
      ],
      errorCount: 2,
    });
    expect(await list('liens-utiles')).toHaveLength(before);
  });

  it('reads a month-year typed mm/aaaa, and refuses a month that is not one', async () => {
    // The font size is required, default or not.
    const mapping = { name: 0, type: 1, firstMonth: 2, lastMonth: 3, fontSize: 4 };
    const refused = await importFile(
      'champs-de-formulaire',
      'Nom;Type;Premier mois;Dernier mois;Taille\nFin des travaux;month_year;03/2026;13/2026;21\n',
      mapping,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<ImportFailure>().errors, refused.body).toEqual([
      { row: 2, field: 'lastMonth', message: 'validation.month_year' },
    ]);
    const response = await importFile(
      'champs-de-formulaire',
      'Nom;Type;Premier mois;Dernier mois;Taille\nFin des travaux;Mois et année (mm/aaaa);03/2026;2027-12;21\n',
      mapping,
    );
    expect(response.json()).toEqual({ imported: 1 });
    expect((await list('champs-de-formulaire')).at(-1)).toMatchObject({
      name: 'Fin des travaux',
      type: 'month_year',
      firstMonth: '2026-03',
      lastMonth: '2027-12',
    });
  });

  it('refuses a mapping that leaves a required field out, before reading the file', async () => {
    const response = await importFile('liens-utiles', 'not even read', { name: 0, url: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Associez une colonne du fichier à chaque champ obligatoire.',
      fieldErrors: { url: 'Ce champ obligatoire doit être associé à une colonne.' },
    });
  });

  it('matches references by title, ignoring accents and case, or by id', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'thematiques-projet' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Énergies renouvelables' },
    });
    const parent = created.json<ResourceRecord>();
    const mapping = { name: 0, parent: 1, attachedToWatch: 2 };

    const unknown = await importFile(
      'thematiques-projet',
      'Nom;Parente;Veille\nBois;Inconnue;non\nPAC;énergies;peut-être\n',
      mapping,
    );
    expect(unknown.json<ImportFailure>().errors).toEqual([
      { row: 2, field: 'parent', message: 'validation.reference' },
      { row: 3, field: 'parent', message: 'validation.reference' },
      { row: 3, field: 'attachedToWatch', message: 'import.boolean' },
    ]);

    const csv = `Nom;Parente;Veille\nSolaire;ENERGIES RENOUVELABLES;oui\nÉolien;${parent.id};\nIsolation;;faux\n`;
    const response = await importFile('thematiques-projet', csv, mapping);
    expect(response.statusCode, response.body).toBe(200);
    expect((await list('thematiques-projet')).slice(1)).toMatchObject([
      { name: 'Solaire', parent: parent.id, attachedToWatch: true },
      { name: 'Éolien', parent: parent.id, attachedToWatch: false },
      { name: 'Isolation', parent: null, attachedToWatch: false },
    ]);
  });

  it('refuses what is not a CSV or XLSX file, and an empty file, in French', async () => {
    const binary = await analyse('liens-utiles', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 1]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe(
      "Ce format de fichier n'est pas reconnu : choisissez un fichier CSV ou Excel (XLSX).",
    );
    const empty = await analyse('liens-utiles', 'Nom;Adresse (URL)\n');
    expect(empty.json().message).toBe('Le fichier ne contient aucune ligne à importer.');
  });

  it('refuses files over 10 MB and over 20 000 rows', async () => {
    const large = await analyse('liens-utiles', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Le fichier dépasse la taille maximale de 10 Mo.');
    const long = await analyse('liens-utiles', `Nom\n${'x\n'.repeat(20_001)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Le fichier dépasse 20 000 lignes : découpez-le en plusieurs fichiers.');
  });

  it('needs a session, and the right to create', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: path('api.resource.import_analyse', { resource: 'liens-utiles' }),
      headers: { 'content-type': 'application/octet-stream' },
      payload: 'Nom\nA\n',
    });
    expect(anonymous.statusCode).toBe(401);
    const before = (await list('liens-utiles')).length;
    const forbidden = await importFile(
      'liens-utiles',
      'Nom;URL\nA;https://exemple.fr\n',
      { name: 0, url: 1 },
      consultant,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(await list('liens-utiles')).toHaveLength(before);
  });
});
