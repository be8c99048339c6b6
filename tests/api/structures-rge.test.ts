import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import type { AuditPage } from '../../src/shared/resources/audit';
import { isValidSiret } from '../../src/shared/resources/formats';
import type { ResourceRecord, ResourceRecordView } from '../../src/shared/resources/resource';
import type { StructureMap } from '../../src/shared/map/structure-map';
import { path } from '../../src/shared/routes';
import { MAX_EXTERNAL_REPLY_BYTES } from '../../src/server/external/external-json';
import { rgeLine, startFakeOpenData, type FakeOpenData, type RgeBehaviour } from '../support/fake-open-data';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/** A valid SIRET (Luhn) starting with these 13 digits. */
const siret = (start: string) => [...'0123456789'].map((digit) => start + digit).find(isValidSiret)!;

const GROUPED = siret('8123456780003');
const NONE = siret('8123456780004');
const TWO_COMPANIES = siret('8123456780005');
const PAGED = siret('8123456780006');
const CHANGING = siret('8123456780007');
const AUDITED = siret('8123456780008');

/** What the fake ADEME dataset answers, by SIRET; tests change it as they go. */
const rge: Record<string, RgeBehaviour> = {
  [GROUPED]: {
    lines: [
      rgeLine(GROUPED),
      // The same qualification for another domain: one line per domain upstream.
      rgeLine(GROUPED, { domaine: 'Isolation des combles perdus' }),
      rgeLine(GROUPED, {
        code_qualification: 5111,
        nom_qualification: 'Pompe à chaleur : chauffage',
        nom_certificat: "Qualit'EnR - QualiPAC",
        url_qualification: null,
        domaine: 'Pompe à chaleur : chauffage',
        meta_domaine: "Installations d'équipements EnR",
        organisme: 'qualitenr',
        particulier: false,
        lien_date_debut: '2023-06-15T00:00:00.000Z',
        lien_date_fin: '2027-06-14',
      }),
    ],
  },
  [NONE]: { lines: [] },
  [TWO_COMPANIES]: { lines: [rgeLine(TWO_COMPANIES), rgeLine(siret('8123456780099'), { nom_entreprise: 'AUTRE' })] },
  [PAGED]: { lines: [rgeLine(PAGED)], total: 1500 },
  [CHANGING]: { lines: [rgeLine(CHANGING, { nom_entreprise: 'CHAUFFAGE DU REVERMONT' })] },
  [AUDITED]: { lines: [rgeLine(AUDITED, { nom_entreprise: 'ISOLATION DE LA DOMBES' })] },
};

const t = useAdminApp();
let fake: FakeOpenData;
let defaults: unknown;

const get = (url: string, user = t.admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(user) });

async function configure(values: Record<string, unknown>, user = t.admin) {
  const url = path('api.configuration.external_services');
  const current = (await get(url)).json<Record<string, unknown>>();
  return t.app.inject({ method: 'PUT', url, headers: authHeaders(user), payload: { ...current, ...values } });
}

async function createStructure(payload: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: 'structures' }),
    headers: authHeaders(t.admin),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const importRge = (id: number, user = t.admin) =>
  t.app.inject({ method: 'POST', url: path('api.structures.rge_import', { id }), headers: authHeaders(user) });
const qualifications = async (id: number) =>
  (await get(path('api.structures.qualifications', { structure: id }))).json<Record<string, unknown>[]>();
const rgeRequests = () => fake.requests.filter((url) => url.pathname === '/rge/lines');

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  fake = await startFakeOpenData({
    rge,
    places: {
      '8 boulevard du port': { longitude: 2.290084, latitude: 49.897443, label: '8 Boulevard du Port 80000 Amiens' },
    },
  });
  // What a fresh database holds, before the fakes replace it.
  defaults = (await get(path('api.configuration.external_services'))).json();
  const configured = await configure({
    rgeDatasetUrl: fake.rgeDatasetUrl,
    geocoderUrl: fake.geocoderUrl,
    timeoutMs: 1000,
  });
  expect(configured.statusCode, configured.body).toBe(200);
});
afterAll(() => fake?.close());

