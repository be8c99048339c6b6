import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { endOtherSessions } from '../../src/server/auth/sessions';
import { clock } from '../../src/server/clock';
import { users } from '../../src/server/db/schema';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { adminCredentials, authHeaders, createTestApp, logIn, type TestApp } from '../support/test-app';

let t: TestApp;
const password = 'Un-autre-mot-de-passe-2026';
beforeAll(async () => {
  t = await createTestApp();
  const passwordHash = await hashPassword(password);
  await t.database.db.insert(users).values([
    { email: 'active@exemple.fr', passwordHash },
    { email: 'locked@exemple.fr', passwordHash },
    { email: 'disabled@exemple.fr', passwordHash, enabled: false },
    { email: 'expired@exemple.fr', passwordHash, expiresAt: new Date(Date.now() - 1000) },
    { email: 'external@exemple.fr', passwordHash, external: true },
  ]);
});
afterAll(() => t.close());
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

/** Each test logs in from its own address, so the per-address limit only counts its own attempts. */
let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

const mobileAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

function attempt(email: string, pass: string, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: path('api.login'),
    remoteAddress: ip,
    headers,
    payload: { email, password: pass },
  });
}

async function history(query: Record<string, string>): Promise<ResourcePage> {
  const { cookie } = await logIn(t.app);
  const response = await t.app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource: 'historique-connexions' }),
    remoteAddress: newAddress(),
    headers: { cookie },
    query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('login errors', () => {
  it.each([
    ['active@exemple.fr', 'wrong password', 401, 'Identifiant ou mot de passe incorrect.'],
    ['disabled@exemple.fr', password, 403, "Votre compte n'est pas activé."],
    ['expired@exemple.fr', password, 403, 'Votre compte a expiré.'],
    ['external@exemple.fr', password, 403, "Vous n'appartenez pas à la société."],
  ])('%s: %s', async (email, pass, status, message) => {
    const response = await attempt(email, pass, newAddress());
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(response.cookies).toHaveLength(0);
  });

  it('answers an unknown email exactly as a wrong password, in about the same time', async () => {
    // Several samples of each, taken in turns, compared by their medians: one sample each was at
    // the mercy of whatever else the machine did at that moment. A known account per sample, so
    // that no account nears its lock.
    const SAMPLES = 15;
    const passwordHash = await hashPassword(password);
    const known = Array.from({ length: SAMPLES }, (_, index) => `mesure-${index}@exemple.fr`);
    await t.database.db.insert(users).values(known.map((email) => ({ email, passwordHash })));
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await attempt(email, 'wrong password', newAddress());
      return { status: response.statusCode, body: response.body, ms: performance.now() - started };
    };
    const wrong: Awaited<ReturnType<typeof timed>>[] = [];
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      wrong.push(await timed(known[sample]!));
      unknown.push(await timed(`inconnu-${sample}@exemple.fr`));
    }
    for (const answer of [...wrong, ...unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toBe(wrong[0]!.body);
    }
    const median = (answers: { ms: number }[]) => answers.map(({ ms }) => ms).sort((a, b) => a - b)[SAMPLES >> 1]!;
    // Both check an argon2 hash, about half of such an answer's time here: without it, an unknown
    // email answered in 0.45 of the time. Bounds wide enough for CI's two passes sharing the cores
    // (a ratio of 1.46 seen there), narrow enough to catch the missing hash.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.6);
    expect(median(unknown) / median(wrong)).toBeLessThan(2);
  });

  it('refuses a login posted from another site (login CSRF), not one from the same site', async () => {
    const headers = { host: 'back-office.exemple.fr' };
    const forged = await attempt(adminCredentials.email, adminCredentials.password, newAddress(), {
      ...headers,
      origin: 'https://attaquant.exemple.com',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('Jeton CSRF invalide');
    const genuine = await attempt(adminCredentials.email, adminCredentials.password, newAddress(), {
      ...headers,
      origin: 'http://back-office.exemple.fr',
    });
    expect(genuine.statusCode).toBe(200);
  });
});

/** The spec's lock: 15 minutes, written here rather than read from the code under test. */
const FIFTEEN_MINUTES = 15 * 60_000;

describe('lockout', () => {
  it('locks an account after 5 failures: even the right password then gets 429, from any address, for 15 minutes', async () => {
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await attempt('locked@exemple.fr', `wrong ${failure}`, newAddress())).statusCode).toBe(401);
    }
    const blocked = await attempt('locked@exemple.fr', password, newAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Accès temporairement bloqué');
    expect(blocked.cookies).toHaveLength(0);

    // Other accounts are not affected.
    expect((await attempt('active@exemple.fr', password, newAddress())).statusCode).toBe(200);

    const start = Date.now();
    clock.now = () => new Date(start + FIFTEEN_MINUTES - 60_000);
    expect((await attempt('locked@exemple.fr', password, newAddress())).statusCode).toBe(429);
    clock.now = () => new Date(start + FIFTEEN_MINUTES + 1000);
    expect((await attempt('locked@exemple.fr', password, newAddress())).statusCode).toBe(200);
  });

  it('locks an address after 25 failures across accounts; other addresses still log in', async () => {
    const ip = newAddress();
    for (let failure = 1; failure <= 25; failure += 1) {
      expect((await attempt(`inconnu-${failure}@exemple.fr`, 'wrong', ip)).statusCode).toBe(401);
    }
    const blocked = await attempt(adminCredentials.email, adminCredentials.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Accès temporairement bloqué');
    expect((await attempt(adminCredentials.email, adminCredentials.password, newAddress())).statusCode).toBe(200);
  });

  it('counts failures within 15 minutes only', async () => {
    const start = Date.now();
    for (let failure = 1; failure <= 4; failure += 1) await attempt('active@exemple.fr', 'wrong', newAddress());
    clock.now = () => new Date(start + FIFTEEN_MINUTES + 1000);
    expect((await attempt('active@exemple.fr', 'wrong', newAddress())).statusCode).toBe(401);
    expect((await attempt('active@exemple.fr', password, newAddress())).statusCode).toBe(200);
  });
});

