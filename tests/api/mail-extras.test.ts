import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/database';
import { emailLog } from '../../src/server/db/schema';
import type { UploadedFile } from '../../src/shared/resources/fields';
import { path } from '../../src/shared/routes';
import { useMailApp } from '../support/mail-fixture';
import { authHeaders, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * The mail tools of issue 27 beside sending: the user's signature, a meeting invitation (iCalendar),
 * the mailing's recipients as a file (export-publipostage and its ajax form), and a mail's
 * attachments served by /emails/{chemin} to whoever may read that mail, against a real SMTP server.
 */
const fixture = useMailApp();
const { t, api, post, get } = fixture;
const ids = {} as Record<'dupont' | 'main' | 'other' | 'silent' | 'secret' | 'template' | 'documentType', number>;
const reference = {} as Record<'main' | 'other', string>;
let adviser: LoggedIn;
let outsider: LoggedIn;

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  ids.dupont = fixture.owners.dupont;
  const leroy = fixture.owners.leroy;
  const silent = await created('individus', { lastName: 'Sansadresse', firstName: 'Jean' });
  ids.main = await created('projet', { name: 'Maison Dupont', ownerIndividual: ids.dupont });
  // A name a spreadsheet would run as a formula.
  ids.other = await created('projet', { name: '=HYPERLINK("http://x")', ownerIndividual: leroy });
  ids.silent = await created('projet', { name: 'Maison sans adresse', ownerIndividual: silent });
  ids.secret = await created('projet', { name: 'Dossier secret', ownerIndividual: ids.dupont, status: 'confidential' });
  ids.template = await created('template-email', {
    subject: 'Votre projet {{ projet.reference }}',
    content: '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p>',
  });
  ids.documentType = await created('types-de-document', { name: 'Invitation' });
  for (const key of ['main', 'other'] as const)
    reference[key] = String(
      (await get(path('api.resource.item', { resource: 'projet', id: ids[key] }), t.admin)).json().reference,
    );
  adviser = await logInWithProfile(t, {
    email: 'conseiller.outils@exemple.fr',
    permissions: ['projet.consult', 'projet.other', 'template-email.consult'],
  });
  outsider = await logInWithProfile(t, { email: 'sans.projets@exemple.fr', permissions: ['liens-utiles.consult'] });
});

describe('get-signature', () => {
  it("answers the user's signature, its variables resolved on the project named", async () => {
    const signature = '<p>{{ conseiller.nom }} – dossier {{ projet.reference }}</p>';
    const profile = await t.app.inject({
      method: 'PUT',
      url: path('api.profile'),
      headers: authHeaders(t.admin),
      payload: { firstName: 'Administrateur', lastName: 'Principal', emailSignature: signature },
    });
    expect(profile.statusCode, profile.body).toBe(200);

    const raw = await post(path('api.projects.signature'), {});
    expect(raw.statusCode, raw.body).toBe(200);
    expect(raw.json()).toEqual({ html: signature });
    const resolved = await post(path('api.projects.signature'), { projet: ids.main });
    expect(resolved.json()).toEqual({ html: `<p>Principal Administrateur – dossier ${reference.main}</p>` });
  });

  it('answers 404 for a project the user may not see', async () => {
    const response = await post(path('api.projects.signature'), { projet: ids.secret }, adviser);
    expect(response.statusCode).toBe(404);
    expect((await post(path('api.projects.signature'), {}, adviser)).json()).toEqual({ html: '' });
  });
});

