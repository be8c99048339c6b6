import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import { docxOf } from '../../src/server/documents/docx-skeleton';
import { emailLog, users } from '../../src/server/db/schema';
import type { UploadedFile } from '../../src/shared/resources/fields';
import { path } from '../../src/shared/routes';
import { useMailApp } from '../support/mail-fixture';
import { linkIn } from '../support/smtp-server';
import { authHeaders, untilJobsSettled, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * Issue 27's rest, against a real SMTP server: a mailing by the project list's criteria (`filtres`)
 * reaches exactly the owners of the projects the list finds for the sender; over the limit it is
 * refused and nothing is queued; the Export tab's document mailed (email-export, stored as the
 * sender's upload, attached to a mail); a password link's token never in the log while its mail waits.
 */
const fixture = useMailApp();
const { t, api, post, get } = fixture;
const ids = {} as Record<'template' | 'visible' | 'other' | 'secret' | 'elsewhere' | 'document', number>;
let adviser: LoggedIn;

const tooMany = 'Vous avez sélectionné trop de projets pour un publipostage : réduisez votre sélection.';
const configure = (mailingLimit: number) =>
  t.app.inject({
    method: 'PUT',
    url: path('api.configuration.mail'),
    headers: authHeaders(t.admin),
    payload: { mailingLimit, perMinute: 0 },
  });
const count = async (table: 'email_log' | 'mailings') =>
  (await rowsOf<{ count: number }>(t.database.db, sql`select count(*)::int as count from ${sql.identifier(table)}`))[0]!
    .count;

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  const { dupont, leroy } = fixture.owners;
  const hidden = await created('individus', { lastName: 'Cache', firstName: 'Anne', email: 'anne.cache@exemple.fr' });
  const other = await created('individus', { lastName: 'Autre', firstName: 'Luc', email: 'luc.autre@exemple.fr' });
  ids.visible = await created('projet', { name: 'Campagne Dupont', ownerIndividual: dupont });
  ids.other = await created('projet', { name: 'Campagne Leroy', ownerIndividual: leroy });
  // Found by the criteria, but out of the adviser's read scope: its owner must never receive.
  ids.secret = await created('projet', {
    name: 'Campagne confidentielle',
    ownerIndividual: hidden,
    status: 'confidential',
  });
  ids.elsewhere = await created('projet', { name: 'Maison Autre', ownerIndividual: other });
  ids.template = await created('template-email', {
    subject: 'Réunion de campagne, {{ porteur.nom }}',
    content: '<p>Bonjour {{ porteur.prenom }} {{ porteur.nom }},</p>',
  });
  adviser = await logInWithProfile(t, {
    email: 'conseiller.campagne@exemple.fr',
    permissions: ['projet.consult', 'projet.modify', 'projet.other', 'template-email.consult'],
  });
  expect((await configure(500)).statusCode).toBe(200);
});

