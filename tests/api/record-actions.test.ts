import { describe, expect, it } from 'vitest';
import type { ResourcePage, ResourceRecordView } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();

describe('what a reader may not do to a record (refusedActions)', () => {
  it("tells a user manager that the administrator's account refuses what the rule refuses, and tells nothing on others", async () => {
    const manager = await logInWithProfile(t, {
      email: 'gestion@exemple.fr',
      permissions: ['utilisateurs.consult', 'utilisateurs.modify', 'utilisateurs.delete', 'utilisateurs.impersonate'],
    });
    const created = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(t.admin),
      payload: { lastName: 'Martin', firstName: 'Julien', email: 'julien.martin@exemple.fr' },
    });
    const colleague = created.json<{ id: number }>().id;
    const adminId = t.admin.session.user.id;

    const list = await t.app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(manager),
    });
    const byId = new Map(list.json<ResourcePage>().items.map((item) => [item.id, item]));
    expect(byId.get(adminId)?.refusedActions).toEqual(['update', 'delete', 'impersonate']);
    expect(byId.get(colleague)).not.toHaveProperty('refusedActions');

    const shown = await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: 'utilisateurs', id: adminId }),
      headers: authHeaders(manager),
    });
    expect(shown.json<ResourceRecordView>().refusedActions).toEqual(['update', 'delete', 'impersonate']);

    // The administrator is refused nothing.
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(t.admin),
    });
    expect(asAdmin.json<ResourcePage>().items.some((item) => 'refusedActions' in item)).toBe(false);
  });
});