describe('login history', () => {
  it('records every attempt with its state, device, application, address, user agent and user', async () => {
    const ip = newAddress();
    const headers = { 'user-agent': mobileAgent };
    await attempt('historique@exemple.fr', 'wrong', ip, headers);
    const passwordHash = await hashPassword(password);
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'historique@exemple.fr', passwordHash })
      .returning({ id: users.id });
    for (let failure = 1; failure <= 4; failure += 1) await attempt('historique@exemple.fr', 'wrong', ip, headers);
    await attempt('Historique@exemple.fr', password, ip, headers);

    const page = await history({ username: 'historique@', tri: 'date', ordre: 'asc' });
    expect(page.items.map((row) => row.state)).toEqual([
      'failure',
      'failure',
      'failure',
      'failure',
      'failure',
      'locked',
    ]);
    expect(page.items[0]).toMatchObject({ user: null, ipAddress: ip, device: 'mobile', application: 'back_office' });
    expect(page.items[5]).toMatchObject({
      username: 'Historique@exemple.fr',
      user: user!.id,
      userAgent: mobileAgent,
    });

    const success = await history({ state: 'success', username: adminCredentials.email });
    expect(success.total).toBeGreaterThan(0);
    expect(success.items[0]).toMatchObject({ state: 'success', device: 'computer' });
    expect((await history({ date: '2000-01-01' })).total).toBe(0);
  });

  it('is read-only: no create, update, delete or batch route', async () => {
    const headers = authHeaders(await logIn(t.app));
    const resource = 'historique-connexions';
    const [row] = (await history({})).items;
    // The list's and a row's paths are read (405: another method is not allowed; the batch's path
    // reads as a row's); the delete path does not exist.
    for (const [method, url, status] of [
      ['POST', path('api.resource.collection', { resource }), 405],
      ['PUT', path('api.resource.item', { resource, id: row!.id }), 405],
      ['POST', path('api.resource.delete', { resource, id: row!.id }), 404],
      ['POST', path('api.resource.batch', { resource }), 405],
    ] as const) {
      const response = await t.app.inject({ method, url, headers, payload: { ids: [row!.id], _action: 'delete' } });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/historique-connexions/ajouter' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/admin/historique-connexions' })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses a stolen session cookie once its owner has logged out', async () => {
    const { cookie, csrfToken } = await logIn(t.app);
    const thief = { cookie, 'user-agent': 'curl/8.0' };
    expect((await t.app.inject({ method: 'GET', url: path('api.session'), headers: thief })).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: path('api.logout'),
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(logout.statusCode).toBe(204);
    const stolen = await t.app.inject({ method: 'GET', url: path('api.session'), headers: thief });
    expect(stolen.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: path('api.logout'),
      headers: { ...thief, 'x-csrf-token': csrfToken },
    });
    expect(write.statusCode).toBe(401);
  });

  it('gives a new session id at each login, and endOtherSessions ends all but the one kept', async () => {
    const first = await logIn(t.app, { email: 'active@exemple.fr', password });
    const second = await logIn(t.app, { email: 'active@exemple.fr', password });
    expect(second.cookie).not.toBe(first.cookie);
    const sessionId = createHash('sha256').update(first.cookie.replace(/^sid=/, '')).digest('hex');
    await endOtherSessions(t.database.db, first.session.user.id, sessionId);
    const status = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } })).statusCode;
    expect(await status(first.cookie)).toBe(200);
    expect(await status(second.cookie)).toBe(401);
    await endOtherSessions(t.database.db, first.session.user.id);
    expect(await status(first.cookie)).toBe(401);
  });
});