describe('a mailing by the list criteria (filtres)', () => {
  it("reaches exactly the owners of the projects the sender's list finds", async () => {
    // The adviser's list for "Campagne" shows two projects: the confidential one is not theirs to see.
    const list = await get(`${path('api.resource.collection', { resource: 'projet' })}?q=Campagne`, adviser);
    expect(list.json().total).toBe(2);
    const response = await post(
      path('api.projects.mailing_send'),
      { template: ids.template, filtres: { q: 'Campagne' } },
      adviser,
    );
    expect(response.statusCode, response.body).toBe(202);
    const { publipostage, recipients } = response.json() as { publipostage: number; recipients: number };
    expect(recipients).toBe(2);
    expect((await fixture.smtp.nextMail('marie.dupont@exemple.fr')).subject).toBe('Réunion de campagne, Dupont');
    expect((await fixture.smtp.nextMail('paul.leroy@exemple.fr')).subject).toBe('Réunion de campagne, Leroy');
    await untilJobsSettled(t.database);
    const queued = await rowsOf<{ recipient: string; project_id: number }>(
      t.database.db,
      sql`select recipient, project_id from email_log where mailing_id = ${publipostage} order by recipient`,
    );
    expect(queued).toEqual([
      { recipient: 'marie.dupont@exemple.fr', project_id: ids.visible },
      { recipient: 'paul.leroy@exemple.fr', project_id: ids.other },
    ]);
    expect(fixture.smtp.received.map(({ to }) => to)).not.toContain('anne.cache@exemple.fr');
    expect(fixture.smtp.received.map(({ to }) => to)).not.toContain('luc.autre@exemple.fr');
  });

  it('still takes the ticked projects as before', async () => {
    const response = await post(path('api.projects.mailing_send'), {
      template: ids.template,
      projets: [ids.elsewhere],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().recipients).toBe(1);
    expect((await fixture.smtp.nextMail('luc.autre@exemple.fr')).subject).toBe('Réunion de campagne, Autre');
  });

  it('refuses over the limit counted on what the criteria find, in the spec words, queuing nothing', async () => {
    expect((await configure(1)).statusCode).toBe(200);
    try {
      const [mails, mailings] = [await count('email_log'), await count('mailings')];
      const response = await post(
        path('api.projects.mailing_send'),
        { template: ids.template, filtres: { q: 'Campagne' } },
        adviser,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(tooMany);
      const file = await post(
        path('api.projects.mailing_export_ajax'),
        { template: ids.template, filtres: { q: 'Campagne' }, format: 'csv' },
        adviser,
      );
      expect(file.statusCode).toBe(400);
      expect(file.json().message).toBe(tooMany);
      // One project found: under the limit.
      const one = await post(
        path('api.projects.mailing_export_ajax'),
        { template: ids.template, filtres: { q: 'Maison Autre' }, format: 'csv' },
        adviser,
      );
      expect(one.statusCode, one.body).toBe(200);
      expect(await count('email_log')).toBe(mails);
      expect(await count('mailings')).toBe(mailings);
    } finally {
      expect((await configure(500)).statusCode).toBe(200);
    }
  });

  it('wants exactly one of the ticked projects and the criteria, and criteria that find something', async () => {
    const before = await count('mailings');
    for (const body of [
      { template: ids.template, projets: [ids.visible], filtres: { q: 'Campagne' } },
      { template: ids.template },
    ]) {
      const response = await post(path('api.projects.mailing_send'), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        projets: 'Choisissez soit les projets cochés, soit les filtres de la liste.',
      });
    }
    const nothing = await post(path('api.projects.mailing_send'), {
      template: ids.template,
      filtres: { q: 'Aucun projet ne porte ce nom' },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Veuillez sélectionner des élements à traiter');
    expect(await count('mailings')).toBe(before);
  });

  it("gives the recipients' file for the criteria, within the read scope", async () => {
    const response = await post(
      path('api.projects.mailing_export_ajax'),
      { template: ids.template, filtres: { q: 'Campagne' }, format: 'csv' },
      adviser,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(';').slice(0, 2).join(';'));
    expect(rows.sort()).toEqual([
      'marie.dupont@exemple.fr;"Réunion de campagne, Dupont"',
      'paul.leroy@exemple.fr;"Réunion de campagne, Leroy"',
    ]);
  });
});

describe("the Export tab's document sent by mail (email-export)", () => {
  it('gives a file the sender attaches to a new mail of the project, which arrives with it', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: path('api.upload', { dossier: 'fichier-type', nom: 'Invitation.docx' }),
      headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
      payload: docxOf(['Invitation pour {{ porteur.prenom }} {{ porteur.nom }}']),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const created = await api().post('fichier-type', { name: 'Invitation', file: upload.json<UploadedFile>().path });
    expect(created.statusCode, created.body).toBe(201);
    ids.document = created.json<{ id: number }>().id;
    const publish = path('api.resource.publish', { resource: 'fichier-type', id: ids.document });
    expect((await get(publish)).body).toBe('OK');

    // What the "Envoyer par e-mail" button does: the merged document, kept as the sender's upload…
    const merged = await t.app.inject({
      method: 'POST',
      url: path('api.projects.email_export', { id: ids.visible }),
      headers: authHeaders(t.admin),
      payload: { fichierType: ids.document },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const name = decodeURIComponent(
      /filename\*=UTF-8''([^;]+)/.exec(String(merged.headers['content-disposition']))![1]!,
    );
    expect(name).toMatch(/ - Invitation - \d{4}-\d{2}-\d{2}\.docx$/);
    const kept = await t.app.inject({
      method: 'POST',
      url: path('api.upload', { dossier: 'emails', nom: name }),
      headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
      payload: merged.rawPayload,
    });
    expect(kept.statusCode, kept.body).toBe(201);
    // …then attached to the mail written from the project.
    const sent = await post(path('api.projects.send_email', { projet: ids.visible }), {
      subject: 'Votre invitation',
      html: '<p>Veuillez trouver votre invitation jointe.</p>',
      to: ['marie.dupont@exemple.fr'],
      files: [kept.json<UploadedFile>().path],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = await fixture.smtp.nextMail('marie.dupont@exemple.fr');
    expect(mail.subject).toBe('Votre invitation');
    expect(mail.attachments).toEqual([name]);
  });
});

describe("a password link's mail in the email log", () => {
  it('never shows the token while the mail waits; the mail carries it', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'nouvelle.recrue@exemple.fr', firstName: 'Nora', lastName: 'Recrue' })
      .returning({ id: users.id });
    const held = fixture.smtp.hold();
    const request = t.app.inject({
      method: 'POST',
      url: path('api.users.password_link', { id: user!.id }),
      headers: authHeaders(t.admin),
    });
    try {
      await held.arrived;
      // The SMTP server holds the mail: it is being sent, and an administrator reads the log.
      const [row] = await t.database.db
        .select({ id: emailLog.id, status: emailLog.status })
        .from(emailLog)
        .where(eq(emailLog.recipient, 'nouvelle.recrue@exemple.fr'));
      expect(row!.status).toBe('sending');
      const shown = await get(path('api.resource.item', { resource: 'journal-emails', id: row!.id }));
      expect(shown.statusCode).toBe(200);
      expect(shown.json().text).toContain('https://renov.exemple.fr/admin/reinitialisation/…');
      const listed = await get(`${path('api.resource.collection', { resource: 'journal-emails' })}?q=nouvelle.recrue`);
      expect(listed.json().items).toHaveLength(1);
      held.release();
      expect((await request).statusCode).toBe(200);
      const mail = await fixture.smtp.nextMail('nouvelle.recrue@exemple.fr');
      const token = linkIn(mail).pathname.split('/').pop()!;
      expect(token).toMatch(/^[\w-]{40,}$/);
      // Neither while it waited, nor once sent.
      expect(shown.body).not.toContain(token);
      expect(listed.body).not.toContain(token);
      const after = await get(path('api.resource.item', { resource: 'journal-emails', id: row!.id }));
      expect(after.json()).toMatchObject({ status: 'sent' });
      expect(after.body).not.toContain(token);
      expect(mail.html).toContain(token);
    } finally {
      held.release();
    }
  });
});
