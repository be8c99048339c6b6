import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { authHeaders, useAdminApp } from '../../support/test-app';

const t = useAdminApp();
const created = (slug: string, payload: Record<string, unknown>) =>
  resourceRequests(t.app, t.admin).created(slug, payload);

describe('project themes (thematiques-projet)', () => {
  it('says whether a theme or one of its ancestors is attached to the media watch (is-rattache)', async () => {
    const root = await created('thematiques-projet', { name: 'Chauffage', attachedToWatch: true });
    const child = await created('thematiques-projet', {
      name: 'Pompe à chaleur',
      parent: root.id,
      attachedToWatch: false,
    });
    const alone = await created('thematiques-projet', { name: 'Ventilation', attachedToWatch: false });
    const attached = async (id: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: path('api.project_themes.is_attached', { id }),
          headers: { cookie: t.admin.cookie },
        })
      ).json();
    expect(await attached(child.id)).toEqual({ id: child.id, attached: true });
    expect(await attached(alone.id)).toEqual({ id: alone.id, attached: false });

    const cycle = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'thematiques-projet', id: root.id }),
      headers: authHeaders(t.admin),
      payload: { name: 'Chauffage', parent: child.id, attachedToWatch: true },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().fieldErrors.parent).toBe(
      'Une thématique ne peut pas être placée sous elle-même ni sous une de ses sous-thématiques.',
    );
  });
});
