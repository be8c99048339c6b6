import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../src/shared/resources/fields';
import type { ResourcePage, ResourceRecord, Suggestion } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { sampleValues } from '../support/resource-samples';
import { findResource } from '../../src/shared/resources/registry';
import { authHeaders, useAdminApp } from '../support/test-app';

const t = useAdminApp();

async function post(slug: string, values: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: slug }),
    headers: authHeaders(t.admin),
    payload: { ...sampleValues(findResource(slug)!, 1), ...values },
  });
}
async function created(slug: string, values: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await post(slug, values);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function shown(slug: string, id: number): Promise<ResourceRecord> {
  return (
    await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: slug, id }),
      headers: authHeaders(t.admin),
    })
  ).json();
}

describe('publication toggle (spec 4)', () => {
  it('answers exactly OK to a GET and flips the published flag each time', async () => {
    const record = await created('fichier-type', { name: 'Modèle de devis' });
    expect(record.published).toBe(false);
    const toggle = () =>
      t.app.inject({
        method: 'GET',
        url: path('api.resource.publish', { resource: 'fichier-type', id: record.id }),
        headers: authHeaders(t.admin),
      });
    const first = await toggle();
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('OK');
    expect((await shown('fichier-type', record.id)).published).toBe(true);
    expect((await toggle()).body).toBe('OK');
    expect((await shown('fichier-type', record.id)).published).toBe(false);
  });

  it('does not answer OK for a missing record or a resource that is not publishable', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: path('api.resource.publish', { resource: 'fichier-type', id: 999999 }),
      headers: authHeaders(t.admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toBe('OK');
    const other = await t.app.inject({
      method: 'GET',
      url: path('api.resource.publish', { resource: 'liens-utiles', id: 1 }),
      headers: authHeaders(t.admin),
    });
    expect(other.statusCode).toBe(404);
  });

  it('does nothing from a link on another site: without the CSRF token, or sent cross-site', async () => {
    const record = await created('fichier-type', { name: 'Modèle de facture' });
    const url = path('api.resource.publish', { resource: 'fichier-type', id: record.id });
    const attempts = [
      // What a link or an image on another site sends: the cookie (SameSite=Lax lets a top-level GET carry it).
      { cookie: t.admin.cookie, 'sec-fetch-site': 'cross-site' },
      { cookie: t.admin.cookie },
      { ...authHeaders(t.admin), 'x-csrf-token': 'un-autre-jeton' },
      { ...authHeaders(t.admin), 'sec-fetch-site': 'cross-site' },
      { ...authHeaders(t.admin), 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Jeton CSRF invalide');
    }
    expect((await shown('fichier-type', record.id)).published).toBe(false);
    // The token may also come as the _token parameter, from the page itself.
    const fromPage = await t.app.inject({
      method: 'GET',
      url,
      query: { _token: t.admin.csrfToken },
      headers: { cookie: t.admin.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(fromPage.body).toBe('OK');
    expect((await shown('fichier-type', record.id)).published).toBe(true);
  });
});

describe('enable and disable batch actions', () => {
  const batch = (ids: number[], action: string, slug = 'types-projet') =>
    t.app.inject({
      method: 'POST',
      url: path('api.resource.batch', { resource: slug }),
      headers: authHeaders(t.admin),
      payload: { ids, _action: action },
    });

  it('disables then enables the selected records of an activatable resource', async () => {
    const [a, b] = [await created('types-projet', { name: 'Audit' }), await created('types-projet', { name: 'Bâti' })];
    expect(a.enabled).toBe(true);
    expect((await batch([a.id, b.id], 'disable')).json()).toEqual({ processed: 2 });
    expect((await shown('types-projet', a.id)).enabled).toBe(false);
    expect((await shown('types-projet', b.id)).enabled).toBe(false);
    expect((await batch([b.id], 'enable')).json()).toEqual({ processed: 1 });
    expect((await shown('types-projet', b.id)).enabled).toBe(true);
  });

  it('refuses them on a resource that is not activatable', async () => {
    const link = await created('liens-utiles', { name: 'Anah' });
    const response = await batch([link.id], 'disable', 'liens-utiles');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Cette action n'est pas proposée pour cette liste.");
  });
});

describe('autocomplete (spec 9: GET with term, JSON reply)', () => {
  it('suggests the live records whose title holds the term, accents and case ignored', async () => {
    await created('missions', { name: 'Conseil aux particuliers' });
    await created('missions', { name: 'Accompagnement des copropriétés' });
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.resource.autocomplete', { resource: 'missions', term: 'COPROPRIETE' }),
      headers: { cookie: t.admin.cookie },
    });
    expect(response.json<Suggestion[]>().map(({ label }) => label)).toEqual(['Accompagnement des copropriétés']);
    const empty = await t.app.inject({
      method: 'GET',
      url: path('api.resource.autocomplete', { resource: 'missions', term: '' }),
      headers: { cookie: t.admin.cookie },
    });
    expect(empty.json()).toEqual([]);
  });

  it('suggests users by name or email', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.resource.autocomplete', { resource: 'utilisateurs', term: 'admin' }),
      headers: { cookie: t.admin.cookie },
    });
    expect(response.json<Suggestion[]>()).toEqual([{ value: t.admin.session.user.id, label: expect.any(String) }]);
  });
});