describe('external services configuration', () => {
  it("defaults to ADEME's data-fair dataset and the BAN's geocoder, and refuses what is not a web address", async () => {
    expect(defaults).toEqual({
      rgeDatasetUrl: 'https://data.ademe.fr/data-fair/api/v1/datasets/liste-des-entreprises-rge-2',
      geocoderUrl: 'https://data.geopf.fr/geocodage',
      timeoutMs: 10000,
    });
    const refused = await configure({ rgeDatasetUrl: 'ftp://data.ademe.fr', timeoutMs: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      rgeDatasetUrl: "L'url n'est pas valide",
      timeoutMs: 'Saisissez une durée entre 500 et 60 000 millisecondes.',
    });
    expect((await get(path('api.configuration.external_services'))).json()).toMatchObject({
      rgeDatasetUrl: fake.rgeDatasetUrl,
    });
    // Configuration is the administrators' (no access profile grants it).
    const editor = await logInWithProfile(t, {
      email: 'editeur-config@exemple.fr',
      permissions: ['structures.consult', 'structures.modify'],
    });
    expect((await get(path('api.configuration.external_services'), editor)).statusCode).toBe(403);
    const refusedEdit = await t.app.inject({
      method: 'PUT',
      url: path('api.configuration.external_services'),
      headers: authHeaders(editor),
      payload: { rgeDatasetUrl: 'https://evil.example', geocoderUrl: 'https://evil.example', timeoutMs: 2000 },
    });
    expect(refusedEdit.statusCode).toBe(403);
  });
});

