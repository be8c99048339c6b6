import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { UploadedFile } from '../../src/shared/resources/fields';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/** A project's documents (piece-jointe): upload, list, download, delete, the project's history, the read scope. */
const t = useAdminApp();
/** Today's date as the server writes it, read when a test asserts it (a run may cross midnight). */
const today = () => new Date().toISOString().slice(0, 10);
const ids = {} as Record<'quote' | 'invoice' | 'house' | 'condo' | 'secret', number>;
let limited: LoggedIn;

const api = (who: LoggedIn = t.admin) => resourceRequests(t.app, who);
const upload = (bytes: Buffer, name: string, who: LoggedIn = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: path('api.upload', { dossier: 'piece-jointe', nom: name }),
    headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const uploaded = async (bytes: Buffer, name: string) => {
  const response = await upload(bytes, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedFile>().path;
};
const documentsUrl = (project: number) =>
  path('api.resource.children', { resource: 'projet', id: project, child: 'piece-jointe' });
const addDocument = (project: number, values: Record<string, unknown>, who: LoggedIn = t.admin) =>
  api(who).post('piece-jointe', values, documentsUrl(project));
const download = (file: string, who: LoggedIn = t.admin) =>
  t.app.inject({ method: 'GET', url: path('uploads.file', { chemin: file }), headers: authHeaders(who) });
const remove = (id: number, who: LoggedIn = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: path('api.resource.delete', { resource: 'piece-jointe', id }),
    headers: authHeaders(who),
  });
const listed = async (query: Record<string, string | number>, who: LoggedIn = t.admin) => {
  const response = await api(who).get(path('api.resource.collection', { resource: 'piece-jointe', ...query }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResourcePage>().items.map((item) => item.title);
};
const project = async (id: number) =>
  (await api().get(path('api.resource.item', { resource: 'projet', id }))).json<ResourceRecord>();
const history = async (id: number) =>
  (await api().get(path('api.resource.history', { resource: 'projet', id }))).json<AuditPage>().entries;

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  ids.quote = await created('types-de-document', { name: 'Devis' });
  ids.invoice = await created('types-de-document', { name: 'Facture' });
  ids.house = await created('projet', { name: 'Maison Dupont' });
  ids.condo = await created('projet', { name: 'Copropriété Les Charmilles' });
  // Confidential, and the limited user is attached to none of its missions: out of their sight.
  ids.secret = await created('projet', { name: 'Dossier confidentiel', status: 'confidential' });
  limited = await logInWithProfile(t, {
    email: 'conseillere@exemple.fr',
    permissions: ['projet.consult', 'projet.modify', 'piece-jointe.consult', 'piece-jointe.add', 'piece-jointe.delete'],
  });
});

describe('a project document', () => {
  it('is uploaded, listed under its project, downloaded byte for byte, and named in the project’s history', async () => {
    expect((await project(ids.house)).lastInterventionDate).toBeNull();
    const bytes = Buffer.from('%PDF-1.4\nDevis de réfection de la toiture : 12 400 € TTC\n%%EOF\n', 'utf8');
    const file = await uploaded(bytes, 'Devis toiture.pdf');
    const response = await addDocument(ids.house, { title: 'Devis toiture', documentType: ids.quote, file });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json<ResourceRecord>();
    expect(document).toMatchObject({
      project: ids.house,
      title: 'Devis toiture',
      documentType: ids.quote,
      addedOn: today(),
    });

    const page = (await api().get(documentsUrl(ids.house))).json<ResourcePage>();
    expect(page.items.map((item) => [item.title, item.file])).toEqual([['Devis toiture', file]]);
    expect(page.titles.documentType).toEqual({ [ids.quote]: 'Devis' });

    const downloaded = await download(file);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);
    expect(downloaded.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Devis%20toiture.pdf");

    // The addition is an intervention on the project, and an entry of its history naming the document.
    expect((await project(ids.house)).lastInterventionDate).toBe(today());
    const [entry] = await history(ids.house);
    expect(entry).toMatchObject({
      action: 'add',
      actorName: 'Principal Administrateur',
      changes: [{ field: 'piece-jointe', before: null, after: 'Devis toiture' }],
    });
  });

  it('is deleted through piece-jointe/supprimer/{id}: gone from the lists and the downloads, named in the history', async () => {
    const file = await uploaded(Buffer.from('Facture des menuiseries'), 'Facture menuiseries.txt');
    const document = (
      await addDocument(ids.condo, { title: 'Facture menuiseries', documentType: ids.invoice, file })
    ).json<ResourceRecord>();
    expect((await remove(document.id)).statusCode).toBe(200);
    expect((await api().get(documentsUrl(ids.condo))).json<ResourcePage>().total).toBe(0);
    expect((await download(file)).statusCode).toBe(404);
    const [deletion, addition] = await history(ids.condo);
    expect(deletion?.changes).toEqual([{ field: 'piece-jointe', before: 'Facture menuiseries', after: null }]);
    expect(addition?.changes).toEqual([{ field: 'piece-jointe', before: null, after: 'Facture menuiseries' }]);
    expect((await remove(document.id)).statusCode).toBe(404);
  });

  it('is refused with a French message when its file or its type is wrong, nothing changed', async () => {
    const before = { history: await history(ids.condo), project: await project(ids.condo) };
    const uploadsBefore = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.ownerId, t.admin.session.user.id));
    const fileType =
      "Ce type de fichier n'est pas accepté : choisissez un PDF, un document Word, Excel, PowerPoint ou OpenDocument, une image, un texte, une archive ZIP ou un courriel.";
    // A file that is no document is refused as it is sent to the documents: never stored, so never kept.
    const refused = await upload(Buffer.from('MZ'), 'installer.exe');
    expect([refused.statusCode, refused.json().message]).toEqual([400, fileType]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.ownerId, t.admin.session.user.id))).toHaveLength(
      uploadsBefore.length,
    );
    // Sent elsewhere, then named in a document: refused on the field.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: path('api.upload', { dossier: 'divers', nom: 'installer.exe' }),
      headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('MZ'),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const program = elsewhere.json<UploadedFile>().path;
    const wrongFile = await addDocument(ids.condo, { title: 'Programme', documentType: ids.quote, file: program });
    expect(wrongFile.statusCode).toBe(400);
    expect(wrongFile.json().fieldErrors).toEqual({ file: fileType });
    const pdf = await uploaded(Buffer.from('%PDF-1.4'), 'Plan.pdf');
    const wrongType = await addDocument(ids.condo, { title: 'Plan', documentType: 999999, file: pdf });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fieldErrors).toEqual({ documentType: "L'élément choisi n'existe pas ou a été supprimé." });
    const noType = await addDocument(ids.condo, { title: 'Plan', file: pdf });
    expect(noType.json().fieldErrors).toEqual({ documentType: 'Ce champ est obligatoire.' });

    // A file over 20 MB is not even stored.
    const uploadsBeforeLarge = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.ownerId, t.admin.session.user.id));
    const tooLarge = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 1), 'Photos du chantier.zip');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Une erreur est survenue. Veuillez vérifier les informations saisies.');
    const uploadsAfter = await t.database.db.select().from(uploads).where(eq(uploads.ownerId, t.admin.session.user.id));
    expect(uploadsAfter).toHaveLength(uploadsBeforeLarge.length);

    expect((await api().get(documentsUrl(ids.condo))).json<ResourcePage>().total).toBe(0);
    expect(await history(ids.condo)).toEqual(before.history);
    expect((await project(ids.condo)).lastInterventionDate).toBe(before.project.lastInterventionDate);
  });
});

