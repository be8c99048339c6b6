import { describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { authHeaders, useAdminApp } from '../../support/test-app';

const t = useAdminApp();

const createProfile = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: 'groupes' }),
    headers: authHeaders(t.admin),
    payload,
  });

describe('access profiles (groupes)', () => {
  it('keeps permissions by resource and group of actions, each once', async () => {
    const response = await createProfile({
      name: 'Conseiller',
      permissions: ['liens-utiles.consult', 'etapes.add', 'liens-utiles.consult'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ResourceRecord>().permissions).toEqual(['etapes.add', 'liens-utiles.consult']);
  });

  it('refuses a permission that names no resource, or no group of actions, and creates nothing', async () => {
    const unknownResource = await createProfile({ name: 'Fantôme', permissions: ['nulle-part.consult'] });
    expect(unknownResource.statusCode).toBe(400);
    expect(unknownResource.json().fieldErrors).toEqual({ permissions: 'Ce droit ne correspond à aucune ressource.' });
    const unknownGroup = await createProfile({ name: 'Fantôme', permissions: ['liens-utiles.tout'] });
    expect(unknownGroup.statusCode).toBe(400);
    expect(unknownGroup.json().fieldErrors).toEqual({
      'permissions.0': 'Ce droit ne correspond à aucune ressource.',
    });
    const all = await t.app.inject({
      method: 'POST',
      url: path('api.access_profiles.all'),
      headers: authHeaders(t.admin),
    });
    expect(all.json().map(({ name }: { name: string }) => name)).not.toContain('Fantôme');
  });

  it('lists them all through configuration/groupes/recuperation/tous (POST), by name', async () => {
    await createProfile({ name: 'Accueil' });
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.access_profiles.all'),
      headers: authHeaders(t.admin),
    });
    expect(response.statusCode).toBe(200);
    const names = response.json().map(({ name }: { name: string }) => name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
    expect(names).toEqual(expect.arrayContaining(['Accueil', 'Conseiller']));
  });
});
