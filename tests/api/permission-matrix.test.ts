import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionGroupNames, permissionKey, type PermissionGroup } from '../../src/shared/permissions';
import { resources } from '../../src/shared/resources/registry';
import { permissionGroupsOf, type ResourceDefinition, type ResourceRecord } from '../../src/shared/resources/resource';
import { path, type RouteName } from '../../src/shared/routes';
import { createSampleLinks, sampleValues } from '../support/resource-samples';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * Profiles × resources × actions: each user tries every action of every resource; the reply is 2xx
 * exactly when the table below says their profile grants it, and a refused write leaves the record
 * as it was.
 */
const t = useAdminApp();
const profiles: { name: ProfileName; user: LoggedIn; groups: PermissionGroup[] }[] = [];

type Action = 'list' | 'show' | 'create' | 'update' | 'delete' | 'export' | 'impersonate';
type ProfileName = PermissionGroup | 'tout-sans-service' | 'aucun-droit';
/**
 * What each profile may do on a resource, written out (spec 3's groups: add, consult, modify,
 * delete, other; spec 6: without a service, nothing is created).
 */
const granted: Record<ProfileName, Action[]> = {
  add: ['create'],
  consult: ['list', 'show'],
  modify: ['update'],
  delete: ['delete'],
  other: ['export'],
  impersonate: ['impersonate'],
  'tout-sans-service': ['list', 'show', 'update', 'delete', 'export', 'impersonate'],
  'aucun-droit': [],
};
/** Resources no access profile opens, whatever it grants: administrators only (the email log). */
const administratorsOnly = ['journal-emails'];
/** Resources every user consults, their read scope keeping each to their own records (notifications). */
const everyonesOwn = ['notifications'];
/** Records only their author (or an administrator) changes or deletes: the records here are the administrator's. */
const authorsOnly = ['tickets-commentaires'];
const allowed = (slug: string, profile: ProfileName, action: Action) =>
  (everyonesOwn.includes(slug) && (action === 'list' || action === 'show')) ||
  (!administratorsOnly.includes(slug) &&
    !(authorsOnly.includes(slug) && (action === 'update' || action === 'delete')) &&
    granted[profile].includes(action));
const tried = { combinations: 0, granted: 0, refused: 0 };

beforeAll(async () => {
  // The project the samples of its child resources belong to.
  await createSampleLinks(t.app, t.admin);
  // One profile per group of actions, on every resource; one with every group but no service; one with nothing.
  const variants: { name: ProfileName; groups: PermissionGroup[]; withService?: boolean }[] = [
    ...permissionGroupNames.map((group) => ({ name: group, groups: [group] })),
    { name: 'tout-sans-service', groups: permissionGroupNames, withService: false },
    { name: 'aucun-droit', groups: [] },
  ];
  for (const { name, groups, withService } of variants) {
    const user = await logInWithProfile(t, {
      email: `${name}@exemple.fr`,
      permissions: resources.flatMap((definition) =>
        groups
          .filter((group) => permissionGroupsOf(definition).includes(group))
          .map((group) => permissionKey(definition.slug, group)),
      ),
      withService,
    });
    profiles.push({ name, user, groups });
  }
});
afterAll(() => {
  console.log(
    `permission matrix: ${tried.combinations} combinations (${profiles.length} profiles × ${resources.length} resources × actions), ` +
      `${tried.granted} granted, ${tried.refused} refused`,
  );
});

async function createAsAdmin(definition: ResourceDefinition, n: number): Promise<ResourceRecord> {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: definition.slug }),
    headers: authHeaders(t.admin),
    payload: sampleValues(definition, n),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function shownAsAdmin(definition: ResourceDefinition, id: number) {
  return t.app.inject({
    method: 'GET',
    url: path('api.resource.item', { resource: definition.slug, id }),
    headers: authHeaders(t.admin),
  });
}

