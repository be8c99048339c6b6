import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/server/db/schema';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { ResourcePage, ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();
const admin = () => resourceRequests(t.app, t.admin);

describe("an audited resource's history", () => {
  it('records who created, changed and deleted a record, each field before → after, newest first', async () => {
    const parent = await admin().created('structures', { name: 'Département du Rhône', contactType: 'public' });
    const record = await admin().created('structures', { name: 'Agence locale', acronym: 'ALE' });
    const current = (
      await admin().get(path('api.resource.item', { resource: 'structures', id: record.id }))
    ).json<ResourceRecord>();
    const update = await admin().put('structures', record.id, {
      ...current,
      name: 'Agence locale de l’énergie',
      parents: [parent.id],
    });
    expect(update.statusCode, update.body).toBe(200);

    const history = await admin().get(path('api.resource.history', { resource: 'structures', id: record.id }));
    expect(history.statusCode).toBe(200);
    const { entries, total, titles } = history.json<AuditPage>();
    expect(total).toBe(2);
    expect(entries.map(({ action }) => action)).toEqual(['update', 'create']);
    expect(entries[0]!.actorName).toBe('Principal Administrateur');
    expect(entries[0]!.changes).toEqual([
      { field: 'name', before: 'Agence locale', after: 'Agence locale de l’énergie' },
      { field: 'parents', before: [], after: [parent.id] },
    ]);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Agence locale' },
        { field: 'acronym', before: null, after: 'ALE' },
      ]),
    );
    // The structures the changes name, by their titles.
    expect(titles.parents).toEqual({ [parent.id]: 'Département du Rhône' });

    const deleted = await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'structures', id: record.id }),
      headers: authHeaders(t.admin),
    });
    expect(deleted.statusCode).toBe(200);
    // Deleted, the record and its history are no longer shown; the trail keeps the deletion.
    expect(
      (await admin().get(path('api.resource.history', { resource: 'structures', id: record.id }))).statusCode,
    ).toBe(404);
    const trail = await t.database.db
      .select({ action: auditEntries.action, actorId: auditEntries.actorId })
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'structures'), eq(auditEntries.recordId, record.id)))
      .orderBy(auditEntries.id);
    const administrator = t.admin.session.user.id;
    expect(trail).toEqual([
      { action: 'create', actorId: administrator },
      { action: 'update', actorId: administrator },
      { action: 'delete', actorId: administrator },
    ]);
  });

  it('shows the history only to whoever may see the record', async () => {
    const record = await admin().created('individus', { lastName: 'Garnier', firstName: 'Paul' });
    const outsider = await logInWithProfile(t, {
      email: 'sans-contacts@exemple.fr',
      permissions: ['liens-utiles.consult'],
    });
    const refused = await resourceRequests(t.app, outsider).get(
      path('api.resource.history', { resource: 'individus', id: record.id }),
    );
    expect(refused.statusCode).toBe(403);
    // Refused before its paging is read: a bad page is the same refusal.
    const badPaging = await resourceRequests(t.app, outsider).get(
      `${path('api.resource.history', { resource: 'individus', id: record.id })}?page=abc`,
    );
    expect(badPaging.statusCode).toBe(403);
    // A resource that keeps no trail has no history route.
    const link = await admin().created('liens-utiles', { name: 'Anah', url: 'https://www.anah.gouv.fr' });
    expect(
      (await admin().get(path('api.resource.history', { resource: 'liens-utiles', id: link.id }))).statusCode,
    ).toBe(404);
  });
});

