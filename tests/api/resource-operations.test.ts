import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/auth/actor';
import { emailLog } from '../../src/server/db/schema';
import type { OperationContext, ServerResource } from '../../src/server/engine/server-resource';
import { ApiError } from '../../src/server/http/api-error';
import { serverHooks } from '../../src/server/resources/registry';
import type { AuditPage } from '../../src/shared/resources/audit';
import { findResource } from '../../src/shared/resources/registry';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, untilJobsSettled, type LoggedIn, type TestApp } from '../support/test-app';

/**
 * The operations layer, called as a job or a script would call it (no request), and a resource's
 * after-commit effect: here individuals mail a notice of each new record, queued in the write's
 * transaction, so a refused write mails nothing and an accepted one mails once, and another of
 * each record changed; non-administrators do not see the individuals named "Hors de vue".
 */
const noticeSubject = (id: number) => `Nouvelle fiche : ${id}`;
const changeSubject = (id: number) => `Fiche modifiée : ${id}`;
/** Makes the next write fail after its effect was queued: the effect must go with the write. */
let failAfterQueueing = false;
const individualsWithNotice: ServerResource = {
  ...serverHooks('individus'),
  validate: (values) => (values.lastName === 'Refusé' ? { lastName: 'validation.required' } : undefined),
  readScope: (actor, columns) => (actor.isAdmin ? undefined : sql`${columns.lastName} <> 'Hors de vue'`),
  async afterCommit({ action, ids }, queue) {
    if (action === 'update') {
      for (const id of ids) {
        await queue.mail([
          { to: ['modifications@exemple.fr'], subject: changeSubject(id), text: '', html: '', createdBy: null },
        ]);
      }
    }
    if (action !== 'create') return;
    for (const id of ids) {
      await queue.mail([
        { to: ['equipe@exemple.fr'], subject: noticeSubject(id), text: '', html: '', createdBy: null },
      ]);
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

const mailSubjects = async (recipient = 'equipe@exemple.fr') =>
  (await t.database.db.select({ subject: emailLog.subject }).from(emailLog).where(eq(emailLog.recipient, recipient)))
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
      { action: 'create', actorName: 'Principal Administrateur' },
    ]);
  });
});

describe("a command's patch (operations.patch)", () => {
  const log = pino({ level: 'silent' });
  const as = (actor: Actor): OperationContext => ({ actor, locale: 'fr', log });
  const administrator = (): Actor => ({ id: admin.session.user.id, isAdmin: true, permissions: [], serviceId: null });
  const adviser = (): Actor => ({
    id: admin.session.user.id,
    isAdmin: false,
    permissions: ['individus.consult', 'individus.modify'],
    serviceId: null,
  });
  const history = async (id: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.resource.history', { resource: 'individus', id }),
      headers: authHeaders(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>().entries.map(({ action, actorName, changes }) => ({ action, actorName, changes }));
  };
  const shown = async (id: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: path('api.resource.item', { resource: 'individus', id }),
        headers: authHeaders(admin),
      })
    ).json<{ postalCode: string; cityOutside: string; updatedAt: string }>();

  it('writes one entry on each record it changes, none on the others, and queues the after-commit work of those changed', async () => {
    const operations = t.app.resourceOperations;
    const [moved, staying] = await operations.createMany(
      individuals,
      [
        { lastName: 'Patché', postalCode: '01000', cityOutside: 'Bourg-en-Bresse' },
        { lastName: 'Inchangé', postalCode: '01400', cityOutside: 'Châtillon' },
      ],
      as(administrator()),
    );
    const { updatedAt } = await shown(staying!.id);
    const changed = await operations.patch(
      individuals,
      [
        { id: moved!.id, values: { postalCode: '01090', cityOutside: 'Montmerle-sur-Saône' } },
        { id: staying!.id, values: { postalCode: '01400' } },
      ],
      as(administrator()),
    );
    expect(changed.map(({ id, postalCode }) => ({ id, postalCode }))).toEqual([{ id: moved!.id, postalCode: '01090' }]);
    expect(await history(moved!.id)).toEqual([
      {
        action: 'update',
        actorName: 'Principal Administrateur',
        changes: [
          { field: 'postalCode', before: '01000', after: '01090' },
          { field: 'cityOutside', before: 'Bourg-en-Bresse', after: 'Montmerle-sur-Saône' },
        ],
      },
      expect.objectContaining({ action: 'create' }),
    ]);
    expect(await history(staying!.id)).toEqual([expect.objectContaining({ action: 'create' })]);
    expect((await shown(staying!.id)).updatedAt).toBe(updatedAt);
    await untilJobsSettled(t.database);
    expect(await mailSubjects('modifications@exemple.fr')).toEqual([changeSubject(moved!.id)]);
  });

  it('answers 404 for a record out of sight, 403 without the permission unless the caller checked its own, changing nothing', async () => {
    const operations = t.app.resourceOperations;
    const [seen, hidden] = await operations.createMany(
      individuals,
      [
        { lastName: 'En vue', postalCode: '01000' },
        { lastName: 'Hors de vue', postalCode: '01000' },
      ],
      as(administrator()),
    );
    const patches = [
      { id: seen!.id, values: { postalCode: '01090' } },
      { id: hidden!.id, values: { postalCode: '01090' } },
    ];
    await expect(operations.patch(individuals, patches, as(adviser()))).rejects.toMatchObject({ statusCode: 404 });
    const reader: Actor = { ...adviser(), permissions: ['individus.consult'] };
    await expect(operations.patch(individuals, patches.slice(0, 1), as(reader))).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await shown(seen!.id)).postalCode).toBe('01000');
    expect((await shown(hidden!.id)).postalCode).toBe('01000');

    await operations.patch(individuals, patches.slice(0, 1), as(reader), { permissionChecked: true });
    expect((await shown(seen!.id)).postalCode).toBe('01090');
  });

  it('leaves untracked fields out of its entry, and reaches a record out of sight only when told', async () => {
    const operations = t.app.resourceOperations;
    const [tracked, hidden] = await operations.createMany(
      individuals,
      [
        { lastName: 'Suivi', postalCode: '01000', cityOutside: 'Bourg-en-Bresse' },
        { lastName: 'Hors de vue', firstName: 'Lina', postalCode: '01000' },
      ],
      as(administrator()),
    );
    // An untracked field changed alone (a card's place in its column): written, no entry.
    const untracked = { untracked: ['cityOutside'] };
    await operations.patch(
      individuals,
      [{ id: tracked!.id, values: { cityOutside: 'Péronnas' } }],
      as(administrator()),
      untracked,
    );
    expect((await shown(tracked!.id)).cityOutside).toBe('Péronnas');
    expect(await history(tracked!.id)).toEqual([expect.objectContaining({ action: 'create' })]);
    // With a tracked one: the entry holds that one alone.
    const values = { postalCode: '01960', cityOutside: 'Servas' };
    await operations.patch(individuals, [{ id: tracked!.id, values }], as(administrator()), untracked);
    expect((await history(tracked!.id))[0]).toEqual({
      action: 'update',
      actorName: 'Principal Administrateur',
      changes: [{ field: 'postalCode', before: '01000', after: '01960' }],
    });
    // Out of the adviser's sight: a 404, unless beyondReadScope (a merge re-pointing every link).
    const patch = [{ id: hidden!.id, values: { postalCode: '01090' } }];
    await expect(operations.patch(individuals, patch, as(adviser()))).rejects.toMatchObject({ statusCode: 404 });
    await operations.patch(individuals, patch, as(adviser()), { beyondReadScope: true });
    expect((await shown(hidden!.id)).postalCode).toBe('01090');
  });
});
