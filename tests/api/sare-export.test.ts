import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The advice acts in ADEME's SARE file: the bytes of the file, read against lines written here
 * (Windows-1252, `|;|`, CRLF, no header, 39 columns), and its filters.
 */
const t = useAdminApp();
const ids = {} as Record<'missionA' | 'missionB' | 'adviser' | 'building' | 'a1' | 'a2' | 'a3' | 'a4', number>;
/** Today's date as the server writes it, read when a test asserts it (a run may cross midnight). */
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const api = resourceRequests(t.app, t.admin);
  const created = async (slug: string, values: Record<string, unknown>) => (await api.created(slug, values)).id;
  const service = await created('service', { name: 'Espace Conseil France Rénov’ de Bresse' });
  const [adviser] = await t.database.db
    .insert(users)
    .values({ email: 'julien.bernard@exemple.fr', firstName: 'Julien', lastName: 'Bernard', serviceId: service })
    .returning({ id: users.id });
  ids.adviser = adviser!.id;
  ids.missionA = await created('missions', { name: 'Conseil aux particuliers', allProjects: true });
  ids.missionB = await created('missions', { name: 'Copropriétés' });
  const bourg = await created('communes', { inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'] });
  const dupont = await created('individus', {
    civility: 'madame',
    lastName: 'Dupont',
    firstName: 'Marie-Hélène',
    email: 'marie.dupont@exemple.fr',
    mobile: '06 12 34 56 78',
    address: '3 rue de la République',
    postalCode: '01000',
    commune: bourg,
  });
  const sci = await created('structures', {
    name: 'SCI Les Tilleuls',
    siret: '81234567800021',
    contactType: 'private',
    phone: '04 74 12 34 56',
    addresses: [
      {
        label: 'Siège',
        address: '12 allée des Tilleuls',
        complement: '',
        postalCode: '01000',
        city: 'Bourg-en-Bresse',
        commune: bourg,
        main: true,
      },
    ],
  });
  const row = (mission: number) => [{ mission, projectType: null, officer: null }];
  const house = await created('projet', {
    name: 'Maison Dupont',
    ownerIndividual: dupont,
    missions: row(ids.missionA),
  });
  const building = await created('projet', {
    name: 'Immeuble des Tilleuls',
    ownerStructure: sci,
    missions: row(ids.missionB),
  });
  ids.building = building;
  const act = (project: number, values: Record<string, unknown>) =>
    created('commentaires-projet', { project, adviser: ids.adviser, ...values });
  ids.a1 = await act(house, {
    subject: 'Premier rendez-vous',
    actDate: '2026-03-10',
    actType: 'A01',
    ademe: true,
    ademeNumber: 'SARE-00001',
    durationMinutes: 45,
    informationTypes: ['financial', 'technical'],
    serviceContinuation: ['works_support', 'energy_audit'],
    customerQuestion: '<p>Isoler les combles ?</p><p>Et les aides &amp; primes |;| lesquelles ?</p>',
    adviserAnswer: '<p>Audit d’abord → puis travaux.<br>MaPrimeRénov’ possible.</p>',
    auditReportHandedOver: true,
  });
  ids.a2 = await act(building, {
    subject: 'Assemblée générale',
    actDate: '2026-03-12',
    actType: 'A04b',
    ademe: false,
    informationTypes: ['legal'],
  });
  ids.a3 = await act(house, {
    subject: 'Appel',
    actDate: '2026-02-01',
    actType: 'A02',
    ademe: true,
    durationMinutes: 10,
  });
  ids.a4 = await act(building, {
    subject: 'Visite',
    actDate: '2026-03-11',
    actType: 'A03',
    ademe: true,
    adviser: null,
  });
});

/** A line of the file: its 39 columns, from 1. */
function line(columns: Record<number, string>): string {
  return Array.from({ length: 39 }, (_unused, index) => columns[index + 1] ?? '').join('|;|') + '\r\n';
}