/** An iCalendar file's lines, folded lines joined back (RFC 5545 §3.1). */
const icsLines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('get-invitation', () => {
  const invitation = {
    projet: 0,
    date: '2026-12-03T09:30:00.000Z',
    lieu: 'Espace conseil, 12 rue de la République, Bourg-en-Bresse',
    participants: ['marie.dupont@exemple.fr', 'collegue@exemple.fr'],
  };

  it('builds an iCalendar request: the user organises, the participants attend, the project named', async () => {
    const response = await post(path('api.projects.invitation'), { ...invitation, projet: ids.main });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invitation.ics"');
    const lines = icsLines(response.body);
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('DTSTART:20261203T093000Z');
    // 60 minutes unless told.
    expect(lines).toContain('DTEND:20261203T103000Z');
    expect(lines).toContain(`SUMMARY:Rendez-vous – projet ${reference.main}`);
    expect(lines).toContain(`DESCRIPTION:Projet ${reference.main} « Maison Dupont »`);
    expect(lines).toContain('LOCATION:Espace conseil\\, 12 rue de la République\\, Bourg-en-Bresse');
    expect(lines).toContain('ORGANIZER;CN="Principal Administrateur":mailto:admin@exemple.fr');
    expect(lines.filter((line) => line.startsWith('ATTENDEE'))).toEqual([
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:MAILTO:marie.dupont@exemple.fr',
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:MAILTO:collegue@exemple.fr',
    ]);
  });

  it('takes its subject and length when told', async () => {
    const response = await post(path('api.projects.invitation'), {
      ...invitation,
      projet: ids.main,
      objet: 'Visite technique',
      duree: 90,
    });
    const lines = icsLines(response.body);
    expect(lines).toContain('SUMMARY:Visite technique');
    expect(lines).toContain('DTEND:20261203T110000Z');
  });

  it('refuses an invalid participant in the spec words, and a project the user may not see', async () => {
    const invalid = await post(path('api.projects.invitation'), {
      ...invitation,
      projet: ids.main,
      participants: ['pas-une-adresse'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ 'participants.0': "L'adresse email n'est pas valide" });
    const hidden = await post(path('api.projects.invitation'), { ...invitation, projet: ids.secret }, adviser);
    expect(hidden.statusCode).toBe(404);
  });

  it('is accepted as a project document, goes with a mail as a template attachment, served by /emails/{chemin}', async () => {
    const ics = (await post(path('api.projects.invitation'), { ...invitation, projet: ids.main })).body;
    const upload = (folder: string) =>
      t.app.inject({
        method: 'POST',
        url: path('api.upload', { dossier: folder, nom: 'invitation.ics' }),
        headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
        payload: Buffer.from(ics),
      });
    // A project document may be an invitation (what envoyer-email's documents attach).
    const asDocument = await upload('piece-jointe');
    expect(asDocument.statusCode, asDocument.body).toBe(201);
    const document = await api().post(
      'piece-jointe',
      {
        title: 'Invitation au rendez-vous',
        documentType: ids.documentType,
        file: asDocument.json<UploadedFile>().path,
      },
      path('api.resource.children', { resource: 'projet', id: ids.main, child: 'piece-jointe' }),
    );
    expect(document.statusCode, document.body).toBe(201);

    const asAttachment = await upload('template-email');
    expect(asAttachment.statusCode, asAttachment.body).toBe(201);
    const template = await api().created('template-email', {
      subject: 'Votre rendez-vous',
      content: '<p>Vous trouverez l’invitation ci-jointe.</p>',
      attachments: [{ file: asAttachment.json<UploadedFile>().path }],
    });
    const sent = await post(path('api.projects.send_email', { projet: ids.main }), {
      template: template.id,
      to: ['marie.dupont@exemple.fr'],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect((await fixture.smtp.nextMail('marie.dupont@exemple.fr')).subject).toBe('Votre rendez-vous');

    const email = sent.json().email as number;
    const [row] = await t.database.db
      .select({ attachments: emailLog.attachments })
      .from(emailLog)
      .where(eq(emailLog.id, email));
    expect(row!.attachments.map(({ name }) => name)).toEqual(['invitation.ics']);
    const file = path('emails.file', { chemin: `${email}/invitation.ics` });
    const download = await get(file, t.admin);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invitation.ics");
    expect(download.body).toBe(ics);
    // Whoever may see the project reads its mails' attachments; without a session, nobody.
    expect((await get(file, adviser)).body).toBe(ics);
    expect((await get(file, null)).statusCode).toBe(401);
    expect((await get(file, outsider)).statusCode).toBe(404);
  });
});

describe('/emails/{chemin}', () => {
  /** A mail of the log carrying this attachment, written as the delivery writes it. */
  const loggedMail = async (projectId: number | null, attachment: { path: string; name: string }) => {
    const [row] = await t.database.db
      .insert(emailLog)
      .values({
        recipient: 'marie.dupont@exemple.fr',
        subject: 'Document',
        text: 'Document',
        html: '<p>Document</p>',
        status: 'sent',
        projectId,
        attachments: [attachment],
      })
      .returning({ id: emailLog.id });
    return row!.id;
  };
  let stored: string;
  beforeAll(async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: path('api.upload', { dossier: 'piece-jointe', nom: 'Devis.pdf' }),
      headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('%PDF-1.4 devis'),
    });
    stored = uploaded.json<UploadedFile>().path;
  });

  it("keeps a confidential project's mail attachments from a user who may not see the project, not from an administrator", async () => {
    const email = await loggedMail(ids.secret, { path: stored, name: 'Devis.pdf' });
    const file = path('emails.file', { chemin: `${email}/Devis.pdf` });
    expect((await get(file, t.admin)).body).toBe('%PDF-1.4 devis');
    const refused = await get(file, adviser);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("L'élément demandé n'existe pas ou a été supprimé.");
  });

  it('serves a mail written from no project to administrators only (the email log is theirs)', async () => {
    const email = await loggedMail(null, { path: stored, name: 'Devis.pdf' });
    const file = path('emails.file', { chemin: `${email}/Devis.pdf` });
    expect((await get(file, t.admin)).statusCode).toBe(200);
    expect((await get(file, adviser)).statusCode).toBe(404);
  });

  it('answers 404 to a name the mail does not carry, a path out of the uploads folder, or a malformed path', async () => {
    const escaping = await loggedMail(null, { path: '../../../../etc/passwd', name: 'passwd' });
    const named = await loggedMail(ids.main, { path: stored, name: 'Devis.pdf' });
    for (const url of [
      `/emails/${named}/Autre.pdf`,
      `/emails/${named}/..`,
      `/emails/${named}/%2E%2E%2F%2E%2E%2Fpasswd`,
      `/emails/${named}`,
      `/emails/abc/Devis.pdf`,
      `/emails/999999/Devis.pdf`,
      `/emails/${escaping}/passwd`,
    ]) {
      const response = await get(url, t.admin);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('root:');
    }
  });
});

