import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResource } from '../../src/server/engine/server-resource';
import { serverHooks } from '../../src/server/resources/registry';
import type { ResourcePage, ResourceRecordView } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, type LoggedIn, type TestApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * A read scope declared by a resource's server file: here, non-administrators do not see the
 * missions whose name starts with "Confidentiel". Through every route that reads missions, such a
 * record is as if it did not exist.
 */
const confidentialMissions: ServerResource = {
  ...serverHooks('missions'),
  readScope: (actor, columns) => (actor.isAdmin ? undefined : sql`${columns.name!} not like 'Confidentiel%'`),
};

let t: TestApp;
let admin: LoggedIn;
let adviser: LoggedIn;
let hidden: number;
let shown: number;
let projectType: number;

const get = (who: LoggedIn, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(who) });

async function post(resource: string, payload: Record<string, unknown>, who = admin) {
  return t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource }),
    headers: authHeaders(who),
    payload,
  });
}

beforeAll(async () => {
  t = await createTestApp(undefined, {
    hooksOf: (slug) => (slug === 'missions' ? confidentialMissions : serverHooks(slug)),
  });
  admin = await logIn(t.app);
  adviser = await logInWithProfile(t, {
    email: 'conseillere@exemple.fr',
    permissions: [
      'missions.consult',
      'missions.modify',
      'missions.delete',
      'missions.other',
      'types-projet.consult',
      'types-projet.add',
      'types-projet.other',
    ],
  });
  hidden = (await post('missions', { name: 'Confidentiel : contentieux' })).json<{ id: number }>().id;
  shown = (await post('missions', { name: 'Conseil aux particuliers' })).json<{ id: number }>().id;
  projectType = (await post('types-projet', { name: 'Rénovation globale', missions: [hidden, shown] })).json<{
    id: number;
  }>().id;
});
afterAll(() => t.close());

describe('a read scope', () => {
  it('leaves the record out of the list, its count and its search', async () => {
    const list = (await get(adviser, path('api.resource.collection', { resource: 'missions' }))).json<ResourcePage>();
    expect(list.items.map((item) => item.id)).toEqual([shown]);
    expect(list.total).toBe(1);
    const searched = await get(adviser, path('api.resource.collection', { resource: 'missions', q: 'contentieux' }));
    expect(searched.json<ResourcePage>().total).toBe(0);
    // The administrator, outside the scope's rule, sees both.
    const all = (await get(admin, path('api.resource.collection', { resource: 'missions' }))).json<ResourcePage>();
    expect(all.total).toBe(2);
  });

  it('answers its show, update and delete as for a record that does not exist', async () => {
    const show = await get(adviser, path('api.resource.item', { resource: 'missions', id: hidden }));
    expect(show.statusCode).toBe(404);
    expect(show.json().message).toBe("L'élément demandé n'existe pas ou a été supprimé.");
    const update = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'missions', id: hidden }),
      headers: authHeaders(adviser),
      payload: { name: 'Confidentiel : renommé' },
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'missions', id: hidden }),
      headers: authHeaders(adviser),
    });
    expect(remove.statusCode).toBe(404);
    const still = await get(admin, path('api.resource.item', { resource: 'missions', id: hidden }));
    expect(still.json<ResourceRecordView>().name).toBe('Confidentiel : contentieux');
  });

  it('suggests it to nobody outside the scope', async () => {
    const suggested = await get(adviser, path('api.resource.autocomplete', { resource: 'missions', term: 'Con' }));
    expect(suggested.json()).toEqual([{ value: shown, label: 'Conseil aux particuliers' }]);
  });

  it('never names it in the titles of the records pointing at it', async () => {
    const list = (
      await get(adviser, path('api.resource.collection', { resource: 'types-projet' }))
    ).json<ResourcePage>();
    expect(list.titles.missions).toEqual({ [shown]: 'Conseil aux particuliers' });
    const view = (
      await get(adviser, path('api.resource.item', { resource: 'types-projet', id: projectType }))
    ).json<ResourceRecordView>();
    expect(view.titles.missions).toEqual({ [shown]: 'Conseil aux particuliers' });
    const exported = await get(adviser, path('api.resource.export', { resource: 'types-projet', format: 'csv' }));
    expect(exported.body).toContain('Conseil aux particuliers');
    expect(exported.body).not.toContain('contentieux');
  });

  it('leaves it out of exports', async () => {
    const exported = await get(adviser, path('api.resource.export', { resource: 'missions', format: 'csv' }));
    expect(exported.headers['x-total-count']).toBe('1');
    expect(exported.body).not.toContain('contentieux');
  });

  it('refuses it as a reference, as a record that does not exist', async () => {
    const created = await post('types-projet', { name: 'Contentieux', missions: [hidden] }, adviser);
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors).toEqual({ missions: "L'élément choisi n'existe pas ou a été supprimé." });
  });
});
