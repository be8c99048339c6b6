import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communesCount, loadCommunes, type CommuneSource } from '../../../src/server/seed/communes-load';
import { communesTable } from '../../../src/server/db/schema';
import type { ResourcePage } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { authHeaders, useAdminApp } from '../../support/test-app';

const t = useAdminApp();

/** A few entries as the package describes them, with a delegated commune: it shares its INSEE code with a current one. */
const fixture: CommuneSource[] = [
  {
    code: '01001',
    nom: "L'Abergement-Clémenciat",
    type: 'commune-actuelle',
    departement: '01',
    codesPostaux: ['01400'],
  },
  {
    code: '01093',
    nom: 'Châtillon-sur-Chalaronne',
    type: 'commune-actuelle',
    departement: '01',
    codesPostaux: ['01400'],
  },
  { code: '01084', nom: 'Chanoz-Châtenay', type: 'commune-actuelle', departement: '01', codesPostaux: ['01400'] },
  { code: '01053', nom: 'Bourg-en-Bresse', type: 'commune-actuelle', departement: '01', codesPostaux: ['01000'] },
  { code: '01015', nom: 'Arbignieu', type: 'commune-deleguee', departement: '01' },
  {
    code: '97411',
    nom: 'Saint-Denis',
    type: 'commune-actuelle',
    departement: '974',
    codesPostaux: ['97400', '97417', '97490'],
  },
];

const byPostalCode = (code: string) =>
  t.app.inject({ method: 'GET', url: path('api.communes.by_postal_code', { code }), headers: authHeaders(t.admin) });

describe('the communes loader', () => {
  it('loads the current communes of a list, and loading twice changes nothing', async () => {
    expect(await loadCommunes(t.database.db, fixture)).toEqual({ total: 5, written: 5 });
    expect(await loadCommunes(t.database.db, fixture)).toEqual({ total: 5, written: 0 });
    expect(await communesCount(t.database.db)).toBe(5);

    const renamed = fixture.map((commune) => (commune.code === '01053' ? { ...commune, nom: 'Bourg' } : commune));
    expect(await loadCommunes(t.database.db, renamed)).toEqual({ total: 5, written: 1 });
    expect(await loadCommunes(t.database.db, fixture)).toEqual({ total: 5, written: 1 });
  });

  it('finds communes by postal code, sorted by name ignoring accents', async () => {
    const response = await byPostalCode('01400');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), inseeCode: '01084', name: 'Chanoz-Châtenay', postalCodes: ['01400'] },
      { id: expect.any(Number), inseeCode: '01093', name: 'Châtillon-sur-Chalaronne', postalCodes: ['01400'] },
      { id: expect.any(Number), inseeCode: '01001', name: "L'Abergement-Clémenciat", postalCodes: ['01400'] },
    ]);
    expect((await byPostalCode('97490')).json()).toMatchObject([{ inseeCode: '97411', name: 'Saint-Denis' }]);
    expect((await byPostalCode('01300')).json()).toEqual([]);
  });

  it('refuses a postal code that is not 5 digits, and answers 401 without a session', async () => {
    for (const code of ['1400', '014000', 'O1400', '']) {
      const response = await byPostalCode(code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().message).toBe('Le code postal doit comporter 5 chiffres.');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: path('api.communes.by_postal_code', { code: '01400' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('searches communes by name through the list API, ignoring accents and case', async () => {
    const list = async (query: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: path('api.resource.collection', { resource: 'communes' }),
        headers: authHeaders(t.admin),
        query,
      });
      return response.json<ResourcePage>().items.map((record) => record.name);
    };
    expect(await list({ q: 'CHATILLON' })).toEqual(['Châtillon-sur-Chalaronne']);
    expect(await list({ q: 'clemenciat' })).toEqual(["L'Abergement-Clémenciat"]);
    expect(await list({ postalCodes: '97400' })).toEqual(['Saint-Denis']);
  });

  it('refuses an INSEE code a live commune already has, on create and on update', async () => {
    const collection = path('api.resource.collection', { resource: 'communes' });
    const values = { inseeCode: '01001', name: 'Doublon', postalCodes: ['01400'], department: '01' };
    const created = await t.app.inject({
      method: 'POST',
      url: collection,
      headers: authHeaders(t.admin),
      payload: values,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors).toEqual({ inseeCode: 'Cette valeur est déjà utilisée.' });

    const other = await t.app.inject({
      method: 'POST',
      url: collection,
      headers: authHeaders(t.admin),
      payload: { ...values, inseeCode: '99999' },
    });
    expect(other.statusCode).toBe(201);
    const updated = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'communes', id: other.json().id }),
      headers: authHeaders(t.admin),
      payload: values,
    });
    expect(updated.json().fieldErrors).toEqual({ inseeCode: 'Cette valeur est déjà utilisée.' });
  });

  it('loads every current commune of the package in seconds, once', { timeout: 120_000 }, async () => {
    const first = await loadCommunes(t.database.db);
    expect(first.total).toBeGreaterThan(34_000);
    expect(await loadCommunes(t.database.db)).toEqual({ total: first.total, written: 0 });
    // The fixture's communes and the one created above, plus the package's others: no duplicate.
    const [row] = await t.database.db
      .select({ live: sql<number>`count(*)::int`, codes: sql<number>`count(distinct insee_code)::int` })
      .from(communesTable)
      .where(sql`deleted_at is null`);
    expect(row?.live).toBe(first.total + 1);
    expect(row?.codes).toBe(row?.live);

    expect((await byPostalCode('01400')).json()).toContainEqual(
      expect.objectContaining({ inseeCode: '01001', name: "L'Abergement-Clémenciat", postalCodes: ['01400'] }),
    );
    expect((await byPostalCode('75001')).json()).toMatchObject([{ inseeCode: '75056', name: 'Paris' }]);
  });

  it('suggests communes named so first, then starting so, told apart by department and postal codes', async () => {
    // After the whole package's load above: 35 000 communes.
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.resource.autocomplete', { resource: 'communes', term: 'saint-denis' }),
      headers: authHeaders(t.admin),
    });
    const labels = response.json<{ label: string }[]>().map(({ label }) => label);
    const homonyms = labels.filter((label) => label.startsWith('Saint-Denis ('));
    expect(homonyms).toEqual(
      expect.arrayContaining(['Saint-Denis (93 – 93200, 93210, 93380)', 'Saint-Denis (974 – 97400, 97417, 97490)']),
    );
    expect(new Set(homonyms).size).toBe(homonyms.length);
    // Those named exactly so first, then those starting so.
    expect(labels.slice(0, homonyms.length)).toEqual(homonyms);
    expect(labels[homonyms.length]).toMatch(/^Saint-Denis-/);
    expect(labels).toHaveLength(20);

    const paris = await t.app.inject({
      method: 'GET',
      url: path('api.resource.autocomplete', { resource: 'communes', term: 'Paris' }),
      headers: authHeaders(t.admin),
    });
    expect(paris.json<{ label: string }[]>()[0]?.label).toBe('Paris (75 – 75001, 75002, 75003, …)');
  });
});
