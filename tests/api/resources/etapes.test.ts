import { describe, expect, it } from 'vitest';
import { findResource } from '../../../src/shared/resources/registry';
import { path } from '../../../src/shared/routes';
import { resourceRequests } from '../../support/resource-requests';
import { sampleValues } from '../../support/resource-samples';
import { authHeaders, useAdminApp } from '../../support/test-app';

const t = useAdminApp();
const created = (slug: string, payload: Record<string, unknown>) =>
  resourceRequests(t.app, t.admin).created(slug, payload);
const post = (slug: string, payload: Record<string, unknown>) => resourceRequests(t.app, t.admin).post(slug, payload);

describe('workflow steps (etapes)', () => {
  it('allows one finished step only, on create and on update', async () => {
    const finished = await created('etapes', { name: 'Terminé', done: true });
    const second = await post('etapes', { name: 'Clos', done: true });
    expect(second.statusCode).toBe(400);
    expect(second.json().fieldErrors).toEqual({ done: "Une autre étape est déjà marquée avec l'état terminé" });
    const open = await created('etapes', { name: 'En cours', done: false });
    const update = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'etapes', id: open.id }),
      headers: authHeaders(t.admin),
      payload: { ...sampleValues(findResource('etapes')!, 2), name: 'En cours', done: true },
    });
    expect(update.json().fieldErrors).toEqual({ done: "Une autre étape est déjà marquée avec l'état terminé" });
    // The finished step itself may be saved again.
    const same = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'etapes', id: finished.id }),
      headers: authHeaders(t.admin),
      payload: { ...sampleValues(findResource('etapes')!, 3), name: 'Terminé', done: true },
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('keeps transitions with their characteristics, names their targets, and refuses a step leading to itself', async () => {
    const next = await created('etapes', { name: 'Instruction' });
    const step = await created('etapes', {
      name: 'Qualification',
      reachableSteps: [next.id],
      transitions: [
        {
          target: next.id,
          characteristics: [
            { characteristicName: 'Canal', characteristicType: 'choice', characteristicOptions: 'Téléphone,Courriel' },
          ],
        },
      ],
    });
    const view = await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: 'etapes', id: step.id }),
      headers: authHeaders(t.admin),
    });
    expect(view.json().transitions[0].characteristics[0].characteristicName).toBe('Canal');
    expect(view.json().titles['transitions.target']).toEqual({ [String(next.id)]: 'Instruction' });

    const deleteTarget = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'etapes', id: next.id }),
      headers: authHeaders(t.admin),
    });
    expect(deleteTarget.statusCode).toBe(409);

    const itself = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'etapes', id: step.id }),
      headers: authHeaders(t.admin),
      payload: { ...sampleValues(findResource('etapes')!, 4), reachableSteps: [step.id] },
    });
    expect(itself.json().fieldErrors).toEqual({ reachableSteps: 'Une étape ne peut pas mener à elle-même.' });
  });
});
