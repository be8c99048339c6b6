import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { adminCredentials, authHeaders, createTestApp, logIn, type TestApp } from '../support/test-app';

/** The forwarded headers are a client's word unless they come from a proxy named in TRUST_PROXY. */
const loginFrom = (t: TestApp, email: string, password: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: path('api.login'), headers, payload: { email, password } });

async function historyAddresses(t: TestApp): Promise<string[]> {
  const admin = await logIn(t.app);
  const response = await t.app.inject({
    method: 'GET',
    url: path('api.resource.collection', { resource: 'historique-connexions' }),
    headers: authHeaders(admin),
    query: { parPage: '100', state: 'failure' },
  });
  return response.json<ResourcePage>().items.map((row) => String(row.ipAddress));
}

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts failures against the connection address, whatever X-Forwarded-For claims', async () => {
    // 25 failures, each on its own account (below the per-account limit) from a forged address of its own.
    for (let attempt = 1; attempt <= 25; attempt += 1) {
      const response = await loginFrom(t, `inconnu-${attempt}@exemple.fr`, 'mauvais mot de passe', {
        'x-forwarded-for': `198.51.100.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    // The address is locked: even the right password, from one more forged address, is refused.
    const locked = await loginFrom(t, adminCredentials.email, adminCredentials.password, {
      'x-forwarded-for': '203.0.113.99',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Accès temporairement bloqué');
  });

  it('records the connection address in the login history, not the forged one', async () => {
    const t2 = await createTestApp();
    try {
      await loginFrom(t2, 'quelquun@exemple.fr', 'mauvais mot de passe', { 'x-forwarded-for': '198.51.100.200' });
      expect(await historyAddresses(t2)).toEqual(['127.0.0.1']);
    } finally {
      await t2.close();
    }
  });

  it('refuses a login posted from another site even when X-Forwarded-Host names that site', async () => {
    const response = await loginFrom(t, adminCredentials.email, adminCredentials.password, {
      host: 'renov.exemple.fr',
      origin: 'https://pirate.example',
      'x-forwarded-host': 'pirate.example',
      'x-forwarded-proto': 'https',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Jeton CSRF invalide');
  });

  it('does not mark the cookie Secure on a client-sent X-Forwarded-Proto', async () => {
    const t2 = await createTestApp();
    try {
      const response = await loginFrom(t2, adminCredentials.email, adminCredentials.password, {
        'x-forwarded-proto': 'https',
      });
      expect(response.cookies.find(({ name }) => name === 'sid')?.secure).not.toBe(true);
    } finally {
      await t2.close();
    }
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The injected requests come from 127.0.0.1: here, the proxy.
    t = await createTestApp(undefined, { trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => t.close());

  it("takes the client's address and protocol from the proxy's headers", async () => {
    const failure = await loginFrom(t, 'quelquun@exemple.fr', 'mauvais mot de passe', {
      'x-forwarded-for': '192.0.2.44',
    });
    expect(failure.statusCode).toBe(401);
    expect(await historyAddresses(t)).toEqual(['192.0.2.44']);
    const login = await loginFrom(t, adminCredentials.email, adminCredentials.password, {
      'x-forwarded-proto': 'https',
    });
    expect(login.cookies.find(({ name }) => name === 'sid')?.secure).toBe(true);
  });

  it("accepts a login whose Origin is the proxy's public host", async () => {
    const response = await loginFrom(t, adminCredentials.email, adminCredentials.password, {
      host: '127.0.0.1:3000',
      origin: 'https://renov.exemple.fr',
      'x-forwarded-host': 'renov.exemple.fr',
      'x-forwarded-proto': 'https',
    });
    expect(response.statusCode).toBe(200);
  });
});