describe('file fields and uploads', () => {
  const upload = (body: Buffer, query: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path('api.upload', query),
      headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
      payload: body,
    });

  it('stores an upload, gives it back to a logged-in user only, and a file field keeps its path', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 contenu du modèle');
    const response = await upload(bytes, { dossier: 'fichier-type', nom: '../Modèle de devis.docx' });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<UploadedFile>();
    expect(file).toMatchObject({ name: 'Modèle de devis.docx', size: bytes.length });
    expect(file.path).toMatch(/^fichier-type\/[0-9a-f-]{36}\/Modèle de devis\.docx$/);

    const download = await t.app.inject({
      method: 'GET',
      url: path('uploads.file', { chemin: file.path }),
      headers: { cookie: t.admin.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    const anonymous = await t.app.inject({ method: 'GET', url: path('uploads.file', { chemin: file.path }) });
    expect(anonymous.statusCode).toBe(401);

    const record = await created('fichier-type', { name: 'Devis type', file: file.path });
    expect((await shown('fichier-type', record.id)).file).toBe(file.path);
  });

  it('refuses an empty upload, a bad folder, a path outside the uploads and a made-up file path', async () => {
    expect((await upload(Buffer.alloc(0), { dossier: 'fichier-type', nom: 'vide.txt' })).statusCode).toBe(400);
    expect((await upload(Buffer.from('x'), { dossier: '../etc', nom: 'x.txt' })).statusCode).toBe(400);
    const climbing = await t.app.inject({
      method: 'GET',
      url: '/uploads/..%2F..%2Fetc/passwd',
      headers: { cookie: t.admin.cookie },
    });
    expect(climbing.statusCode).toBe(404);
    const response = await post('fichier-type', { name: 'Sans fichier', file: '/etc/passwd' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ file: "Le fichier n'est pas valide." });
  });
});

describe('list filters on the new kinds', () => {
  it('filters a references field by one of its ids', async () => {
    const mission = await created('missions', { name: 'Filtrée' });
    await created('types-projet', { name: 'Avec la mission', missions: [mission.id] });
    const page = (
      await t.app.inject({
        method: 'GET',
        url: path('api.resource.collection', { resource: 'types-projet', missions: mission.id }),
        headers: { cookie: t.admin.cookie },
      })
    ).json<ResourcePage>();
    expect(page.items.map((item) => item.name)).toEqual(['Avec la mission']);
  });
});

describe('modal/ajouter (behaviour modalCreate)', () => {
  it('creates a task template from its modal, and is no route of the resources without it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.resource.modal_create', { resource: 'template-tache' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Suivi de chantier', tasks: [{ taskName: 'Réception', dueIn: 3, dueUnit: 'weeks' }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await shown('template-tache', response.json<ResourceRecord>().id)).tasks).toEqual([
      { taskName: 'Réception', taskType: null, dueIn: 3, dueUnit: 'weeks' },
    ]);
    const absent = await t.app.inject({
      method: 'POST',
      url: path('api.resource.modal_create', { resource: 'liens-utiles' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Anah', url: 'https://www.anah.gouv.fr' },
    });
    expect(absent.statusCode).toBe(404);
  });
});
