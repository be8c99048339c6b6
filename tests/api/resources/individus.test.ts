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

describe('individuals', () => {
  it('normalises French phone numbers and refuses others with French errors', async () => {
    const individual = await created('individus', {
      lastName: 'Bonnet',
      firstName: 'Léa',
      landline: '+33 (0)4.74.12.34.56',
      mobile: '0033 6 12 34 56 78',
    });
    expect(individual).toMatchObject({ landline: '04 74 12 34 56', mobile: '06 12 34 56 78' });
    // As a spreadsheet's numbers, which lose the leading 0.
    const imported = await created('individus', {
      lastName: 'Bonnet',
      firstName: 'Max',
      mobile: '712345678',
      postalCode: '1400',
    });
    expect(imported).toMatchObject({ mobile: '07 12 34 56 78', postalCode: '01400' });

    const before = await total('individus');
    const refused = await post('individus', {
      lastName: 'Bonnet',
      firstName: 'Paul',
      landline: '12 34',
      mobile: '01 23 45 67 89',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      landline: "Le numéro de téléphone n'est pas valide : saisissez 10 chiffres, par exemple 01 23 45 67 89.",
      mobile: "Le numéro de mobile n'est pas valide : il commence par 06 ou 07, par exemple 06 12 34 56 78.",
    });
    expect(await total('individus')).toBe(before);
  });

  it('refuses a duplicate, whatever its case, accents, hyphens and spaces, naming the existing record', async () => {
    const original = await created('individus', { lastName: 'Lefèvre', firstName: 'Jean-Pierre' });
    const before = await total('individus');
    for (const [lastName, firstName] of [
      ['LEFEVRE', 'jean pierre'],
      ['  lefèvre ', 'Jean  -  Pierre'],
      ['Le Fèvre', 'JEAN-PIERRE'],
    ]) {
      const refused = await post('individus', { lastName, firstName });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        duplicateOf: original.id,
        fieldErrors: { lastName: 'Un particulier du même nom existe déjà : Lefèvre Jean-Pierre' },
      });
    }
    expect(await total('individus')).toBe(before);
    // Another first name is another person; the record itself is no duplicate when updated.
    const other = await created('individus', { lastName: 'Lefèvre', firstName: 'Anne' });
    expect((await put('individus', original.id, { lastName: 'Lefevre', firstName: 'Jean-Pierre' })).statusCode).toBe(
      200,
    );
    const renamed = await put('individus', other.id, { lastName: 'lefevre', firstName: 'jean-pierre' });
    expect(renamed.json()).toMatchObject({ duplicateOf: original.id });
  });

  it('needs the contact type of a link before its structure', async () => {
    const structure = await created('structures', { name: 'Mairie de Viriat' });
    const link = { structure: structure.id, function: 'Maire' };
    const refused = await post('individus', { lastName: 'Perrin', structures: [{ ...link, contactType: null }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      'structures.0.contactType': 'Choisissez le type de contact avant la structure.',
    });
    const individual = await created('individus', { lastName: 'Perrin', structures: [{ ...link, contactType }] });
    const shown = (await get(path('api.resource.item', { resource: 'individus', id: individual.id }))).json();
    expect(shown.titles['structures.structure']).toEqual({ [structure.id]: 'Mairie de Viriat' });
  });

  it('is named by its last and first name in suggestions', async () => {
    await created('individus', { lastName: 'Garnier', firstName: 'Hugo' });
    const suggestions = await get(path('api.resource.autocomplete', { resource: 'individus', term: 'garnier' }));
    expect(suggestions.json<Suggestion[]>().map(({ label }) => label)).toEqual(['Garnier Hugo']);
  });

  it('suggests those whose name starts with the typed text, then those containing it, accents and case ignored', async () => {
    await created('individus', { lastName: 'Lemaître', firstName: 'Anne' });
    await created('individus', { lastName: 'Delemaitre', firstName: 'Paul' });
    await created('individus', { lastName: 'Lemaitre-Roux', firstName: '' });
    await created('individus', { lastName: 'Lemaître', firstName: '' });
    const labels = async (term: string) =>
      (await get(path('api.resource.autocomplete', { resource: 'individus', term })))
        .json<Suggestion[]>()
        .map(({ label }) => label);
    expect(await labels('LEMAITRE')).toEqual(['Lemaître', 'Lemaître Anne', 'Lemaitre-Roux', 'Delemaitre Paul']);
    expect(await labels('maitre a')).toEqual(['Lemaître Anne']);
    // % and _ are letters typed, not wildcards.
    expect(await labels('lem%')).toEqual([]);
    expect(await labels('lema_tre')).toEqual([]);
  });

  it('filters the list on a postal code from its start, as a department is sought', async () => {
    await created('individus', { lastName: 'Codepostal', firstName: 'Marseille', postalCode: '13001' });
    await created('individus', { lastName: 'Codepostal', firstName: 'Aix', postalCode: '13100' });
    await created('individus', { lastName: 'Codepostal', firstName: 'Bourg', postalCode: '01300' });
    const names = async (postalCode: string) =>
      (
        await get(
          `${path('api.resource.collection', { resource: 'individus', q: 'Codepostal', tri: 'firstName' })}&postalCode=${postalCode}`,
        )
      )
        .json<ResourcePage>()
        .items.map((item) => item.firstName);
    expect(await names('13')).toEqual(['Aix', 'Marseille']);
    expect(await names('130')).toEqual(['Marseille']);
    expect(await names('01')).toEqual(['Bourg']);
    expect(await names('%3')).toEqual([]);
    // A search's total, on its pages and past its end.
    const searched = async (page: number) =>
      (
        await get(
          path('api.resource.collection', { resource: 'individus', q: 'Codepostal', parPage: '2', page: String(page) }),
        )
      ).json<ResourcePage>();
    expect(await searched(1)).toMatchObject({ total: 3, items: [{}, {}] });
    expect(await searched(2)).toMatchObject({ total: 3, items: [{}] });
    expect(await searched(3)).toMatchObject({ total: 3, items: [] });
  });

  it('is created from a modal, at the spec path and at the engine one', async () => {
    for (const url of [
      path('api.resource.ajax_create', { resource: 'individus' }),
      path('api.resource.modal_create', { resource: 'individus' }),
    ]) {
      const response = await post('individus', { lastName: 'Modal', firstName: url }, url);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ lastName: 'Modal', id: expect.any(Number) });
    }
  });
});