// Windows-1252: "é" is 0xE9 (as in Latin-1), "’" is 0x92, "→" has no byte and becomes "?".
const service = 'Espace Conseil France R\xe9nov\x92 de Bresse';
const expectedLines = () => ({
  a3: line({
    1: String(ids.a3),
    2: service,
    3: 'Bernard Julien',
    4: 'A02',
    5: '2026-02-01',
    6: '10',
    7: 'M',
    9: 'Dupont',
    10: 'Marie-H\xe9l\xe8ne',
    14: 'marie.dupont@exemple.fr',
    15: '06 12 34 56 78',
    18: '01000',
    19: 'Bourg-en-Bresse',
    20: '3 rue de la R\xe9publique',
    28: 'Non',
    38: today(),
    39: '01053',
  }),
  a1: line({
    1: String(ids.a1),
    2: service,
    3: 'Bernard Julien',
    4: 'A01',
    5: '2026-03-10',
    6: '45',
    7: 'M',
    9: 'Dupont',
    10: 'Marie-H\xe9l\xe8ne',
    14: 'marie.dupont@exemple.fr',
    15: '06 12 34 56 78',
    18: '01000',
    19: 'Bourg-en-Bresse',
    20: '3 rue de la R\xe9publique',
    22: 'INFORMATION TECHNIQUE_/_INFORMATION FINANCIERE',
    25: 'Isoler les combles ? Et les aides & primes -- lesquelles ?',
    26: 'Audit d\x92abord ? puis travaux. MaPrimeR\xe9nov\x92 possible.',
    27: 'REALISATION AUDIT ENERGETIQUE_/_ACCOMPAGNEMENT REALISATION DE TRAVAUX',
    28: 'Oui',
    38: today(),
    39: '01053',
  }),
  // No adviser named: whoever wrote the act (the administrator, who has no service).
  a4: line({
    1: String(ids.a4),
    3: 'Principal Administrateur',
    4: 'A03',
    5: '2026-03-11',
    7: 'M',
    11: 'SCI Les Tilleuls',
    12: '81234567800021',
    15: '04 74 12 34 56',
    18: '01000',
    19: 'Bourg-en-Bresse',
    20: '12 all\xe9e des Tilleuls',
    28: 'Non',
    38: today(),
    39: '01053',
  }),
  a2: line({
    1: String(ids.a2),
    2: service,
    3: 'Bernard Julien',
    4: 'A4b',
    5: '2026-03-12',
    7: 'M',
    11: 'SCI Les Tilleuls',
    12: '81234567800021',
    15: '04 74 12 34 56',
    18: '01000',
    19: 'Bourg-en-Bresse',
    20: '12 all\xe9e des Tilleuls',
    22: 'INFORMATION JURIDIQUE',
    28: 'Non',
    38: today(),
    39: '01053',
  }),
});

const exportSare = (query: Record<string, string | number> = {}, who = t.admin) =>
  t.app.inject({
    method: 'GET',
    url: path('api.project_comments.sare_export', query),
    headers: authHeaders(who),
  });

/** How many acts the file of these filters holds (the count route). */
const countSare = (query: Record<string, string | number> = {}, who = t.admin) =>
  t.app.inject({
    method: 'GET',
    url: path('api.project_comments.sare_count', query),
    headers: authHeaders(who),
  });
const count = async (query: Record<string, string | number>, who = t.admin) => {
  const response = await countSare(query, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number }>().count;
};

