import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, useAdminApp } from '../../support/test-app';

const t = useAdminApp();
const created = (slug: string, payload: Record<string, unknown>) =>
  resourceRequests(t.app, t.admin).created(slug, payload);

describe('project types by mission (types-projet ajax par-mission)', () => {
  it('lists the enabled project types of a mission', async () => {
    const mission = await created('missions', { name: 'Petit tertiaire' });
    const other = await created('missions', { name: 'Copropriétés' });
    const shop = await created('types-projet', { name: 'Local commercial', missions: [mission.id] });
    const closed = await created('types-projet', { name: 'Bureau', missions: [mission.id, other.id] });
    await created('types-projet', { name: 'Immeuble', missions: [other.id] });
    await t.app.inject({
      method: 'POST',
      url: path('api.resource.batch', { resource: 'types-projet' }),
      headers: authHeaders(t.admin),
      payload: { ids: [closed.id], _action: 'disable' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.project_types.by_mission', { mission: mission.id }),
      headers: { cookie: t.admin.cookie },
    });
    expect(response.json()).toEqual([{ id: shop.id, name: 'Local commercial' }]);
  });
});