describe('RGE import (rge-import/{id})', () => {
  it('groups the rows by SIRET, one qualification per code with its domains, and lists them (structure-qualification/index)', async () => {
    const structure = await createStructure({ name: 'Isola Bresse', siret: GROUPED });
    const response = await importRge(structure.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: '2 qualifications RGE importées pour ISOLA BRESSE.' });
    const asked = rgeRequests().at(-1)!;
    expect(asked.searchParams.get('qs')).toBe(`siret:"${GROUPED}"`);
    expect(asked.searchParams.get('size')).toBe('1000');

    const listed = await qualifications(structure.id);
    expect(listed).toEqual([
      {
        code: '5111',
        qualification: 'Pompe à chaleur : chauffage',
        domains: ['Pompe à chaleur : chauffage'],
        metaDomains: ["Installations d'équipements EnR"],
        body: 'qualitenr',
        certificate: "Qualit'EnR - QualiPAC",
        url: '',
        startDate: '2023-06-15',
        endDate: '2027-06-14',
        forIndividuals: false,
        source: 'rge',
        importedAt: expect.any(String),
      },
      {
        code: '7131',
        qualification: 'Isolation thermique par l’intérieur des murs ou rampants de toitures ou plafonds',
        domains: ['Isolation des murs', 'Isolation des combles perdus'],
        metaDomains: ["Travaux d'efficacité énergétique"],
        body: 'qualibat',
        certificate: 'Qualibat-RGE',
        url: 'https://www.qualibat.com/qualification/7131',
        startDate: '2024-03-01',
        endDate: '2028-02-29',
        forIndividuals: true,
        source: 'rge',
        importedAt: expect.any(String),
      },
    ]);
    // The structure's own record shows them too, and says who changed it.
    const record = (
      await get(path('api.resource.item', { resource: 'structures', id: structure.id }))
    ).json<ResourceRecordView>();
    expect(record.qualifications).toEqual(listed);
    expect(record.updatedByName).not.toBeNull();
  });

  it("replaces the structure's RGE qualifications on a new import", async () => {
    const structure = await createStructure({ name: 'Chauffage du Revermont', siret: CHANGING });
    expect((await importRge(structure.id)).json().message).toBe(
      '1 qualification RGE importée pour CHAUFFAGE DU REVERMONT.',
    );
    rge[CHANGING] = {
      lines: [
        rgeLine(CHANGING, {
          code_qualification: '5211',
          nom_qualification: 'Chaudière bois',
          domaine: 'Chaudière bois',
        }),
        rgeLine(CHANGING, {
          code_qualification: '5212',
          nom_qualification: 'Poêle à bois',
          domaine: 'Poêle ou insert bois',
        }),
      ],
    };
    expect((await importRge(structure.id)).statusCode).toBe(200);
    expect((await qualifications(structure.id)).map(({ code }) => code)).toEqual(['5211', '5212']);
  });

  it("writes an entry in the structure's history when it changes the qualifications, none when it changes nothing", async () => {
    const structure = await createStructure({ name: 'Isolation de la Dombes', siret: AUDITED });
    const other = await createStructure({ name: 'Menuiserie de la Dombes' });
    const history = async (id: number) =>
      (await get(path('api.resource.history', { resource: 'structures', id })))
        .json<AuditPage>()
        .entries.map(({ action, actorName, changes }) => ({ action, actorName, changes }));
    const now = vi.spyOn(clock, 'now').mockReturnValue(new Date('2026-03-02T09:00:00.000Z'));
    try {
      expect((await importRge(structure.id)).statusCode).toBe(200);
      const { updatedAt } = (await get(path('api.resource.item', { resource: 'structures', id: structure.id }))).json();
      // ADEME answers the same at the same time: the qualifications are the same, nothing is written.
      expect((await importRge(structure.id)).statusCode).toBe(200);
      expect(
        (await get(path('api.resource.item', { resource: 'structures', id: structure.id }))).json().updatedAt,
      ).toBe(updatedAt);
    } finally {
      now.mockRestore();
    }
    expect(await history(structure.id)).toEqual([
      {
        action: 'update',
        actorName: 'Principal Administrateur',
        changes: [
          {
            field: 'qualifications',
            before: [],
            after: [
              {
                code: '7131',
                qualification: 'Isolation thermique par l’intérieur des murs ou rampants de toitures ou plafonds',
                domains: ['Isolation des murs'],
                metaDomains: ["Travaux d'efficacité énergétique"],
                body: 'qualibat',
                certificate: 'Qualibat-RGE',
                url: 'https://www.qualibat.com/qualification/7131',
                startDate: '2024-03-01',
                endDate: '2028-02-29',
                forIndividuals: true,
                source: 'rge',
                importedAt: '2026-03-02T09:00:00.000Z',
              },
            ],
          },
        ],
      },
      expect.objectContaining({ action: 'create' }),
    ]);
    expect(await history(other.id)).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('refuses in French, changing nothing: no SIRET, no result, too many results, and every failure of the service', async () => {
    const structure = await createStructure({ name: 'Bois Énergie Ain', siret: CHANGING, acronym: 'BEA' });
    const noSiret = await createStructure({ name: 'Sans SIRET' });
    expect((await importRge(structure.id)).statusCode).toBe(200);
    const before = await qualifications(structure.id);
    const { updatedAt } = (await get(path('api.resource.item', { resource: 'structures', id: structure.id }))).json();
    const asked = rgeRequests().length;

    const refusal = async (id: number) => {
      const response = await importRge(id);
      return { status: response.statusCode, message: response.json<{ message: string }>().message };
    };
    expect(await refusal(noSiret.id)).toEqual({
      status: 400,
      message: "La structure n'a pas de SIRET : renseignez-le pour importer ses qualifications RGE.",
    });
    // Without a SIRET, ADEME is not even asked.
    expect(rgeRequests()).toHaveLength(asked);

    const cases: [RgeBehaviour, number, string][] = [
      [rge[NONE]!, 404, `Aucun résultat : l'ADEME ne connaît aucune qualification RGE pour le SIRET ${CHANGING}.`],
      [
        rge[TWO_COMPANIES]!,
        409,
        `Trop de résultats : les données RGE de l'ADEME pour le SIRET ${CHANGING} désignent plusieurs entreprises.`,
      ],
      [
        rge[PAGED]!,
        409,
        `Trop de résultats : les données RGE de l'ADEME pour le SIRET ${CHANGING} désignent plusieurs entreprises.`,
      ],
      [
        { status: 503 },
        502,
        "Erreur lors de l'appel au service de référentiel externe : il a répondu par une erreur (HTTP 503). Réessayez plus tard.",
      ],
      [
        { raw: '<html>Maintenance</html>' },
        502,
        "Erreur lors de l'appel au service de référentiel externe : sa réponse est illisible.",
      ],
      [
        { raw: JSON.stringify({ hits: [] }) },
        502,
        "Erreur lors de l'appel au service de référentiel externe : sa réponse est illisible.",
      ],
      [
        { raw: JSON.stringify({ total: 1, results: [{ padding: 'x'.repeat(MAX_EXTERNAL_REPLY_BYTES) }] }) },
        502,
        "Erreur lors de l'appel au service de référentiel externe : sa réponse est trop volumineuse.",
      ],
      [
        { silent: true },
        502,
        "Erreur lors de l'appel au service de référentiel externe : il n'a pas répondu à temps. Réessayez plus tard.",
      ],
    ];
    for (const [behaviour, status, message] of cases) {
      rge[CHANGING] = behaviour;
      expect(await refusal(structure.id), JSON.stringify(behaviour)).toEqual({ status, message });
    }

    await configure({ rgeDatasetUrl: `http://127.0.0.1:${await closedPort()}/rge` });
    try {
      expect(await refusal(structure.id)).toEqual({
        status: 502,
        message: "Erreur lors de l'appel au service de référentiel externe : il est injoignable. Réessayez plus tard.",
      });
    } finally {
      await configure({ rgeDatasetUrl: fake.rgeDatasetUrl });
    }

    expect(await qualifications(structure.id)).toEqual(before);
    expect((await get(path('api.resource.item', { resource: 'structures', id: structure.id }))).json().updatedAt).toBe(
      updatedAt,
    );
  });

  it('needs the right to modify structures; the qualifications index the right to consult them', async () => {
    const structure = await createStructure({ name: 'Isolation des Dombes', siret: GROUPED });
    const reader = await logInWithProfile(t, {
      email: 'lecteur-structures@exemple.fr',
      permissions: ['structures.consult'],
    });
    const stranger = await logInWithProfile(t, {
      email: 'sans-structures@exemple.fr',
      permissions: ['liens-utiles.consult'],
    });
    const editor = await logInWithProfile(t, {
      email: 'editeur-structures@exemple.fr',
      permissions: ['structures.consult', 'structures.modify'],
    });
    const asked = rgeRequests().length;
    expect((await importRge(structure.id, reader)).statusCode).toBe(403);
    expect((await importRge(structure.id, stranger)).statusCode).toBe(403);
    expect(rgeRequests()).toHaveLength(asked);
    expect((await get(path('api.structures.qualifications', { structure: structure.id }), reader)).json()).toEqual([]);
    expect((await get(path('api.structures.qualifications', { structure: structure.id }), stranger)).statusCode).toBe(
      403,
    );

    expect((await importRge(structure.id, editor)).statusCode).toBe(200);
    expect(await qualifications(structure.id)).toHaveLength(2);
    expect((await importRge(999_999)).statusCode).toBe(404);
    expect((await get(path('api.structures.qualifications', { structure: 999_999 }))).statusCode).toBe(404);
  });

  it('is never written through the structure form: an update keeps the imported qualifications', async () => {
    const structure = await createStructure({ name: 'Isolation du Bugey', siret: GROUPED });
    await importRge(structure.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'structures', id: structure.id }),
      headers: authHeaders(t.admin),
      payload: { name: 'Isolation du Bugey', siret: GROUPED, qualifications: [] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await qualifications(structure.id)).toHaveLength(2);
  });
});