describe('the documents screen’s list', () => {
  it('filters by project, document type, date range and file name or title', async () => {
    const file = await uploaded(Buffer.from('Rapport'), 'audit-2026.pdf');
    await addDocument(ids.condo, { title: 'Rapport d’audit', documentType: ids.invoice, file });
    expect(await listed({ project: ids.condo })).toEqual(['Rapport d’audit']);
    expect(await listed({ documentType: ids.quote })).toEqual(['Devis toiture']);
    expect(await listed({ q: 'toiture', tri: 'title' })).toEqual(['Devis toiture']);
    // The file's name is searched too: "audit-2026.pdf" is the report's.
    expect(await listed({ q: 'audit-2026' })).toEqual(['Rapport d’audit']);
    expect(await listed({ addedOnDu: today(), addedOnAu: today(), tri: 'title' })).toEqual([
      'Devis toiture',
      'Rapport d’audit',
    ]);
    expect(await listed({ addedOnAu: '2020-12-31' })).toEqual([]);
  });
});

describe('a project the user may not see', () => {
  it('answers its documents’ list, download and delete as missing, and keeps them out of the screen’s list', async () => {
    const bytes = Buffer.from('Pièce confidentielle');
    const file = await uploaded(bytes, 'Pièce confidentielle.pdf');
    const secret = (
      await addDocument(ids.secret, { title: 'Pièce confidentielle', documentType: ids.quote, file })
    ).json<ResourceRecord>();
    const missingProject = await api(limited).get(documentsUrl(999999));
    const hiddenProject = await api(limited).get(documentsUrl(ids.secret));
    expect(missingProject.statusCode).toBe(404);
    expect([hiddenProject.statusCode, hiddenProject.json()]).toEqual([404, missingProject.json()]);
    expect((await addDocument(ids.secret, { title: 'Ajout', documentType: ids.quote, file }, limited)).json()).toEqual(
      missingProject.json(),
    );

    const missingDownload = await download('piece-jointe/00000000-0000-4000-8000-000000000000/Absent.pdf', limited);
    const hiddenDownload = await download(file, limited);
    expect(missingDownload.statusCode).toBe(404);
    expect([hiddenDownload.statusCode, hiddenDownload.json()]).toEqual([404, missingDownload.json()]);
    const missingDelete = await remove(999999, limited);
    const hiddenDelete = await remove(secret.id, limited);
    expect([hiddenDelete.statusCode, hiddenDelete.json()]).toEqual([404, missingDelete.json()]);
    expect(await listed({ q: 'confidentielle' }, limited)).toEqual([]);

    // The administrator still sees it all; the limited user, the documents of the projects they see.
    expect((await download(file)).rawPayload.equals(bytes)).toBe(true);
    expect(await listed({ q: 'confidentielle' })).toEqual(['Pièce confidentielle']);
    expect(await listed({ tri: 'title' }, limited)).toEqual(['Devis toiture', 'Rapport d’audit']);
    const visible = (await api(limited).get(documentsUrl(ids.house))).json<ResourcePage>().items[0]!;
    expect((await download(String(visible.file), limited)).statusCode).toBe(200);
  });
});
