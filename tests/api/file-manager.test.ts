import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLog } from '../../src/server/db/schema';
import type { FileListing } from '../../src/shared/api/file-manager.contract';
import type { UploadedFile } from '../../src/shared/resources/fields';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, type LoggedIn, type TestApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The file manager pop-up's API (issue 30, docs/file-manager.md): a store's folders and files as each
 * user may see them, sorted; upload within the quota; rename; delete refused while a record uses the
 * file; no path out of a store.
 */
let t: TestApp;
let admin: LoggedIn;
let adviser: LoggedIn;
let colleague: LoggedIn;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'gestionnaire-fichiers-'));
  t = await createTestApp(undefined, { uploadQuotaBytes: 1024 * 1024, uploadsDir });
  admin = await logIn(t.app);
  adviser = await logInWithProfile(t, {
    email: 'conseillere.fichiers@exemple.fr',
    permissions: ['projet.consult', 'template-email.consult', 'template-email.add', 'template-email.modify'],
  });
  colleague = await logInWithProfile(t, {
    email: 'collegue.fichiers@exemple.fr',
    permissions: ['projet.consult'],
  });
});
afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const upload = (who: LoggedIn, name: string, bytes: Buffer, folder = 'gestionnaire-fichiers') =>
  t.app.inject({
    method: 'POST',
    url: path('api.upload', { dossier: folder, nom: name }),
    headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

const list = (who: LoggedIn, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: path('api.file_manager.list', query), headers: authHeaders(who) });

const names = async (who: LoggedIn, query: Record<string, string>) => {
  const response = await list(who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FileListing>().entries.map((entry) => entry.name);
};

const post = (who: LoggedIn, route: 'api.file_manager.rename' | 'api.file_manager.delete', payload: object) =>
  t.app.inject({ method: 'POST', url: path(route), headers: authHeaders(who), payload });

const created = async (who: LoggedIn, resource: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource }),
    headers: authHeaders(who),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

describe('listing a folder', () => {
  beforeAll(async () => {
    expect((await upload(adviser, 'b-moyen.txt', Buffer.alloc(300, 1))).statusCode).toBe(201);
    expect((await upload(adviser, 'a-grand.txt', Buffer.alloc(500, 1))).statusCode).toBe(201);
    expect((await upload(adviser, 'c-petit.png', Buffer.alloc(100, 1))).statusCode).toBe(201);
  });

  it('shows the folders at the root, then the files of a folder with their size, date and kind', async () => {
    expect(await names(adviser, { magasin: 'uploads' })).toEqual(['gestionnaire-fichiers']);
    const response = await list(adviser, { magasin: 'uploads', dossier: 'gestionnaire-fichiers' });
    const listing = response.json<FileListing>();
    expect(listing.canUpload).toBe(true);
    expect(listing.entries.map(({ name, size, kind }) => ({ name, size, kind }))).toEqual([
      { name: 'a-grand.txt', size: 500, kind: 'other' },
      { name: 'b-moyen.txt', size: 300, kind: 'other' },
      { name: 'c-petit.png', size: 100, kind: 'image' },
    ]);
    expect(listing.entries[0]!.url).toMatch(/^\/uploads\/gestionnaire-fichiers\/[0-9a-f-]{36}\/a-grand\.txt$/);
    expect(Number.isNaN(Date.parse(listing.entries[0]!.modifiedAt!))).toBe(false);
  });

  it('sorts by size, by date, by name backwards', async () => {
    const folder = { magasin: 'uploads', dossier: 'gestionnaire-fichiers' };
    expect(await names(adviser, { ...folder, tri: 'taille' })).toEqual(['c-petit.png', 'b-moyen.txt', 'a-grand.txt']);
    expect(await names(adviser, { ...folder, tri: 'taille', ordre: 'desc' })).toEqual([
      'a-grand.txt',
      'b-moyen.txt',
      'c-petit.png',
    ]);
    expect(await names(adviser, { ...folder, tri: 'date' })).toEqual(['b-moyen.txt', 'a-grand.txt', 'c-petit.png']);
    expect(await names(adviser, { ...folder, tri: 'nom', ordre: 'desc' })).toEqual([
      'c-petit.png',
      'b-moyen.txt',
      'a-grand.txt',
    ]);
  });

  it('previews an image inline', async () => {
    const listing = (await list(adviser, { magasin: 'uploads', dossier: 'gestionnaire-fichiers' })).json<FileListing>();
    const image = listing.entries.find((entry) => entry.name === 'c-petit.png')!;
    const preview = await t.app.inject({
      method: 'GET',
      url: path('api.file_manager.preview', { magasin: 'uploads', chemin: image.path }),
      headers: authHeaders(adviser),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
  });

  it("does not show another user's files not yet in a record, which an administrator sees", async () => {
    expect(await names(colleague, { magasin: 'uploads' })).toEqual([]);
    expect(await names(colleague, { magasin: 'uploads', dossier: 'gestionnaire-fichiers' })).toEqual([]);
    expect(await names(admin, { magasin: 'uploads', dossier: 'gestionnaire-fichiers' })).toEqual([
      'a-grand.txt',
      'b-moyen.txt',
      'c-petit.png',
    ]);
  });
});

describe('uploading within the quota', () => {
  it('keeps a file under the quota, refuses one past it, and the folder shows the first only', async () => {
    expect((await upload(admin, 'premier.pdf', Buffer.alloc(600 * 1024, 1), 'quota')).statusCode).toBe(201);
    const refused = await upload(admin, 'second.pdf', Buffer.alloc(600 * 1024, 2), 'quota');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(
      "Vous avez atteint votre quota de fichiers envoyés (1 Mo) : le fichier n'a pas été enregistré.",
    );
    expect(await names(admin, { magasin: 'uploads', dossier: 'quota' })).toEqual(['premier.pdf']);
  });
});

describe('renaming and deleting', () => {
  it('renames a file nothing uses, and refuses a name taken or not valid', async () => {
    const file = (await upload(adviser, 'brouillon.txt', Buffer.from('brouillon'), 'notes')).json<UploadedFile>();
    const renamed = await post(adviser, 'api.file_manager.rename', {
      magasin: 'uploads',
      chemin: file.path,
      nom: 'compte-rendu.txt',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('compte-rendu.txt');
    expect(await names(adviser, { magasin: 'uploads', dossier: 'notes' })).toEqual(['compte-rendu.txt']);
    const download = await t.app.inject({ method: 'GET', url: renamed.json().url, headers: authHeaders(adviser) });
    expect(download.body).toBe('brouillon');
    const invalid = await post(adviser, 'api.file_manager.rename', {
      magasin: 'uploads',
      chemin: renamed.json().path,
      nom: '..',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Le fichier n'a pas pu être envoyé : son nom n'est pas valide.");
  });

  it('refuses to delete a file a record uses, saying which, and deletes it once no longer used', async () => {
    const file = (
      await upload(adviser, 'conditions.pdf', Buffer.from('%PDF conditions'), 'template-email')
    ).json<UploadedFile>();
    const template = await created(adviser, 'template-email', {
      subject: 'Relance du dossier',
      content: '<p>Bonjour</p>',
      attachments: [{ file: file.path }],
    });
    const refused = await post(adviser, 'api.file_manager.delete', { magasin: 'uploads', chemin: file.path });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Ce fichier ne peut pas être supprimé : il est utilisé par Modèle d'e-mail « Relance du dossier ».",
    );
    const renaming = await post(adviser, 'api.file_manager.rename', {
      magasin: 'uploads',
      chemin: file.path,
      nom: 'autre.pdf',
    });
    expect(renaming.statusCode).toBe(409);
    expect(renaming.json().message).toBe(
      "Ce fichier ne peut pas être renommé : il est utilisé par Modèle d'e-mail « Relance du dossier ».",
    );

    // The record no longer names it: it goes, and its folder no longer lists it.
    const updated = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'template-email', id: template }),
      headers: authHeaders(adviser),
      payload: { subject: 'Relance du dossier', content: '<p>Bonjour</p>', attachments: [] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await post(adviser, 'api.file_manager.delete', { magasin: 'uploads', chemin: file.path });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await names(adviser, { magasin: 'uploads', dossier: 'template-email' })).toEqual([]);
  });

  it('refuses to delete a file a rich text links to', async () => {
    const file = (await upload(admin, 'plan.png', Buffer.alloc(50, 3))).json<UploadedFile>();
    await created(admin, 'template-email', {
      subject: 'Plan du quartier',
      content: `<p><a href="${path('uploads.file', { chemin: file.path })}">le plan</a></p>`,
    });
    const refused = await post(admin, 'api.file_manager.delete', { magasin: 'uploads', chemin: file.path });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Ce fichier ne peut pas être supprimé : il est utilisé par Modèle d'e-mail « Plan du quartier ».",
    );
  });

  it("deletes a file nothing uses, and refuses another user's", async () => {
    const file = (await upload(adviser, 'inutile.txt', Buffer.from('x'), 'corbeille')).json<UploadedFile>();
    const foreign = await post(colleague, 'api.file_manager.delete', { magasin: 'uploads', chemin: file.path });
    expect(foreign.statusCode).toBe(404);
    const deleted = await post(adviser, 'api.file_manager.delete', { magasin: 'uploads', chemin: file.path });
    expect(deleted.statusCode).toBe(204);
    expect(await names(adviser, { magasin: 'uploads', dossier: 'corbeille' })).toEqual([]);
    const download = await t.app.inject({
      method: 'GET',
      url: path('uploads.file', { chemin: file.path }),
      headers: authHeaders(adviser),
    });
    expect(download.statusCode).toBe(404);
  });
});

describe('paths out of a store', () => {
  const message = "Ce chemin n'est pas valide : il doit désigner un dossier ou un fichier de l'espace choisi.";

  it('refuses "..", its encoded form and absolute paths in a folder', async () => {
    for (const url of [
      `${path('api.file_manager.list')}?magasin=uploads&dossier=../`,
      `${path('api.file_manager.list')}?magasin=uploads&dossier=%2e%2e`,
      `${path('api.file_manager.list')}?magasin=uploads&dossier=%2e%2e%2f%2e%2e%2fetc`,
      `${path('api.file_manager.list')}?magasin=uploads&dossier=/etc`,
      `${path('api.file_manager.list')}?magasin=emails&dossier=1/../..`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(admin) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }
  });

  it('refuses them when renaming, deleting or previewing, and a link planted on the disk', async () => {
    for (const chemin of ['../../etc/passwd', 'gestionnaire-fichiers/../../secret', '/etc/passwd']) {
      const deleted = await post(admin, 'api.file_manager.delete', { magasin: 'uploads', chemin });
      expect(deleted.statusCode, chemin).toBe(400);
      expect(deleted.json().message).toBe(message);
      const renamed = await post(admin, 'api.file_manager.rename', { magasin: 'uploads', chemin, nom: 'x.txt' });
      expect(renamed.statusCode, chemin).toBe(400);
      const preview = await t.app.inject({
        method: 'GET',
        url: path('api.file_manager.preview', { magasin: 'media', chemin }),
        headers: authHeaders(admin),
      });
      expect(preview.statusCode, chemin).toBe(400);
    }
    // A file replaced on the disk by a link to a file elsewhere: neither shown, renamed nor deleted.
    const outside = join(uploadsDir, '..', `${uploadsDir.split('/').pop()}-dehors.png`);
    await writeFile(outside, 'hors du dossier');
    const planted = (await upload(admin, 'lien.png', Buffer.from('image'))).json<UploadedFile>();
    await rm(join(uploadsDir, planted.path));
    await symlink(outside, join(uploadsDir, planted.path));
    const shown = await t.app.inject({
      method: 'GET',
      url: path('api.file_manager.preview', { magasin: 'uploads', chemin: planted.path }),
      headers: authHeaders(admin),
    });
    expect(shown.statusCode).toBe(404);
    expect(
      (await post(admin, 'api.file_manager.delete', { magasin: 'uploads', chemin: planted.path })).statusCode,
    ).toBe(404);
    const moved = await post(admin, 'api.file_manager.rename', {
      magasin: 'uploads',
      chemin: planted.path,
      nom: 'a.png',
    });
    expect(moved.statusCode).toBe(404);
    expect(await readFile(outside, 'utf8')).toBe('hors du dossier');
    await rm(outside);

    // A well-formed path that names no upload: as if there were no such file.
    const missing = await post(admin, 'api.file_manager.delete', {
      magasin: 'uploads',
      chemin: 'notes/00000000-0000-0000-0000-000000000000/rien.txt',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the emails store', () => {
  it("shows a mail's attachments to an administrator and whoever reads its project, not to an adviser outside it", async () => {
    const owner = await created(admin, 'individus', { lastName: 'Dupont', firstName: 'Marie' });
    const open = await created(admin, 'projet', { name: 'Maison Dupont', ownerIndividual: owner });
    const secret = await created(admin, 'projet', {
      name: 'Dossier secret',
      ownerIndividual: owner,
      status: 'confidential',
    });
    const stored = (await upload(admin, 'devis.pdf', Buffer.from('%PDF devis'), 'piece-jointe')).json<UploadedFile>();
    const mail = async (projectId: number, subject: string) => {
      const [row] = await t.database.db
        .insert(emailLog)
        .values({
          recipient: 'marie.dupont@exemple.fr',
          subject,
          text: subject,
          html: `<p>${subject}</p>`,
          status: 'sent',
          projectId,
          attachments: [{ path: stored.path, name: 'Devis.pdf' }],
        })
        .returning({ id: emailLog.id });
      return row!.id;
    };
    const openMail = await mail(open, 'Votre devis');
    const secretMail = await mail(secret, 'Devis confidentiel');

    expect(await names(admin, { magasin: 'emails' })).toEqual([
      `${openMail} – Votre devis`,
      `${secretMail} – Devis confidentiel`,
    ]);
    expect(await names(adviser, { magasin: 'emails' })).toEqual([`${openMail} – Votre devis`]);
    const attachments = (await list(adviser, { magasin: 'emails', dossier: String(openMail) })).json<FileListing>();
    expect(attachments.entries.map(({ name, size, url }) => ({ name, size, url }))).toEqual([
      { name: 'Devis.pdf', size: 10, url: `/emails/${openMail}/Devis.pdf` },
    ]);
    const hidden = await list(adviser, { magasin: 'emails', dossier: String(secretMail) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("L'élément demandé n'existe pas ou a été supprimé.");
    // Read only: a mail's attachment is neither renamed nor deleted.
    const refused = await post(admin, 'api.file_manager.delete', {
      magasin: 'emails',
      chemin: `${openMail}/Devis.pdf`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Les pièces jointes des e-mails ne peuvent être ni renommées ni supprimées.');
  });

  it('refuses the media store to who may not read media monitoring items', async () => {
    const refused = await list(colleague, { magasin: 'media' });
    expect(refused.statusCode).toBe(403);
    expect((await list(admin, { magasin: 'media' })).statusCode).toBe(200);
  });
});