describe('the SARE export', () => {
  it('writes every act, by act date, byte for byte', async () => {
    const response = await exportSare();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=windows-1252');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="export-sare-${today()}.txt"`);
    const { a1, a2, a3, a4 } = expectedLines();
    expect(response.rawPayload.toString('latin1')).toBe(a3 + a1 + a4 + a2);
    expect(response.rawPayload.equals(Buffer.from(a3 + a1 + a4 + a2, 'latin1'))).toBe(true);
    // 39 columns a line, no header.
    for (const text of response.rawPayload.toString('latin1').split('\r\n').slice(0, -1)) {
      expect(text.split('|;|')).toHaveLength(39);
    }
  });

  it('keeps the acts the filters name: dates, mission, adviser, act type, ADEME flag', async () => {
    const { a1, a2, a3, a4 } = expectedLines();
    const file = async (query: Record<string, string | number>) =>
      (await exportSare(query)).rawPayload.toString('latin1');
    expect(await file({ du: '2026-03-01', au: '2026-03-11' })).toBe(a1 + a4);
    expect(await file({ mission: ids.missionB })).toBe(a4 + a2);
    expect(await file({ conseiller: ids.adviser })).toBe(a3 + a1 + a2);
    expect(await file({ typeActe: 'A04b' })).toBe(a2);
    expect(await file({ ademe: 'true' })).toBe(a3 + a1 + a4);
    expect(await file({ ademe: 'false', mission: ids.missionA })).toBe('');
  });

  it('counts the acts the file of the same filters holds, before it is downloaded (spec 9)', async () => {
    expect(await count({})).toBe(4);
    expect(await count({ du: '2026-03-01', au: '2026-03-11' })).toBe(2);
    expect(await count({ mission: ids.missionB })).toBe(2);
    expect(await count({ conseiller: ids.adviser })).toBe(3);
    expect(await count({ typeActe: 'A04b' })).toBe(1);
    expect(await count({ ademe: 'true' })).toBe(3);
    expect(await count({ ademe: 'false', mission: ids.missionA })).toBe(0);
    // The same refusals as the file's, in French.
    const dates = await countSare({ du: '2026-04-01', au: '2026-03-01' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().fieldErrors).toEqual({ au: 'La date de début doit précéder la date de fin.' });
  });

  it('refuses bad filters in French', async () => {
    const dates = await exportSare({ du: '2026-04-01', au: '2026-03-01' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().fieldErrors).toEqual({ au: 'La date de début doit précéder la date de fin.' });
    const type = await exportSare({ typeActe: 'A09', du: '2026-02-30' });
    expect(type.statusCode).toBe(400);
    expect(type.json().fieldErrors).toEqual({
      typeActe: 'Veuillez choisir une valeur de la liste.',
      du: "La date n'est pas valide.",
    });
  });

  it('holds only the acts of the projects the user may read, for whoever may export acts', async () => {
    const limited = await logInWithProfile(t, {
      email: 'limitee@exemple.fr',
      permissions: ['commentaires-projet.other'],
    });
    await t.database.db
      .update(users)
      .set({ followedMissions: [ids.missionB] })
      .where(eq(users.id, limited.session.user.id));
    const response = await exportSare({}, limited);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
    expect(await count({}, limited)).toBe(0);
    // Named on the building's project (a referent), the same user now sees its acts, and still not the house's.
    await t.database.db.execute(
      sql`update projects set referents = ${`{${limited.session.user.id}}`}::integer[] where id = ${ids.building}`,
    );
    const { a2, a4 } = expectedLines();
    const some = await exportSare({}, limited);
    expect(some.statusCode).toBe(200);
    expect(some.rawPayload.toString('latin1')).toBe(a4 + a2);
    expect(await count({}, limited)).toBe(2);
    const refused = await logInWithProfile(t, {
      email: 'sans-export@exemple.fr',
      permissions: ['commentaires-projet.consult'],
    });
    expect((await exportSare({}, refused)).statusCode).toBe(403);
    expect((await countSare({}, refused)).statusCode).toBe(403);
  });

  it("gives the same selection as a spreadsheet, under ADEME's column names, to check by hand", async () => {
    const response = await exportSare({ typeActe: 'A04b', format: 'xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="export-sare-${today()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1)).toHaveLength(39);
    expect([header[1], header[4], header[22], header[27], header[39]]).toEqual([
      "Identifiant unique de l'acte",
      'Type Acte',
      "Type de l'information",
      'Poursuite de service envisagée',
      'Code Insee',
    ]);
    const act = sheet.getRow(2);
    expect([1, 2, 3, 4, 5, 7, 11, 20, 22, 28, 39].map((column) => act.getCell(column).text)).toEqual([
      String(ids.a2),
      'Espace Conseil France Rénov’ de Bresse',
      'Bernard Julien',
      'A4b',
      '2026-03-12',
      'M',
      'SCI Les Tilleuls',
      '12 allée des Tilleuls',
      'INFORMATION JURIDIQUE',
      'Non',
      '01053',
    ]);
  });

  it('exports one act by its id, and answers an act of a hidden project as a missing one', async () => {
    const one = (id: number, who = t.admin) =>
      t.app.inject({
        method: 'GET',
        url: path('api.project_comments.sare_export_act', { id }),
        headers: authHeaders(who),
      });
    const response = await one(ids.a4);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export-sare-acte-${ids.a4}-${today()}.txt"`,
    );
    expect(response.rawPayload.toString('latin1')).toBe(expectedLines().a4);

    const limited = await logInWithProfile(t, {
      email: 'limitee-acte@exemple.fr',
      permissions: ['commentaires-projet.other'],
    });
    await t.database.db
      .update(users)
      .set({ followedMissions: [ids.missionB] })
      .where(eq(users.id, limited.session.user.id));
    const hidden = await one(ids.a4, limited);
    const missing = await one(999_999, limited);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
  });
});
