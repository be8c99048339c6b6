import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema';
import type { UploadedFile } from '../../src/shared/resources/fields';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, type LoggedIn, type TestApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const upload = (t: TestApp, who: LoggedIn, bytes: Buffer, name = 'devis.docx', folder = 'fichier-type') =>
  t.app.inject({
    method: 'POST',
    url: path('api.upload', { dossier: folder, nom: name }),
    headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

const download = (t: TestApp, who: LoggedIn, file: string) =>
  t.app.inject({ method: 'GET', url: path('uploads.file', { chemin: file }), headers: authHeaders(who) });

describe('uploaded files', () => {
  let t: TestApp;
  let sender: LoggedIn;
  let reader: LoggedIn;
  let outsider: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    sender = await logInWithProfile(t, {
      email: 'redactrice@exemple.fr',
      permissions: ['fichier-type.add', 'fichier-type.consult', 'fichier-type.modify', 'fichier-type.delete'],
    });
    reader = await logInWithProfile(t, {
      email: 'lectrice@exemple.fr',
      permissions: ['fichier-type.add', 'fichier-type.consult'],
    });
    outsider = await logInWithProfile(t, { email: 'ailleurs@exemple.fr', permissions: ['individus.consult'] });
  });
  afterAll(() => t.close());

  const createTemplate = (who: LoggedIn, file: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'fichier-type' }),
      headers: authHeaders(who),
      payload: { name, file, projectTypes: [] },
    });

  it('serves a file not yet in a record to its sender alone, then to whoever may see the record', async () => {
    const bytes = Buffer.from('contenu du devis type');
    const file = (await upload(t, sender, bytes)).json<UploadedFile>().path;
    expect((await download(t, sender, file)).statusCode).toBe(200);
    // Another logged-in user who knows (or guesses) the path: as if there were no such file.
    expect((await download(t, reader, file)).statusCode).toBe(404);
    expect((await download(t, outsider, file)).statusCode).toBe(404);

    const record = await createTemplate(sender, file, 'Devis type');
    expect(record.statusCode, record.body).toBe(201);
    const shared = await download(t, reader, file);
    expect(shared.statusCode).toBe(200);
    expect(shared.rawPayload.equals(bytes)).toBe(true);
    // Who may not see template files may not read theirs either.
    expect((await download(t, outsider, file)).statusCode).toBe(404);

    // Deleted, the record shows its file to nobody.
    const deleted = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'fichier-type', id: record.json<ResourceRecord>().id }),
      headers: authHeaders(sender),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await download(t, reader, file)).statusCode).toBe(404);
  });

  it("refuses a record naming another user's file, so nobody reads a file by naming it", async () => {
    const file = (await upload(t, sender, Buffer.from('brouillon confidentiel'))).json<UploadedFile>().path;
    const stolen = await createTemplate(reader, file, 'Copie du brouillon');
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors).toEqual({ file: "Le fichier n'est pas valide." });
    expect((await download(t, reader, file)).statusCode).toBe(404);
  });

  it("lets a clone name its original's file, when the user may see the original", async () => {
    const file = (await upload(t, sender, Buffer.from('modèle partagé'))).json<UploadedFile>().path;
    expect((await createTemplate(sender, file, 'Modèle partagé')).statusCode).toBe(201);
    const clone = await createTemplate(reader, file, 'Modèle partagé (copie)');
    expect(clone.statusCode, clone.body).toBe(201);
  });
});

describe("an upload's folder and name", () => {
  let t: TestApp;
  let admin: LoggedIn;
  let nobody: LoggedIn;
  let usersEditor: LoggedIn;
  let projectsEditor: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await logIn(t.app);
    nobody = await logInWithProfile(t, { email: 'sans-droits@exemple.fr', permissions: [] });
    usersEditor = await logInWithProfile(t, {
      email: 'gestion-comptes@exemple.fr',
      permissions: ['utilisateurs.consult', 'utilisateurs.modify'],
    });
    projectsEditor = await logInWithProfile(t, {
      email: 'charge-projets@exemple.fr',
      permissions: ['projet.consult', 'projet.modify'],
    });
  });
  afterAll(() => t.close());

  const badName = "Le fichier n'a pas pu être envoyé : son nom n'est pas valide.";

  it('refuses a name that is empty, "." or ".." once reduced to its last part, so no file takes a folder\'s place', async () => {
    // The import assistant's folder: once replaced by a file, the assistant answered 500 to everyone.
    for (const name of ['..', '.', '', '  ', 'rapports/..', '..\\', '/']) {
      const response = await upload(t, nobody, Buffer.from('pas un dossier'), name, 'imports');
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message).toBe(badName);
    }
    expect((await upload(t, nobody, Buffer.from('pas un dossier'), '..', 'utilisateurs')).statusCode).toBe(403);
    const imported = await t.app.inject({
      method: 'POST',
      url: path('api.import_assistant.upload', { nom: 'contacts.csv' }),
      headers: { ...authHeaders(admin), 'content-type': 'application/octet-stream' },
      payload: 'Nom;Prénom\nRoux;Inès\n',
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().preview.rowCount).toBe(1);
  });

  it("lets into a resource's folder only whoever may create or change its records (a child's: its parent)", async () => {
    const forbidden = "Vous n'avez pas les droits nécessaires pour cette action.";
    const cases: [LoggedIn, string, number][] = [
      [nobody, 'utilisateurs', 403],
      [nobody, 'groupes', 403],
      [nobody, 'piece-jointe', 403],
      [usersEditor, 'utilisateurs', 201],
      [usersEditor, 'groupes', 403],
      [projectsEditor, 'piece-jointe', 201],
      [projectsEditor, 'fichier-type', 403],
    ];
    for (const [who, folder, status] of cases) {
      const response = await upload(t, who, Buffer.from('photo'), 'photo.png', folder);
      expect(response.statusCode, `${who.session.user.email} → ${folder}`).toBe(status);
      if (status === 403) expect(response.json().message).toBe(forbidden);
    }
  });

  it('keeps a file tied to no resource working for its sender alone', async () => {
    const response = await upload(t, nobody, Buffer.from('brouillon personnel'), 'brouillon.txt', 'brouillons');
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<UploadedFile>().path;
    expect(file).toMatch(/^brouillons\/[0-9a-f-]{36}\/brouillon\.txt$/);
    expect((await download(t, nobody, file)).body).toBe('brouillon personnel');
    expect((await download(t, usersEditor, file)).statusCode).toBe(404);
  });
});