describe('field of activity (NAF codes)', () => {
  const suggestions = async (term: string, user?: LoggedIn) =>
    (await get(path('api.structures.naf_codes', { term }), user)).json<{ value: string; label: string }[]>();

  it('suggests NAF sub-classes by code, with or without its dot, and by label, accents and case ignored', async () => {
    expect((await suggestions('6201'))[0]).toEqual({ value: '62.01Z', label: '62.01Z — Programmation informatique' });
    expect((await suggestions('62.01z')).map(({ value }) => value)).toEqual(['62.01Z']);
    const bakeries = (await suggestions('BOULANGERIE PATISSERIE')).map(({ value }) => value);
    expect(bakeries).toContain('10.71C');
    expect(await suggestions('   ')).toEqual([]);
    // Never more than a page of them, and only sub-classes (no "62" or "62.01").
    const many = await suggestions('6');
    expect(many).toHaveLength(20);
    expect(many.every(({ value }) => /^\d{2}\.\d{2}[A-Z]$/.test(value))).toBe(true);
  });

  it('keeps a known code and refuses an unknown one in French, changing nothing', async () => {
    const structure = await createStructure({ name: 'Logiciels du Bugey', activity: '62.01Z' });
    expect(structure.activity).toBe('62.01Z');
    for (const activity of ['99.99Z', '62.01', '6201Z']) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: path('api.resource.item', { resource: 'structures', id: structure.id }),
        headers: authHeaders(t.admin),
        payload: { name: 'Logiciels du Bugey', activity },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({
        activity: "Ce code NAF n'existe pas : choisissez-en un parmi les suggestions.",
      });
    }
    const kept = await get(path('api.resource.item', { resource: 'structures', id: structure.id }));
    expect(kept.json().activity).toBe('62.01Z');
    const created = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'structures' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Activité inconnue', activity: '00.00A' },
    });
    expect(created.statusCode).toBe(400);
  });

  it('answers users who may list structures only', async () => {
    const stranger = await logInWithProfile(t, { email: 'sans-naf@exemple.fr', permissions: ['liens-utiles.consult'] });
    expect((await get(path('api.structures.naf_codes', { term: '62' }), stranger)).statusCode).toBe(403);
  });
});

