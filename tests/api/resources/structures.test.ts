import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePage, ResourceRecord, Suggestion } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { authHeaders, useAdminApp } from '../../support/test-app';

const t = useAdminApp();
let contactType: number;

beforeAll(async () => {
  contactType = (await created('types-contact', { name: 'Mairie' })).id;
});

const post = (
  slug: string,
  payload: Record<string, unknown>,
  url = path('api.resource.collection', { resource: slug }),
) => t.app.inject({ method: 'POST', url, headers: authHeaders(t.admin), payload });
const put = (slug: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: path('api.resource.item', { resource: slug, id }),
    headers: authHeaders(t.admin),
    payload,
  });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) });

async function created(slug: string, payload: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await post(slug, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const total = async (slug: string) =>
  (await get(path('api.resource.collection', { resource: slug }))).json<ResourcePage>().total;

describe('structures', () => {
  it('is created from another form at ajax/ajouter, duplicates refused there too', async () => {
    const url = path('api.resource.ajax_create', { resource: 'structures' });
    const response = await post('structures', { name: 'Agence locale de l’énergie', acronym: 'ALEC' }, url);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Agence locale de l’énergie', id: expect.any(Number) });
    const again = await post('structures', { name: 'agence locale de l’energie', acronym: 'alec' }, url);
    expect(again.statusCode).toBe(400);
    expect(again.json().duplicateOf).toBe(response.json().id);
  });

  it('checks the SIRET with Luhn, La Poste adding up to a multiple of 5', async () => {
    const valid = await created('structures', { name: 'Valide', siret: '812 345 678 00021' });
    expect(valid.siret).toBe('81234567800021');
    expect((await post('structures', { name: 'Invalide', siret: '81234567800022' })).json().fieldErrors).toEqual({
      siret: "Le numéro SIRET n'est pas valide : 14 chiffres dont le dernier est une clé de contrôle.",
    });
    expect((await post('structures', { name: 'Court', siret: '8123456780' })).statusCode).toBe(400);
    // 35600000012346 fails Luhn, but its digits add up to 30.
    expect((await post('structures', { name: 'La Poste', acronym: 'Bourg', siret: '35600000012346' })).statusCode).toBe(
      201,
    );
    expect(
      (await post('structures', { name: 'La Poste', acronym: 'Viriat', siret: '35600000012345' })).statusCode,
    ).toBe(400);
  });

  it('refuses a duplicate name and acronym, naming the existing record', async () => {
    const original = await created('structures', { name: "Communauté d'agglomération", acronym: 'CA-BB' });
    const before = await total('structures');
    const refused = await post('structures', { name: 'COMMUNAUTE D AGGLOMERATION', acronym: 'ca bb' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      duplicateOf: original.id,
      fieldErrors: {
        name: "Une structure du même nom et du même sigle existe déjà : Communauté d'agglomération (CA-BB)",
      },
    });
    expect(await total('structures')).toBe(before);
    await created('structures', { name: "Communauté d'agglomération", acronym: 'CA3B' });
    expect(
      (await put('structures', original.id, { name: "Communauté d'Agglomération", acronym: 'CA-BB' })).statusCode,
    ).toBe(200);
  });

  it('has exactly one main address when it has any', async () => {
    const address = { label: 'Siège', address: '1 rue de la Paix', postalCode: '01000', city: 'Bourg-en-Bresse' };
    const message = "Une seule adresse doit être l'adresse principale.";
    for (const mains of [[false], [true, true]]) {
      const refused = await post('structures', {
        name: `Adresses ${mains.length}`,
        addresses: mains.map((main) => ({ ...address, main })),
      });
      expect(refused.json().fieldErrors).toEqual({ addresses: message });
    }
    const fine = await created('structures', {
      name: 'Adresses',
      addresses: [
        { ...address, main: false },
        { ...address, main: true },
      ],
    });
    expect((await post('structures', { name: 'Sans adresse', addresses: [] })).statusCode).toBe(201);

    const loaded = (await get(path('api.structures.load', { id: fine.id }))).json();
    expect(loaded).toMatchObject({ id: fine.id, name: 'Adresses', mainAddress: { ...address, main: true } });
    expect((await get(path('api.structures.load', { id: 999999 }))).statusCode).toBe(404);
  });

  it('takes a public subtype only when public', async () => {
    const refused = await post('structures', { name: 'Banque', contactType: 'private', publicSubtype: 'commune' });
    expect(refused.json().fieldErrors).toEqual({
      publicSubtype: "Le sous-type public ne s'applique qu'aux structures de type public.",
    });
    const epci = await created('structures', { name: 'EPCI', contactType: 'public', publicSubtype: 'epci' });
    expect(epci).toMatchObject({ contactType: 'public', publicSubtype: 'epci' });
  });

  it('is not its own territory of assignment', async () => {
    const parent = await created('structures', { name: 'Département', contactType: 'public' });
    const child = await created('structures', { name: 'Commune', parents: [parent.id] });
    const refused = await put('structures', child.id, { name: 'Commune', parents: [parent.id, child.id] });
    expect(refused.json().fieldErrors).toEqual({
      parents: 'Une structure ne peut pas être son propre territoire de rattachement.',
    });
  });

  it('is found by name, acronym or SIRET, and lists its individuals', async () => {
    const structure = await created('structures', {
      name: 'Énergies Solidaires',
      acronym: 'ESOL',
      siret: '20010069000011',
    });
    for (const term of ['energies sol', 'esol', '200 100']) {
      const found = await get(path('api.structures.find', { term }));
      expect(found.json<Suggestion[]>(), term).toEqual([{ value: structure.id, label: 'Énergies Solidaires (ESOL)' }]);
    }
    expect((await get(path('api.structures.find', { term: '' }))).json()).toEqual([]);

    const link = { contactType, structure: structure.id, service: 'Accueil', leftStructure: false };
    await created('individus', { lastName: 'Zola', firstName: 'Émile', structures: [{ ...link, function: 'Gérant' }] });
    await created('individus', {
      lastName: 'Arnaud',
      firstName: 'Chloé',
      structures: [{ ...link, function: 'Conseillère' }],
    });
    await created('individus', { lastName: 'Sans', firstName: 'Lien' });
    const linked = await get(path('api.structures.individuals', { id: structure.id }));
    expect(linked.json()).toEqual([
      expect.objectContaining({
        lastName: 'Arnaud',
        firstName: 'Chloé',
        function: 'Conseillère',
        leftStructure: false,
      }),
      expect.objectContaining({ lastName: 'Zola', firstName: 'Émile', function: 'Gérant', service: 'Accueil' }),
    ]);
    expect((await get(path('api.structures.individuals', { id: 999999 }))).statusCode).toBe(404);
  });

  it('names the service it belongs to, in the list and on the record, and only where one is set', async () => {
    const service = await created('service', { name: 'Service habitat' });
    const served = await created('structures', { name: 'Espace conseil', service: service.id });
    const unserved = await created('structures', { name: 'Maison de quartier' });
    const page = (
      await get(path('api.resource.collection', { resource: 'structures', q: 'Espace conseil' }))
    ).json<ResourcePage>();
    expect(page.items.map(({ id }) => id)).toEqual([served.id]);
    expect(page.titles.service).toEqual({ [service.id]: 'Service habitat' });
    const record = (await get(path('api.resource.item', { resource: 'structures', id: served.id }))).json();
    expect(record.titles.service).toEqual({ [service.id]: 'Service habitat' });
    const other = (await get(path('api.resource.item', { resource: 'structures', id: unserved.id }))).json();
    expect(other.titles.service).toEqual({});
  });
});