describe('export-publipostage', () => {
  const exportUrl = (projects: number[], format: string) =>
    path('api.projects.mailing_export', { ids: projects.join(','), template: ids.template, format });

  it("gives each selected project's owner with an address, and every variable resolved, as CSV", async () => {
    const response = await get(exportUrl([ids.main, ids.other, ids.silent], 'csv'), t.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="publipostage-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = response.body.split('\r\n');
    expect(header).toBe(
      '\uFEFFAdresse e-mail;Objet;Référence du projet;Nom du projet;État du projet;Thématique;Mission;Date de création;' +
        'Date de dernière intervention;Prochain rendez-vous;Civilité du porteur;Prénom du porteur;Nom du porteur;' +
        'Adresse du porteur;Code postal du porteur;Commune du porteur;Structure porteuse;Nom du conseiller;' +
        'E-mail du conseiller;Date du jour',
    );
    const cells = rows.filter(Boolean).map((row) => row.split(';'));
    expect(cells.map((row) => row.slice(0, 3))).toEqual([
      ['marie.dupont@exemple.fr', `Votre projet ${reference.main}`, reference.main],
      ['paul.leroy@exemple.fr', `Votre projet ${reference.other}`, reference.other],
    ]);
    expect(cells[0]!.slice(10, 13)).toEqual(['Madame', 'Marie', 'Dupont']);
    expect(cells[0]!.slice(17, 19)).toEqual(['Principal Administrateur', 'admin@exemple.fr']);
    // A formula is written as text, quoted.
    expect(cells[1]![3]).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it('adds a column for each characteristic the template uses, named by its field', async () => {
    const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
    const theme = await created('thematiques-projet', { name: 'Isolation' });
    const surface = await created('champs-de-formulaire', { name: 'Surface habitable', type: 'number', unit: 'm²' });
    const form = await created('formulaires', { name: 'Logement', projectThemes: [theme], fields: [surface] });
    const project = await created('projet', { name: 'Maison isolée', ownerIndividual: ids.dupont, theme });
    const saved = await post(path('api.projects.characteristics', { projet: project, form }), {
      values: { [surface]: 120 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const template = await created('template-email', {
      subject: 'Votre logement',
      content: `<p>Surface : {{ caracteristique.${surface} }}</p>`,
    });
    const response = await get(
      path('api.projects.mailing_export', { ids: `${project}`, template, format: 'csv' }),
      t.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [header, row] = response.body.split('\r\n').map((line) => line.split(';'));
    expect(header!.slice(-2)).toEqual(['Date du jour', 'Surface habitable']);
    expect(row!.slice(0, 2)).toEqual(['marie.dupont@exemple.fr', 'Votre logement']);
    expect(row!.at(-1)).toBe('120 m²');
  });

  it('gives the same as XLSX from the list, with the mailing’s body (publipostage/export)', async () => {
    const response = await post(path('api.projects.mailing_export_ajax'), {
      template: ids.template,
      projets: [ids.main, ids.silent],
      format: 'xlsx',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Publipostage');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Adresse e-mail');
    expect(sheet.getRow(2).getCell(1).value).toBe('marie.dupont@exemple.fr');
    expect(sheet.getRow(2).getCell(13).value).toBe('Dupont');
  });

  it('answers 404 when a selected project is out of sight, and 400 to a bad selection or format', async () => {
    const hidden = await get(exportUrl([ids.main, ids.secret], 'csv'), adviser);
    expect(hidden.statusCode).toBe(404);
    expect((await get(exportUrl([ids.main], 'csv'), adviser)).statusCode).toBe(200);
    const badSelection = await get(
      path('api.projects.mailing_export', { ids: 'tous', template: ids.template, format: 'csv' }),
      t.admin,
    );
    expect(badSelection.statusCode).toBe(400);
    expect(badSelection.json().fieldErrors).toEqual({ ids: 'Sélectionnez au moins un projet à exporter.' });
    const badFormat = await get(exportUrl([ids.main], 'pdf'), t.admin);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().fieldErrors).toEqual({ format: 'Veuillez choisir une valeur de la liste.' });
  });

  it('refuses a selection over the configured mailing limit, in the spec words', async () => {
    const configured = await t.app.inject({
      method: 'PUT',
      url: path('api.configuration.mail'),
      headers: authHeaders(t.admin),
      payload: { mailingLimit: 1, perMinute: 0 },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const message = 'Vous avez sélectionné trop de projets pour un publipostage : réduisez votre sélection.';
    const viaGet = await get(exportUrl([ids.main, ids.other], 'csv'), t.admin);
    expect(viaGet.statusCode).toBe(400);
    expect(viaGet.json().message).toBe(message);
    const viaPost = await post(path('api.projects.mailing_export_ajax'), {
      template: ids.template,
      projets: [ids.main, ids.other],
      format: 'csv',
    });
    expect(viaPost.json().message).toBe(message);
    const logged = await rowsOf<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from email_log where project_id = ${ids.other}`,
    );
    expect(logged).toEqual([{ count: 0 }]);
  });
});
