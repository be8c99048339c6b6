import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/auth/actor';
import { emailLog } from '../../src/server/db/schema';
import type { OperationContext, ServerResource } from '../../src/server/engine/server-resource';
import { ApiError } from '../../src/server/http/api-error';
import { serverHooks } from '../../src/server/resources/registry';
import { findResource } from '../../src/shared/resources/registry';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, untilJobsSettled, type LoggedIn, type TestApp } from '../support/test-app';

/**
 * The operations layer, called as a job or a script would call it (no request), and a resource's
 * after-commit effect: here individuals mail a notice of each new record, queued in the write's
 * transaction, so a refused write mails nothing and an accepted one mails once.
 */
const noticeSubject = (id: number) => `Nouvelle fiche : ${id}`;
/** Makes the next write fail after its effect was queued: the effect must go with the write. */
let failAfterQueueing = false;
const individualsWithNotice: ServerResource = {
  ...serverHooks('individus'),
  validate: (values) => (values.lastName === 'Refusé' ? { lastName: 'validation.required' } : undefined),
  async afterCommit({ action, ids }, queue) {
    if (action !== 'create') return;
    for (const id of ids) {
      await queue.send('mail', { to: 'equipe@exemple.fr', subject: noticeSubject(id), text: '', html: '' });
    }
    if (failAfterQueueing) throw new Error('the write fails after queueing its effect');
  },
};

let t: TestApp;
let admin: LoggedIn;
const individuals = findResource('individus')!;

beforeAll(async () => {
  t = await createTestApp(undefined, {
    hooksOf: (slug) => (slug === 'individus' ? individualsWithNotice : serverHooks(slug)),
  });
  admin = await logIn(t.app);
});
afterAll(() => t.close());

const mailSubjects = async () =>
  (
    await t.database.db
      .select({ subject: emailLog.subject })
      .from(emailLog)
      .where(eq(emailLog.recipient, 'equipe@exemple.fr'))
  )
    .map(({ subject }) => subject)
    .sort();

describe('an after-commit effect', () => {
  it('mails once for a record created, and never for a record refused or rolled back', async () => {
    failAfterQueueing = true;
    const failed = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'individus' }),
      headers: authHeaders(admin),
      payload: { lastName: 'Annulé' },
    });
    failAfterQueueing = false;
    expect(failed.statusCode).toBe(500);
    const refused = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'individus' }),
      headers: authHeaders(admin),
      payload: { lastName: 'Refusé' },
    });
    expect(refused.statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: path('api.resource.collection', { resource: 'individus' }),
      headers: authHeaders(admin),
      payload: { lastName: 'Accepté' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };

    // Once the queue has run everything: the refused and the rolled-back writes queued nothing.
    await untilJobsSettled(t.database);
    expect(await mailSubjects()).toEqual([noticeSubject(id)]);
    const list = await t.app.inject({
      method: 'GET',
      url: path('api.resource.collection', { resource: 'individus' }),
      headers: authHeaders(admin),
    });
    expect(list.json().items.map(({ lastName }: { lastName: string }) => lastName)).toEqual(['Accepté']);
  });
});

describe('the operations without a request', () => {
  const log = pino({ level: 'silent' });
  const consultOnly: Actor = { id: 1, isAdmin: false, permissions: ['individus.consult'], serviceId: 1 };
  const listQuery = { page: 1, pageSize: 25, sort: 'id', direction: 'asc' as const, search: '', filters: {} };
  const as = (actor: Actor): OperationContext => ({ actor, locale: 'fr', log });

  it("apply the actor's permissions, refusing in French and writing nothing", async () => {
    const operations = t.app.resourceOperations;
    const before = await operations.list(individuals, listQuery, as(consultOnly));
    const refusal = await operations
      .create(individuals, { lastName: 'Sans droit' }, as(consultOnly))
      .catch((error) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).statusCode).toBe(403);
    expect((refusal as ApiError).toJSON('fr').message).toBe(
      "Vous n'avez pas les droits nécessaires pour cette action.",
    );
    const after = await operations.list(individuals, listQuery, as(consultOnly));
    expect(after.total).toBe(before.total);
  });

  it('apply the same rules as the form, and record who wrote in the history', async () => {
    const operations = t.app.resourceOperations;
    const administrator: Actor = { id: admin.session.user.id, isAdmin: true, permissions: [], serviceId: null };
    await expect(operations.create(individuals, { lastName: 'Refusé' }, as(administrator))).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { lastName: 'validation.required' },
    });
    const record = await operations.create(individuals, { lastName: 'Par un job' }, as(administrator));
    const history = await operations.history(individuals, record.id, { page: 1, pageSize: 20 }, as(administrator));
    expect(history.entries.map(({ action, actorName }) => ({ action, actorName }))).toEqual([
      { action: 'create', actorName: 'Administrateur Principal' },
    ]);
  });
});
