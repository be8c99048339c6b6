import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { clock } from '../../src/server/clock';
import { buildMailing } from '../../src/server/resources/mail/project-mail.routes';
import { rowsOf } from '../../src/server/db/database';
import type { ProjectEmails } from '../../src/shared/mail/project-mail';
import { path } from '../../src/shared/routes';
import { useMailApp } from '../support/mail-fixture';
import { authHeaders, untilJobsSettled, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * Mail from a project (spec 2.1, 2.3, 3; issue 27): templates with variables, sending now or later,
 * the sent and scheduled panels, cancelling, the mailing and its limit, against a real SMTP server.
 */
const fixture = useMailApp();
const { t, api, post, get } = fixture;
const ids = {} as Record<'dupont' | 'leroy' | 'main' | 'other' | 'secret' | 'template', number>;

const content =
  '<p>Bonjour {{ porteur.civilite }} {{porteur.nom}},</p><p>Votre projet {{ projet.reference }} « {{projet.nom}} » est suivi par {{ conseiller.email }}.</p>';

beforeAll(async () => {
  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  ids.dupont = fixture.owners.dupont;
  ids.leroy = fixture.owners.leroy;
  ids.main = await created('projet', { name: 'Maison <Dupont>', ownerIndividual: ids.dupont });
  ids.other = await created('projet', { name: 'Appartement Leroy', ownerIndividual: ids.leroy });
  ids.secret = await created('projet', { name: 'Dossier secret', ownerIndividual: ids.dupont, status: 'confidential' });
  ids.template = await created('template-email', { subject: 'Votre projet {{projet.nom}}', content });
});

describe('a template', () => {
  it('refuses an unknown variable at save, naming it under its field', async () => {
    const response = await api().post('template-email', { subject: 'Rappel', content: '<p>{{ porteur.age }}</p>' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      content: "La variable « porteur.age » n'existe pas : choisissez-la dans la liste des variables.",
    });
    const list = await get(`${path('api.resource.collection', { resource: 'template-email' })}?q=Rappel`);
    expect(list.json().total).toBe(0);
  });

  it('is resolved on a project, values escaped, no variable syntax left', async () => {
    const response = await post(path('api.projects.replaced_content'), { template: ids.template, projet: ids.main });
    expect(response.statusCode, response.body).toBe(200);
    const mail = response.json() as { subject: string; html: string; text: string };
    const reference = (await get(path('api.resource.item', { resource: 'projet', id: ids.main }))).json().reference;
    expect(mail.subject).toBe('Votre projet Maison <Dupont>');
    expect(mail.html).toBe(
      `<p>Bonjour Madame Dupont,</p><p>Votre projet ${reference} « Maison &lt;Dupont&gt; » est suivi par admin@exemple.fr.</p>`,
    );
    expect(mail.text).toBe(
      `Bonjour Madame Dupont,\n\nVotre projet ${reference} « Maison <Dupont> » est suivi par admin@exemple.fr.`,
    );
  });
});

describe('sending from a project', () => {
  it('sends the resolved template to the recipients, lists it in "Mails envoyés" and in the history', async () => {
    const response = await post(path('api.projects.send_email', { projet: ids.main }), {
      template: ids.template,
      to: ['marie.dupont@exemple.fr'],
      cc: ['collegue@exemple.fr'],
    });
    expect(response.statusCode, response.body).toBe(202);
    const received = await fixture.smtp.nextMail('marie.dupont@exemple.fr');
    expect(received.subject).toBe('Votre projet Maison <Dupont>');
    expect(received.text).toContain('Bonjour Madame Dupont,');

    await expect
      .poll(async () => {
        const sent = (await get(path('api.projects.sent_emails', { projet: ids.main }))).json() as ProjectEmails;
        return sent.items.map(({ subject, recipients, cc, sender, status }) => ({
          subject,
          recipients,
          cc,
          sender,
          status,
        }));
      })
      .toEqual([
        {
          subject: 'Votre projet Maison <Dupont>',
          recipients: ['marie.dupont@exemple.fr'],
          cc: ['collegue@exemple.fr'],
          sender: 'Principal Administrateur',
          status: 'sent',
        },
      ]);
    const history = await get(path('api.resource.history', { resource: 'projet', id: ids.main }));
    expect(JSON.stringify(history.json())).toContain('Votre projet Maison <Dupont>');
  });

  it("attaches the project documents chosen, and refuses another project's", async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: path('api.upload', { dossier: 'piece-jointe', nom: 'compte-rendu-visite.pdf' }),
      headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('%PDF-1.4\n%compte rendu\n'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentType = (await api().created('types-de-document', { name: 'Compte rendu' })).id;
    const children = (project: number) =>
      path('api.resource.children', { resource: 'projet', id: project, child: 'piece-jointe' });
    const report = await api().post(
      'piece-jointe',
      { title: 'Compte rendu de visite', documentType, file: uploaded.json().path },
      children(ids.main),
    );
    expect(report.statusCode, report.body).toBe(201);

    const sent = await post(path('api.projects.send_email', { projet: ids.main }), {
      subject: 'Compte rendu',
      html: '<p>Ci-joint le compte rendu.</p>',
      to: ['marie.dupont@exemple.fr'],
      documents: [report.json().id],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect((await fixture.smtp.nextMail('marie.dupont@exemple.fr')).attachments).toEqual(['compte-rendu-visite.pdf']);

    const elsewhere = await post(path('api.projects.send_email', { projet: ids.other }), {
      subject: 'Compte rendu',
      html: '<p>Ci-joint.</p>',
      to: ['paul.leroy@exemple.fr'],
      documents: [report.json().id],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fieldErrors).toEqual({ documents: "Ce document n'appartient pas au projet." });
  });

  it('attaches a file uploaded for the mail, and refuses a file uploaded by someone else', async () => {
    const upload = (who: LoggedIn, nom: string) =>
      t.app.inject({
        method: 'POST',
        url: path('api.upload', { dossier: 'emails', nom }),
        headers: { ...authHeaders(who), 'content-type': 'application/octet-stream' },
        payload: Buffer.from('Devis signé\n'),
      });
    const mine = await upload(t.admin, 'devis-isolation.txt');
    expect(mine.statusCode, mine.body).toBe(201);
    const sent = await post(path('api.projects.send_email', { projet: ids.main }), {
      subject: 'Votre devis',
      html: '<p>Ci-joint le devis.</p>',
      to: ['marie.dupont@exemple.fr'],
      files: [mine.json().path],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect((await fixture.smtp.nextMail('marie.dupont@exemple.fr')).attachments).toEqual(['devis-isolation.txt']);

    const adviser = await logInWithProfile(t, {
      email: 'conseillere.fichiers@exemple.fr',
      permissions: ['projet.consult', 'projet.modify'],
    });
    const theirs = await upload(adviser, 'autre-devis.txt');
    expect(theirs.statusCode, theirs.body).toBe(201);
    const before = fixture.smtp.received.length;
    const refused = await post(path('api.projects.send_email', { projet: ids.main }), {
      subject: 'Votre devis',
      html: '<p>Ci-joint.</p>',
      to: ['marie.dupont@exemple.fr'],
      files: [theirs.json().path],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      'files.0': 'Ce fichier est introuvable parmi ceux que vous avez envoyés : joignez-le de nouveau.',
    });
    await untilJobsSettled(t.database);
    expect(fixture.smtp.received.length).toBe(before);
  });

  it("offers the project's people with an address, once each, in one request", async () => {
    const admin = t.admin.session.user.id;
    const { id: project } = await api().created('projet', {
      name: 'Studio Leroy',
      ownerIndividual: ids.leroy,
      referents: [admin],
    });
    // The owner again as a partner: offered once, as the owner.
    for (const individual of [ids.dupont, ids.leroy]) {
      const partner = await api().post(
        'partenaires-projet',
        { role: 'Voisin', individual },
        path('api.resource.children', { resource: 'projet', id: project, child: 'partenaires-projet' }),
      );
      expect(partner.statusCode, partner.body).toBe(201);
    }
    const response = await get(path('api.projects.mail_recipients', { projet: project }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { role: 'owner', name: 'Leroy Paul', email: 'paul.leroy@exemple.fr' },
        { role: 'partner', name: 'Dupont Marie', email: 'marie.dupont@exemple.fr' },
        { role: 'referent', name: expect.any(String), email: 'admin@exemple.fr' },
      ],
    });
    const hidden = await get(
      path('api.projects.mail_recipients', { projet: ids.secret }),
      await logInWithProfile(t, { email: 'conseiller.destinataires@exemple.fr', permissions: ['projet.consult'] }),
    );
    expect(hidden.statusCode).toBe(404);
  });

  it('refuses an invalid address in the spec words, and sends nothing', async () => {
    const before = fixture.smtp.received.length;
    const response = await post(path('api.projects.send_email', { projet: ids.main }), {
      subject: 'Bonjour',
      html: '<p>Bonjour</p>',
      to: ['pas-une-adresse'],
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("L'adresse email n'est pas valide");
    await untilJobsSettled(t.database);
    expect(fixture.smtp.received.length).toBe(before);
  });

  it('sends a scheduled mail at its time, never a cancelled one', async () => {
    const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await post(path('api.projects.send_email', { projet: ids.other }), {
      subject: 'Rappel de rendez-vous, {{porteur.prenom}}',
      html: '<p>À bientôt.</p>',
      to: ['paul.leroy@exemple.fr'],
      envoiLe: inOneHour,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    const cancelled = await post(path('api.projects.send_email', { projet: ids.other }), {
      subject: 'Annulé',
      html: '<p>Ne part pas.</p>',
      to: ['paul.leroy@exemple.fr'],
      envoiLe: inOneHour,
    });
    const cancelledId = cancelled.json().email as number;

    const planned = (await get(path('api.projects.scheduled_emails', { projet: ids.other }))).json() as ProjectEmails;
    expect(planned.items.map(({ subject }) => subject).sort()).toEqual(['Annulé', 'Rappel de rendez-vous, Paul']);
    const cancel = await post(path('api.projects.cancel_email', { projet: ids.other, email: cancelledId }), {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Twice: it is no longer scheduled.
    const again = await post(path('api.projects.cancel_email', { projet: ids.other, email: cancelledId }), {});
    expect(again.statusCode).toBe(409);

    // Not yet: nothing left.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fixture.smtp.received.filter(({ to }) => to === 'paul.leroy@exemple.fr')).toEqual([]);

    // An hour later by the server's clock, the delivery's next look sends it.
    const realNow = clock.now;
    clock.now = () => new Date(realNow().getTime() + 3_700_000);
    try {
      const received = await fixture.smtp.nextMail('paul.leroy@exemple.fr');
      expect(received.subject).toBe('Rappel de rendez-vous, Paul');
    } finally {
      clock.now = realNow;
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(
      fixture.smtp.received.filter(({ to }) => to === 'paul.leroy@exemple.fr').map(({ subject }) => subject),
    ).toEqual(['Rappel de rendez-vous, Paul']);
    const log = await rowsOf<{ subject: string; status: string }>(
      t.database.db,
      sql`select subject, status from email_log where project_id = ${ids.other} order by id`,
    );
    expect(log).toEqual([
      { subject: 'Rappel de rendez-vous, Paul', status: 'sent' },
      { subject: 'Annulé', status: 'cancelled' },
    ]);
  });

  it("keeps a confidential project's mails from an adviser who may not see it", async () => {
    const adviser = await logInWithProfile(t, {
      email: 'conseiller.mail@exemple.fr',
      permissions: ['projet.consult', 'projet.modify', 'template-email.consult'],
    });
    for (const url of [
      path('api.projects.sent_emails', { projet: ids.secret }),
      path('api.projects.scheduled_emails', { projet: ids.secret }),
    ])
      expect((await get(url, adviser)).statusCode).toBe(404);
    const send = await post(
      path('api.projects.send_email', { projet: ids.secret }),
      { subject: 'Bonjour', html: '<p>Bonjour</p>', to: ['a@exemple.fr'] },
      adviser,
    );
    expect(send.statusCode).toBe(404);
    const preview = await post(
      path('api.projects.replaced_content'),
      { template: ids.template, projet: ids.secret },
      adviser,
    );
    expect(preview.statusCode).toBe(404);
  });
});

describe('a mailing (publipostage)', () => {
  it("sends one mail to each selected project's owner, with that project's values", async () => {
    const response = await post(path('api.projects.mailing_send'), {
      template: ids.template,
      projets: [ids.main, ids.other],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ publipostage: expect.any(Number), recipients: 2 });
    expect((await fixture.smtp.nextMail('paul.leroy@exemple.fr')).subject).toBe('Votre projet Appartement Leroy');
    expect((await fixture.smtp.nextMail('marie.dupont@exemple.fr')).subject).toBe('Votre projet Maison <Dupont>');
  });

  it('queues each mail once, however many times its build runs at once', async () => {
    const response = await post(path('api.projects.mailing_send'), {
      template: ids.template,
      projets: [ids.main, ids.other, ids.main],
    });
    expect(response.statusCode, response.body).toBe(202);
    const { publipostage, recipients } = response.json() as { publipostage: number; recipients: number };
    expect(recipients).toBe(2);
    // The job runs, and two more runs of it race it, as a job taken up again while the first still runs.
    const log = pino({ enabled: false });
    await Promise.all([
      buildMailing(t.app.resourceOperations.services, publipostage, log),
      buildMailing(t.app.resourceOperations.services, publipostage, log),
    ]);
    await untilJobsSettled(t.database);
    const queued = await rowsOf<{ recipient: string }>(
      t.database.db,
      sql`select recipient from email_log where mailing_id = ${publipostage} order by recipient`,
    );
    expect(queued).toEqual([{ recipient: 'marie.dupont@exemple.fr' }, { recipient: 'paul.leroy@exemple.fr' }]);
  });

  it('sends no more mails a minute than configured, across the minute, whatever the clock says', async () => {
    const configure = (perMinute: number) =>
      t.app.inject({
        method: 'PUT',
        url: path('api.configuration.mail'),
        headers: authHeaders(t.admin),
        payload: { mailingLimit: 500, perMinute },
      });
    expect((await configure(2)).statusCode).toBe(200);
    const realNow = clock.now;
    // The server's clock stands still mid-minute, then moves to the next minute.
    const minute = new Date(Math.floor(realNow().getTime() / 60_000) * 60_000 + 60_000 * 10 + 30_000);
    clock.now = () => minute;
    try {
      const response = await post(path('api.projects.mailing_send'), {
        template: ids.template,
        projets: [ids.main, ids.other, ids.secret],
      });
      expect(response.statusCode, response.body).toBe(202);
      const { publipostage } = response.json() as { publipostage: number };
      const statuses = async () =>
        (
          await rowsOf<{ status: string }>(
            t.database.db,
            sql`select status from email_log where mailing_id = ${publipostage} order by status`,
          )
        ).map(({ status }) => status);
      await expect.poll(statuses).toEqual(['scheduled', 'sent', 'sent']);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await statuses()).toEqual(['scheduled', 'sent', 'sent']);

      clock.now = () => new Date(minute.getTime() + 60_000);
      await expect.poll(statuses).toEqual(['sent', 'sent', 'sent']);
    } finally {
      clock.now = realNow;
      expect((await configure(0)).statusCode).toBe(200);
    }
  });

  it('refuses a selection over the configured limit, in the spec words, and sends nothing', async () => {
    const configured = await t.app.inject({
      method: 'PUT',
      url: path('api.configuration.mail'),
      headers: authHeaders(t.admin),
      payload: { mailingLimit: 1, perMinute: 0 },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const mailCount = async () =>
      (await rowsOf<{ count: number }>(t.database.db, sql`select count(*)::int as count from email_log`))[0]!.count;
    const before = await mailCount();
    const response = await post(path('api.projects.mailing_send'), {
      template: ids.template,
      projets: [ids.main, ids.other],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Vous avez sélectionné trop de projets pour un publipostage : réduisez votre sélection.',
    );
    expect(await mailCount()).toBe(before);
  });
});

describe('the delivery, when the SMTP server refuses', () => {
  const logOf = async (id: number) =>
    (
      await rowsOf<{ status: string; attempts: number; error: string }>(
        t.database.db,
        sql`select status, attempts, error from email_log where id = ${id}`,
      )
    )[0];
  const send = async (to: string[], subject: string) => {
    const response = await post(path('api.projects.send_email', { projet: ids.other }), {
      subject,
      html: '<p>Bonjour</p>',
      to,
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json().email as number;
  };
  /** Moves the server's clock this far ahead until the callback is done, as time passing would. */
  const later = async <T>(seconds: number, callback: () => Promise<T>): Promise<T> => {
    const realNow = clock.now;
    clock.now = () => new Date(realNow().getTime() + seconds * 1000);
    try {
      return await callback();
    } finally {
      clock.now = realNow;
    }
  };

  it('tries again after 30 s, then 60 s, while it refuses for a while, and delivers once', async () => {
    fixture.smtp.refuseNext(2);
    const id = await send(['patient@exemple.fr'], 'Réessayé');
    await expect.poll(() => logOf(id)).toMatchObject({ status: 'scheduled', attempts: 1 });
    expect((await logOf(id))!.error).toContain('Service temporairement indisponible');
    // Not before its time.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await logOf(id))!.attempts).toBe(1);

    await later(31, () => expect.poll(() => logOf(id)).toMatchObject({ status: 'scheduled', attempts: 2 }));
    await later(31 + 61, async () => {
      await expect.poll(() => logOf(id)).toMatchObject({ status: 'sent', attempts: 3, error: '' });
    });
    expect(fixture.smtp.received.filter(({ subject }) => subject === 'Réessayé')).toHaveLength(1);
  });

  it('marks failed with the SMTP reply a mail whose only address is refused for good, and records refused copies', async () => {
    fixture.smtp.refuseRecipient('inconnu@exemple.fr');
    const lost = await send(['inconnu@exemple.fr'], 'Perdu');
    await expect.poll(() => logOf(lost)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await logOf(lost))!.error).toContain('Boîte aux lettres inconnue');

    const partly = await send(['paul.leroy@exemple.fr', 'inconnu@exemple.fr'], 'En partie');
    await expect.poll(() => logOf(partly)).toMatchObject({ status: 'sent' });
    expect((await logOf(partly))!.error).toBe('Adresses refusées par le serveur de messagerie : inconnu@exemple.fr');
    expect(fixture.smtp.received.filter(({ subject }) => subject === 'Perdu')).toEqual([]);
    const sent = await get(path('api.projects.sent_emails', { projet: ids.other }));
    expect((sent.json() as ProjectEmails).items.find(({ subject }) => subject === 'Perdu')).toMatchObject({
      status: 'failed',
    });
  });
});
