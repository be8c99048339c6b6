import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { sessions, users } from '../../src/server/db/schema';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, logIn, useAdminApp, type LoggedIn } from '../support/test-app';

/** A session lives no longer than its account: disabled, expired, or its email changed, it ends. */
const t = useAdminApp();
const password = 'Mot-de-passe-de-test-2026';
let lastUser = 0;

/** A user logged in with "Se souvenir de moi" (a 30-day session). */
async function rememberedUser(): Promise<{ id: number; session: LoggedIn }> {
  const email = `compte-${++lastUser}@exemple.fr`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, firstName: 'Claire', lastName: 'Durand', passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  return { id: user!.id, session: await logIn(t.app, { email, password }, true) };
}

const sessionStatus = async (who: LoggedIn) =>
  (await t.app.inject({ method: 'GET', url: path('api.session'), headers: authHeaders(who) })).statusCode;

const openSessions = async (userId: number) =>
  (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

const batch = (action: 'enable' | 'disable', id: number) =>
  t.app.inject({
    method: 'POST',
    url: path('api.resource.batch', { resource: 'utilisateurs' }),
    headers: authHeaders(t.admin),
    payload: { ids: [id], _action: action },
  });

async function adminUpdate(id: number, changes: Record<string, unknown>) {
  const url = path('api.resource.item', { resource: 'utilisateurs', id });
  const current = (await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) })).json<ResourceRecord>();
  const response = await t.app.inject({
    method: 'PUT',
    url,
    headers: authHeaders(t.admin),
    payload: { ...current, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('sessions that outlived their account', () => {
  it('ends a remembered session once the expiry date has passed, and moving the date does not revive it', async () => {
    const { id, session } = await rememberedUser();
    expect(await sessionStatus(session)).toBe(200);
    // The date passes while the session is open: nothing else happens to the account.
    await t.database.db
      .update(users)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, id));
    expect(await sessionStatus(session)).toBe(401);
    await t.database.db.update(users).set({ expiresAt: null }).where(eq(users.id, id));
    expect(await sessionStatus(session)).toBe(401);
  });

  it('ends the sessions when an administrator sets a past expiry date, or lifts a passed one', async () => {
    const expiring = await rememberedUser();
    await adminUpdate(expiring.id, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await openSessions(expiring.id)).toBe(0);

    // Expired without using the session meanwhile, then given a new date: the old session stays closed.
    const lifted = await rememberedUser();
    await t.database.db
      .update(users)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, lifted.id));
    await adminUpdate(lifted.id, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await sessionStatus(lifted.session)).toBe(401);
  });

  it('ends the sessions of a disabled account, which enabling it again does not bring back', async () => {
    const { id, session } = await rememberedUser();
    expect((await batch('disable', id)).statusCode).toBe(200);
    expect(await sessionStatus(session)).toBe(401);
    expect((await batch('enable', id)).statusCode).toBe(200);
    expect(await sessionStatus(session)).toBe(401);
    // The account itself works again: a new login opens a new session.
    const [user] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    expect(await sessionStatus(await logIn(t.app, { email: user!.email, password }))).toBe(200);
  });

  it('ends the sessions of an account whose email changes', async () => {
    const { id, session } = await rememberedUser();
    await adminUpdate(id, { email: `nouvelle-${id}@exemple.fr` });
    expect(await sessionStatus(session)).toBe(401);
  });

  it('keeps the sessions of an account whose other details change', async () => {
    const { id, session } = await rememberedUser();
    await adminUpdate(id, { firstName: 'Claire-Marie', expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await sessionStatus(session)).toBe(200);
  });
});
