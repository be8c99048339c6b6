import { describe, expect, it } from 'vitest';
import type { ResourcePage, ResourceRecordView } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

// No SMTP_URL: every mail is only recorded, its link kept, as on a machine without a mail server.
const t = useAdminApp();
const log = path('api.resource.collection', { resource: 'journal-emails' });

describe('the email log (journal-emails)', () => {
  it("lists and shows a user's creation mail to administrators: sender, recipient, subject, date, state, content", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'utilisateurs' }),
      headers: authHeaders(t.admin),
      payload: { lastName: 'Durand', firstName: 'Léa', email: 'lea.durand@exemple.fr' },
    });
    expect(created.statusCode).toBe(201);

    // The link is mailed by a job once the creation commits: the log shows it a moment later.
    const logged = async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: log,
        headers: authHeaders(t.admin),
        query: { q: 'durand' },
      });
      expect(page.statusCode).toBe(200);
      return page.json<ResourcePage>().items;
    };
    await expect.poll(async () => (await logged()).length).toBe(1);
    const [mail] = await logged();
    expect(mail).toMatchObject({
      sender: 'no-reply@localhost',
      recipient: 'lea.durand@exemple.fr',
      subject: 'Créez votre mot de passe',
      status: 'recorded',
      date: expect.any(String),
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: 'journal-emails', id: mail!.id }),
      headers: authHeaders(t.admin),
    });
    // Only recorded: the log is the only way to the link, so it keeps it.
    expect(shown.json<ResourceRecordView>().text).toMatch(/\/admin\/reinitialisation\/[\w-]{20,}/);
    expect(shown.json()).not.toHaveProperty('html');
  });

  it('is for administrators alone: no profile may grant it, and nobody writes to it', async () => {
    const profile = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'groupes' }),
      headers: authHeaders(t.admin),
      payload: { name: 'Lecteur des mails', permissions: ['journal-emails.consult'] },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().fieldErrors).toEqual({ permissions: 'Ce droit ne correspond à aucune ressource.' });

    const reader = await logInWithProfile(t, {
      email: 'lecteur@exemple.fr',
      permissions: ['historique-connexions.consult', 'utilisateurs.consult'],
    });
    expect((await t.app.inject({ method: 'GET', url: log, headers: authHeaders(reader) })).statusCode).toBe(403);

    const write = await t.app.inject({
      method: 'POST',
      url: log,
      headers: authHeaders(t.admin),
      payload: { subject: 'Faux', recipient: 'x@exemple.fr' },
    });
    // The log's path is read only: another method is not allowed there.
    expect(write.statusCode).toBe(405);
    expect(write.headers.allow).toBe('GET, HEAD');
  });
});
