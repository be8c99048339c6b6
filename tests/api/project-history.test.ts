import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/server/db/schema';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { UploadedFile } from '../../src/shared/resources/fields';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp } from '../support/test-app';

/**
 * A project's history (issue 13): its fields, state, characteristics, co-owners, partners, advice
 * acts and documents, newest first, named by labels rather than ids, and filtered by kind.
 */
const t = useAdminApp();
const ids = {} as Record<'dupont' | 'atelier' | 'study' | 'works' | 'quote' | 'project', number>;
const api = () => resourceRequests(t.app, t.admin);
const children = (child: string) => path('api.resource.children', { resource: 'projet', id: ids.project, child });
const history = async (type?: string) => {
  const response = await api().get(
    path('api.resource.history', { resource: 'projet', id: ids.project, ...(type ? { type } : {}) }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};
/** Each entry's changes, newest first, as [field, before, after]. */
const changesOf = (page: AuditPage) =>
  page.entries.map(({ changes }) => changes.map(({ field, label, before, after }) => [label ?? field, before, after]));

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  ids.dupont = await created('individus', { lastName: 'Dupont', firstName: 'Marie' });
  ids.atelier = await created('structures', { name: 'Atelier Vert' });
  ids.study = await created('etats-projet', { name: 'À l’étude' });
  ids.works = await created('etats-projet', { name: 'En travaux' });
  ids.quote = await created('types-de-document', { name: 'Devis' });
  ids.project = await created('projet', { name: 'Maison Dupont', state: ids.study });

  const added = async (child: string, values: Record<string, unknown>) => {
    const response = await api().post(child, values, children(child));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ResourceRecord>();
  };
  const coOwner = await added('coporteurs-projet', { role: 'Syndic', individual: ids.dupont });
  const partner = await added('partenaires-projet', { role: 'Bureau d’études', structure: ids.atelier });
  await added('commentaires-projet', { subject: 'Premier rendez-vous', actDate: '2026-02-01' });
  const upload = await t.app.inject({
    method: 'POST',
    url: path('api.upload', { dossier: 'piece-jointe', nom: 'Devis.pdf' }),
    headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
    payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  await added('piece-jointe', {
    title: 'Devis isolation',
    documentType: ids.quote,
    file: upload.json<UploadedFile>().path,
  });

  // A co-owner's role changed: the same co-owner, changed.
  const edit = await api().put('coporteurs-projet', coOwner.id, {
    project: ids.project,
    role: 'Syndic bénévole',
    individual: ids.dupont,
  });
  expect(edit.statusCode, edit.body).toBe(200);
  // The project's name, then its state.
  const current = (await api().get(path('api.resource.item', { resource: 'projet', id: ids.project }))).json();
  const renamed = await api().put('projet', ids.project, { ...current, name: 'Maison Dupont-Durand' });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const state = await t.app.inject({
    method: 'POST',
    url: path('api.projects.change_state', { id: ids.project, etat: ids.works }),
    headers: authHeaders(t.admin),
  });
  expect(state.statusCode, state.body).toBe(200);
  // A characteristic, as the forms' save writes it (project-characteristics.test.ts saves real forms).
  await t.database.db.insert(auditEntries).values({
    resource: 'projet',
    recordId: ids.project,
    action: 'update',
    actorId: t.admin.session.user.id,
    changes: [{ field: 'characteristics.1', label: 'Surface habitable', before: null, after: '120' }],
  });
  const removed = await t.app.inject({
    method: 'POST',
    url: path('api.resource.delete', { resource: 'partenaires-projet', id: partner.id }),
    headers: authHeaders(t.admin),
  });
  expect(removed.statusCode, removed.body).toBe(200);
});

describe('a project’s history', () => {
  it('lists its fields, state, characteristics and children newest first, named by labels, not ids', async () => {
    const page = await history();
    expect(page.total).toBe(10);
    expect(changesOf(page).slice(0, 9)).toEqual([
      [['partenaires-projet', 'Atelier Vert – Bureau d’études', null]],
      [['Surface habitable', null, '120']],
      [['state', ids.study, ids.works]],
      [['name', 'Maison Dupont', 'Maison Dupont-Durand']],
      [['coporteurs-projet', 'Dupont Marie – Syndic', 'Dupont Marie – Syndic bénévole']],
      [['piece-jointe', null, 'Devis isolation']],
      [['commentaires-projet', null, 'Premier rendez-vous']],
      [['partenaires-projet', null, 'Atelier Vert – Bureau d’études']],
      [['coporteurs-projet', null, 'Dupont Marie – Syndic']],
    ]);
    // A child changed says which of its fields changed; added or deleted, none.
    expect(page.entries[4]!.changes[0]!.fields).toEqual(['role']);
    expect(page.entries[0]!.changes[0]).not.toHaveProperty('fields');
    expect(page.entries.at(-1)!.action).toBe('create');
    // A state is named by its title, as any reference the changes name.
    expect(page.titles.state).toEqual({ [ids.study]: 'À l’étude', [ids.works]: 'En travaux' });
    expect(page.entries[0]!.actorName).toBe('Principal Administrateur');
  });

  it('is filtered by kind on the server, paging counting that kind alone', async () => {
    const kinds = {
      'coporteurs-projet': 2,
      'partenaires-projet': 2,
      'commentaires-projet': 1,
      'piece-jointe': 1,
      caracteristiques: 1,
      // The creation (its state then) and the change.
      state: 2,
      // The creation (its own fields, without the state) and the renaming.
      fiche: 2,
    };
    for (const [kind, total] of Object.entries(kinds)) {
      const page = await history(kind);
      expect([kind, page.total, page.entries.length]).toEqual([kind, total, total]);
    }
    const partners = await history('partenaires-projet');
    expect(changesOf(partners)).toEqual([
      [['partenaires-projet', 'Atelier Vert – Bureau d’études', null]],
      [['partenaires-projet', null, 'Atelier Vert – Bureau d’études']],
    ]);
    const state = await history('state');
    expect(changesOf(state)).toEqual([[['state', ids.study, ids.works]], [['state', null, ids.study]]]);
    const own = await history('fiche');
    expect(own.entries.map(({ action }) => action)).toEqual(['update', 'create']);
    expect(own.entries[1]!.changes.map(({ field }) => field)).not.toContain('state');
    expect(own.entries[1]!.changes).toContainEqual({ field: 'name', before: null, after: 'Maison Dupont' });

    const second = await api().get(
      path('api.resource.history', {
        resource: 'projet',
        id: ids.project,
        type: 'coporteurs-projet',
        parPage: 1,
        page: 2,
      }),
    );
    expect(second.json<AuditPage>()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(changesOf(second.json<AuditPage>())).toEqual([[['coporteurs-projet', null, 'Dupont Marie – Syndic']]]);
  });

  it('refuses a kind it does not know, in French', async () => {
    const response = await api().get(
      path('api.resource.history', { resource: 'projet', id: ids.project, type: 'taches' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'errors.form',
      message: 'Une erreur est survenue. Veuillez vérifier les informations saisies.',
      fieldErrors: { type: 'Veuillez choisir une valeur de la liste.' },
    });
  });
});
