import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePage, Suggestion } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { useAdminApp } from '../support/test-app';

/**
 * The commune search (issue 26): the commune named as typed comes first, then those whose name
 * starts so, then those containing it; in the communes' list and in their autocomplete alike.
 */
const t = useAdminApp();

beforeAll(async () => {
  const { created } = resourceRequests(t.app, t.admin);
  // Created in an order that is none of the expected ones.
  for (const [inseeCode, name, department, postalCode] of [
    ['95176', 'Cormeilles-en-Parisis', '95', '95240'],
    ['77514', 'Villeparisis', '77', '77270'],
    ['12177', 'Parisot', '12', '12240'],
    ['75056', 'Paris', '75', '75001'],
    ['71343', "Paris-l'Hôpital", '71', '71150'],
    ['81201', 'Parisot', '81', '81310'],
    ['95241', 'Fontenay-en-Parisis', '95', '95190'],
  ] as const) {
    await created('communes', { inseeCode, name, department, postalCodes: [postalCode] });
  }
});

describe('commune search', () => {
  it('lists the commune named as typed first, then those starting so, then the others', async () => {
    const { get } = resourceRequests(t.app, t.admin);
    for (const term of ['paris', 'Paris', 'PARIS', 'pâris']) {
      const response = await get(path('api.resource.collection', { resource: 'communes', q: term }));
      expect(response.statusCode, response.body).toBe(200);
      const names = response.json<ResourcePage>().items.map(({ name }) => name);
      expect(names, term).toEqual([
        'Paris',
        "Paris-l'Hôpital",
        'Parisot',
        'Parisot',
        'Cormeilles-en-Parisis',
        'Fontenay-en-Parisis',
        'Villeparisis',
      ]);
    }
    // Accents ignored: "Hopital" finds "Paris-l'Hôpital", the only one.
    const hospital = await get(path('api.resource.collection', { resource: 'communes', q: 'hopital' }));
    expect(hospital.json<ResourcePage>().items.map(({ name }) => name)).toEqual(["Paris-l'Hôpital"]);
  });

  it('suggests the commune named as typed first where one is picked', async () => {
    const { get } = resourceRequests(t.app, t.admin);
    const response = await get(path('api.resource.autocomplete', { resource: 'communes', term: 'paris' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Suggestion[]>().map(({ label }) => label)).toEqual([
      'Paris (75 – 75001)',
      "Paris-l'Hôpital (71 – 71150)",
      'Parisot (12 – 12240)',
      'Parisot (81 – 81310)',
      'Cormeilles-en-Parisis (95 – 95240)',
      'Fontenay-en-Parisis (95 – 95190)',
      'Villeparisis (77 – 77270)',
    ]);
  });
});