describe('map (google-map/{id})', () => {
  const mapOf = async (id: number) => {
    const response = await get(path('api.structures.map', { id }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StructureMap>();
  };
  const geocoderRequests = () => fake.requests.filter((url) => url.pathname === '/ban/search');
  const mainAddress = (values: Record<string, unknown>) => [
    {
      label: 'Siège',
      address: '8 boulevard du Port',
      complement: 'Bâtiment B',
      postalCode: '80000',
      city: 'Amiens',
      ...values,
      main: true,
    },
  ];

  it('gives the main address in words and the point the geocoder gives it, asking once per address', async () => {
    const commune = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'communes' }),
      headers: authHeaders(t.admin),
      payload: { inseeCode: '80021', name: 'Amiens', postalCodes: ['80000'], department: '80' },
    });
    const structure = await createStructure({
      name: 'Port d’Amiens',
      addresses: [
        { label: 'Antenne', address: '1 rue Lointaine', postalCode: '01000', city: 'Bourg-en-Bresse', main: false },
        ...mainAddress({ city: '', commune: commune.json().id }),
      ],
    });
    const asked = geocoderRequests().length;
    expect(await mapOf(structure.id)).toEqual({
      id: structure.id,
      title: 'Port d’Amiens',
      address: ['8 boulevard du Port', 'Bâtiment B', '80000 Amiens'],
      position: { latitude: 49.897443, longitude: 2.290084, label: '8 Boulevard du Port 80000 Amiens' },
    });
    const query = geocoderRequests().at(-1)!;
    expect(query.searchParams.get('q')).toBe('8 boulevard du Port 80000 Amiens');
    expect(query.searchParams.get('citycode')).toBe('80021');
    // Known now: the geocoder is not asked again.
    await mapOf(structure.id);
    expect(geocoderRequests()).toHaveLength(asked + 1);
  });

  it('still gives the address when it cannot be placed, or says there is none', async () => {
    const unknown = await createStructure({
      name: 'Adresse inconnue',
      addresses: mainAddress({ address: '3 impasse Introuvable' }),
    });
    expect(await mapOf(unknown.id)).toMatchObject({
      address: ['3 impasse Introuvable', 'Bâtiment B', '80000 Amiens'],
      position: null,
    });
    const none = await createStructure({ name: 'Sans adresse' });
    expect(await mapOf(none.id)).toMatchObject({ address: [], position: null });

    const elsewhere = await createStructure({
      name: 'Géocodeur en panne',
      addresses: mainAddress({ city: 'Amiens-Nord' }),
    });
    await configure({ geocoderUrl: `http://127.0.0.1:${await closedPort()}/ban` });
    try {
      expect(await mapOf(elsewhere.id)).toMatchObject({
        address: ['8 boulevard du Port', 'Bâtiment B', '80000 Amiens-Nord'],
        position: null,
      });
    } finally {
      await configure({ geocoderUrl: fake.geocoderUrl });
    }
    // The failure was not remembered: once the geocoder answers, the address is placed.
    expect((await mapOf(elsewhere.id)).position).not.toBeNull();
  });
});