describe('a child resource: the login history under its user', () => {
  it("lists a user's logins to whoever may see the user and consult the login history", async () => {
    const manager = await logInWithProfile(t, {
      email: 'gestion@exemple.fr',
      permissions: ['utilisateurs.consult', 'historique-connexions.consult'],
    });
    const loginsOf = (id: number) =>
      resourceRequests(t.app, manager).get(
        path('api.resource.children', { resource: 'utilisateurs', id, child: 'historique-connexions' }),
      );
    const mine = await loginsOf(manager.session.user.id);
    expect(mine.statusCode, mine.body).toBe(200);
    const page = mine.json<ResourcePage>();
    expect(page.items.length).toBeGreaterThan(0);
    expect(
      page.items.every((item) => item.user === manager.session.user.id && item.username === 'gestion@exemple.fr'),
    ).toBe(true);

    // The administrator's logins: other rows, not the manager's.
    const admins = (await loginsOf(t.admin.session.user.id)).json<ResourcePage>();
    expect(admins.items.every((item) => item.user === t.admin.session.user.id)).toBe(true);
    // A row of the administrator's asked for under the manager's record: not there.
    const stray = await resourceRequests(t.app, manager).get(
      path('api.resource.child', {
        resource: 'utilisateurs',
        id: manager.session.user.id,
        child: 'historique-connexions',
        childId: admins.items[0]!.id,
      }),
    );
    expect(stray.statusCode).toBe(404);

    // Consulting users without the login history's own permission: refused, as its own list is.
    const usersOnly = await logInWithProfile(t, { email: 'comptes@exemple.fr', permissions: ['utilisateurs.consult'] });
    for (const url of [
      path('api.resource.children', {
        resource: 'utilisateurs',
        id: usersOnly.session.user.id,
        child: 'historique-connexions',
      }),
      path('api.resource.collection', { resource: 'historique-connexions' }),
    ]) {
      const answer = await resourceRequests(t.app, usersOnly).get(url);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    }

    // Without consulting users, no user's logins; read-only, nothing is written under a user.
    const plain = await logInWithProfile(t, { email: 'simple@exemple.fr', permissions: ['liens-utiles.consult'] });
    const refused = await resourceRequests(t.app, plain).get(
      path('api.resource.children', {
        resource: 'utilisateurs',
        id: plain.session.user.id,
        child: 'historique-connexions',
      }),
    );
    expect(refused.statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'POST',
      url: path('api.resource.children', {
        resource: 'utilisateurs',
        id: manager.session.user.id,
        child: 'historique-connexions',
      }),
      headers: authHeaders(t.admin),
      payload: {},
    });
    // The path lists logins and nothing else: another method is not allowed there.
    expect(write.statusCode).toBe(405);
    expect(write.headers.allow).toBe('GET, HEAD');
  });
});

describe('a child resource written under its parent', () => {
  it("asks for the child's own permission, and creates nothing for a user without a service (spec 6)", async () => {
    const project = await admin().created('projet', { name: 'Copropriété Les Tilleuls', status: 'public' });
    const coOwners = path('api.resource.children', { resource: 'projet', id: project.id, child: 'coporteurs-projet' });
    const owner = await admin().created('individus', { lastName: 'Martin', firstName: 'Claire' });
    const payload = { role: 'Syndic bénévole', individual: owner.id };
    const count = async () =>
      (
        await admin().get(
          path('api.resource.children', { resource: 'projet', id: project.id, child: 'coporteurs-projet' }),
        )
      ).json<ResourcePage>().total;
    const writer = (email: string, permissions: string[], withService?: boolean) =>
      logInWithProfile(t, { email, permissions, withService });
    const projectWriter = ['projet.consult', 'projet.modify'];

    // The project's permissions alone: refused, as the co-owners' own route refuses them.
    const parentOnly = await writer('projet-seul@exemple.fr', projectWriter);
    const refused = await resourceRequests(t.app, parentOnly).post('coporteurs-projet', payload, coOwners);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");

    // Every permission needed, but no service: nothing is created, in the spec's words.
    const withoutService = await writer(
      'sans-service-coporteurs@exemple.fr',
      [...projectWriter, 'coporteurs-projet.add'],
      false,
    );
    const noService = await resourceRequests(t.app, withoutService).post('coporteurs-projet', payload, coOwners);
    expect(noService.statusCode).toBe(403);
    expect(noService.json().message).toBe('Vous ne possédez pas les droits pour créer cette ressource');
    expect(await count()).toBe(0);

    // With a service: created, and in the project's history.
    const full = await writer('coporteurs@exemple.fr', [...projectWriter, 'coporteurs-projet.add']);
    const created = await resourceRequests(t.app, full).post('coporteurs-projet', payload, coOwners);
    expect(created.statusCode, created.body).toBe(201);
    expect(await count()).toBe(1);
    const history = (
      await admin().get(path('api.resource.history', { resource: 'projet', id: project.id, type: 'coporteurs-projet' }))
    ).json<AuditPage>();
    expect(history.entries.map(({ changes }) => changes)).toEqual([
      [{ field: 'coporteurs-projet', before: null, after: 'Martin Claire – Syndic bénévole' }],
    ]);
  });
});
