import { describe, expect, it } from 'vitest';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp } from '../support/test-app';

/**
 * An advice act's types of information and service continuation are chosen from the SARE reference's
 * lists (issue 26, item 1): kept as their codes in the reference's order, refused in French on the
 * field when not one of them, shown by their French labels in the export, and written in the SARE
 * file's columns 22 and 27.
 */
const t = useAdminApp();
const api = () => resourceRequests(t.app, t.admin);

const actValues = (project: number) => ({
  project,
  subject: 'Conseil isolation',
  actDate: '2026-03-10',
  actType: 'A01',
  ademe: true,
});

describe('an advice act’s lists of the SARE reference', () => {
  it('keeps the chosen codes in the reference’s order, refuses any other value on its field, and exports them', async () => {
    const project = await api().created('projet', { name: 'Maison Lefèvre' });
    const acts = path('api.resource.children', { resource: 'projet', id: project.id, child: 'commentaires-projet' });
    const created = await api().post(
      'commentaires-projet',
      {
        ...actValues(project.id),
        // Picked in another order than the reference's.
        informationTypes: ['social', 'technical'],
        serviceContinuation: ['none'],
      },
      acts,
    );
    expect(created.statusCode, created.body).toBe(201);
    const act = created.json<{ id: number; informationTypes: string[]; serviceContinuation: string[] }>();
    expect(act.informationTypes).toEqual(['technical', 'social']);
    expect(act.serviceContinuation).toEqual(['none']);
    const item = path('api.resource.item', { resource: 'commentaires-projet', id: act.id });
    const stored = (await api().get(item)).json();
    expect([stored.informationTypes, stored.serviceContinuation]).toEqual([['technical', 'social'], ['none']]);

    // The words a person typed in the old free-text input: refused on the field, nothing changed.
    const refused = await api().put('commentaires-projet', act.id, {
      ...actValues(project.id),
      subject: 'Conseil isolation modifié',
      informationTypes: ['technical', 'Information technique'],
      serviceContinuation: ['none'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'informationTypes.1': 'Veuillez choisir une valeur de la liste.' });
    const continuation = await api().put('commentaires-projet', act.id, {
      ...actValues(project.id),
      subject: 'Conseil isolation modifié',
      serviceContinuation: ['astrologie'],
    });
    expect(continuation.statusCode).toBe(400);
    expect(continuation.json().fieldErrors).toEqual({
      'serviceContinuation.0': 'Veuillez choisir une valeur de la liste.',
    });
    expect((await api().get(item)).json()).toEqual(stored);

    // The list export shows them as a person reads them.
    const csv = await api().get(`${path('api.resource.export', { resource: 'commentaires-projet', format: 'csv' })}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const cell = (name: string) => row!.split(';')[header!.split(';').indexOf(name)];
    // Quoted: the cell holds a comma.
    expect(cell("Types d'information")).toBe('"Information technique, Information sociale"');
    expect(cell('Poursuite de service envisagée')).toBe('Pas de poursuite');

    // The act's own SARE file: columns 22 and 27 in ADEME's words.
    const sare = await t.app.inject({
      method: 'GET',
      url: path('api.project_comments.sare_export_act', { id: act.id }),
      headers: authHeaders(t.admin),
    });
    expect(sare.statusCode, sare.body).toBe(200);
    const columns = sare.rawPayload.toString('latin1').replace(/\r\n$/, '').split('|;|');
    expect(columns).toHaveLength(39);
    expect(columns[21]).toBe('INFORMATION TECHNIQUE_/_INFORMATION SOCIALE');
    expect(columns[26]).toBe('PAS DE POURSUITE');
  });

  it('takes several continuations, and none at all', async () => {
    const project = await api().created('projet', { name: 'Immeuble Lumière' });
    const act = await api().created('commentaires-projet', {
      ...actValues(project.id),
      informationTypes: [],
      serviceContinuation: ['works_support', 'energy_audit', 'works_support'],
    });
    expect(act.informationTypes).toEqual([]);
    // Each once, in the reference's order.
    expect(act.serviceContinuation).toEqual(['energy_audit', 'works_support']);
    const sare = await t.app.inject({
      method: 'GET',
      url: path('api.project_comments.sare_export_act', { id: act.id }),
      headers: authHeaders(t.admin),
    });
    const columns = sare.rawPayload.toString('latin1').replace(/\r\n$/, '').split('|;|');
    expect(columns[21]).toBe('');
    expect(columns[26]).toBe('REALISATION AUDIT ENERGETIQUE_/_ACCOMPAGNEMENT REALISATION DE TRAVAUX');
  });
});