describe.each(resources.map((definition) => [definition.slug, definition] as const))('%s', (slug, definition) => {
  // About a hundred requests per resource: more time than the default under a loaded CI machine.
  it(
    'answers each profile exactly as its permissions say; refused writes change nothing',
    { timeout: 120_000 },
    async () => {
      const record = definition.behaviours.readOnly ? undefined : await createAsAdmin(definition, 500);
      for (const [index, { name, user }] of profiles.entries()) {
        const attempts = [
          { action: 'list' as const, method: 'GET' as const, url: path('api.resource.collection', { resource: slug }) },
          // A resource that is not exportable has no export route (the notifications).
          ...(definition.behaviours.exportable
            ? [
                {
                  action: 'export' as const,
                  method: 'GET' as const,
                  url: path('api.resource.export', { resource: slug, format: 'csv' }),
                },
              ]
            : []),
          ...(record
            ? [
                {
                  action: 'show' as const,
                  method: 'GET' as const,
                  url: path('api.resource.item', { resource: slug, id: record.id }),
                },
                {
                  action: 'create' as const,
                  method: 'POST' as const,
                  url: path('api.resource.collection', { resource: slug }),
                  payload: sampleValues(definition, 600 + index),
                },
                {
                  action: 'update' as const,
                  method: 'PUT' as const,
                  url: path('api.resource.item', { resource: slug, id: record.id }),
                  payload: sampleValues(definition, 500),
                },
              ]
            : []),
        ];
        for (const { action, method, url, payload } of attempts) {
          const response = await t.app.inject({
            method,
            url,
            headers: authHeaders(user),
            ...(payload ? { payload } : {}),
          });
          const expected = allowed(slug, name, action);
          tried.combinations += 1;
          tried[expected ? 'granted' : 'refused'] += 1;
          expect(response.statusCode, `${name} ${action} ${slug}: ${response.body.slice(0, 200)}`).toBe(
            expected ? (action === 'create' ? 201 : 200) : 403,
          );
        }
        if (!record) continue;
        // The record's own commands (commune update, RGE import, log in as…): refused ones change
        // nothing; what granted ones do is their own tests' business.
        for (const command of definition.commands.filter((candidate) => candidate.kind === 'post')) {
          if (allowed(slug, name, command.action as Action)) continue;
          const url = path(command.route as RouteName & 'api.resource.item', { resource: slug, id: record.id });
          const response = await t.app.inject({ method: 'POST', url, headers: authHeaders(user) });
          tried.combinations += 1;
          tried.refused += 1;
          expect(response.statusCode, `${name} ${command.name} ${slug}`).toBe(403);
        }
        // Delete last, on a record of its own: a granted delete must not spoil the next profile's tries.
        const victim = await createAsAdmin(definition, 700 + index);
        const deleted = await t.app.inject({
          method: 'POST',
          url: path('api.resource.delete', { resource: slug, id: victim.id }),
          headers: authHeaders(user),
        });
        const mayDelete = allowed(slug, name, 'delete');
        tried.combinations += 1;
        tried[mayDelete ? 'granted' : 'refused'] += 1;
        expect(deleted.statusCode, `${name} delete ${slug}`).toBe(mayDelete ? 200 : 403);
        expect((await shownAsAdmin(definition, victim.id)).statusCode).toBe(mayDelete ? 404 : 200);
      }
      if (record) {
        // Only the profiles allowed to modify wrote to it: the record is what the last of them sent, or the original.
        const shown = (await shownAsAdmin(definition, record.id)).json();
        expect(shown).toMatchObject(sampleValues(definition, 500));
      }
    },
  );
});

describe('a user without a service', () => {
  it('creates nothing, with the spec message, even when a profile grants it', async () => {
    const user = profiles.find(({ name }) => name === 'tout-sans-service')!.user;
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'liens-utiles' }),
      headers: authHeaders(user),
      payload: { name: 'Anah', url: 'https://www.anah.gouv.fr' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Vous ne possédez pas les droits pour créer cette ressource');
  });
});