describe('the upload quota', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp(undefined, { uploadQuotaBytes: 1024 * 1024 });
    admin = await logIn(t.app);
  });
  afterAll(() => t.close());

  it('refuses a file that would take its sender past the quota, keeping nothing of it', async () => {
    expect((await upload(t, admin, Buffer.alloc(600 * 1024, 1), 'premier.docx')).statusCode).toBe(201);
    const refused = await upload(t, admin, Buffer.alloc(600 * 1024, 2), 'second.docx');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(
      "Vous avez atteint votre quota de fichiers envoyés (1 Mo) : le fichier n'a pas été enregistré.",
    );
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.ownerId, admin.session.user.id));
    expect(rows.map((row) => row.path.split('/').at(-1))).toEqual(['premier.docx']);
  });
});

describe('the request log', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    lines = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp(undefined, { logStream: stream });
  });
  afterAll(() => t.close());

  it('keeps no password-link token, nor a CSRF token sent in a URL', async () => {
    const token = 'jeton-secret-de-reinitialisation-123456';
    await t.app.inject({ method: 'GET', url: path('api.password_reset.link', { token }) });
    await t.app.inject({ method: 'GET', url: path('admin.reset_password', { token }) });
    const admin = await logIn(t.app);
    await t.app.inject({
      method: 'GET',
      url: `${path('api.resource.publish', { resource: 'fichier-type', id: 1 })}?_token=${admin.csrfToken}`,
      headers: { cookie: admin.cookie },
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/reinitialisation/…');
    expect(log).toContain('/admin/reinitialisation/…');
    expect(log).toContain('_token=…');
    expect(log).not.toContain(token);
    expect(log).not.toContain(admin.csrfToken);
  });

  it('keeps no token whose name or route is percent-encoded: what the server decodes is what is hidden', async () => {
    const admin = await logIn(t.app);
    const token = 'jeton-secret-encode-654321';
    const publish = path('api.resource.publish', { resource: 'fichier-type', id: 1 });
    for (const name of ['%5Ftoken', '_%74oken', '%5F%74%6F%6B%65%6E']) {
      await t.app.inject({
        method: 'GET',
        url: `${publish}?${name}=${admin.csrfToken}`,
        headers: { cookie: admin.cookie },
      });
    }
    await t.app.inject({ method: 'GET', url: `/api/r%65initialisation/${token}` });
    const log = lines.join('\n');
    expect(log).toContain('%5Ftoken=…');
    expect(log).toContain('/api/reinitialisation/…');
    expect(log).not.toContain(admin.csrfToken);
    expect(log).not.toContain(token);
  });

  it('has one line per request, written once answered, with its status and duration', async () => {
    const before = lines.length;
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    await expect.poll(() => lines.length - before).toBeGreaterThan(0);
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      msg: 'request completed',
      reqId: response.headers['x-request-id'],
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    });
    expect(written[0]!.responseTime).toEqual(expect.any(Number));
  });
});

describe('what caches may keep', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await logIn(t.app);
  });
  afterAll(() => t.close());

  it('is nothing of an answer that depends on the session: API, export, downloaded file, even a refusal', async () => {
    const file = (await upload(t, admin, Buffer.from('devis'))).json<UploadedFile>().path;
    const answers = [
      await t.app.inject({ method: 'GET', url: path('api.session'), headers: authHeaders(admin) }),
      await t.app.inject({
        method: 'GET',
        url: path('api.resource.collection', { resource: 'fichier-type' }),
        headers: authHeaders(admin),
      }),
      await t.app.inject({
        method: 'GET',
        url: path('api.resource.export', { resource: 'individus', format: 'csv' }),
        headers: authHeaders(admin),
      }),
      await download(t, admin, file),
      await t.app.inject({ method: 'GET', url: path('api.session') }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
    ]);
  });
});
