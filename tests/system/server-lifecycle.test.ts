import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseLocation } from '../../src/server/db/database';
import { sessions } from '../../src/server/db/schema';
import { path } from '../../src/shared/routes';
import { createServerStorage, startServer, type ServerProcess, type ServerStorage } from '../support/server-process';
import { adminCredentials } from '../support/test-app';

let storage: ServerStorage | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  await storage?.dispose();
  server = undefined;
  storage = undefined;
});

function locationOf(current: ServerStorage): DatabaseLocation {
  return current.databaseUrl
    ? { kind: 'postgres', url: current.databaseUrl }
    : { kind: 'pglite', dataDir: `${current.dataDir}/pgdata` };
}

async function sessionCount(current: ServerStorage): Promise<number> {
  const database = await openDatabase(locationOf(current));
  try {
    const [row] = await database.db.select({ total: count() }).from(sessions);
    return row?.total ?? 0;
  } finally {
    await database.close();
  }
}

const logIn = (baseUrl: string) =>
  fetch(`${baseUrl}${path('api.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials),
  });

describe('the server process', () => {
  it('migrates an empty database and loads the communes on its first start, and not again', async () => {
    storage = await createServerStorage({ empty: true });
    server = await startServer(storage, { LOAD_COMMUNES: 'true' });
    expect(server.output()).toMatch(/Communes chargées : \d{5}\./);
    const cookie = (await logIn(server.baseUrl)).headers.getSetCookie()[0]!.split(';')[0]!;
    const found = await fetch(`${server.baseUrl}${path('api.communes.by_postal_code', { code: '01400' })}`, {
      headers: { cookie },
    });
    expect((await found.json()).map(({ name }: { name: string }) => name)).toContain("L'Abergement-Clémenciat");
    expect(await server.stop('SIGTERM')).toBe(0);

    server = await startServer(storage, { LOAD_COMMUNES: 'true' });
    expect(server.output()).not.toContain('Communes chargées');
  });

  it('prints the administrator login on the first start only, and stops cleanly on SIGTERM and SIGINT', async () => {
    storage = await createServerStorage();
    server = await startServer(storage, { ADMIN_PASSWORD: '' });
    expect(server.output()).toContain('Identifiant : admin@exemple.fr');
    const password = /Mot de passe : (\S+)/.exec(server.output())?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await server.stop('SIGTERM')).toBe(0);

    server = await startServer(storage, { ADMIN_PASSWORD: '' });
    expect(server.output()).not.toContain('Identifiant');
    const login = await fetch(`${server.baseUrl}${path('api.login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@exemple.fr', password }),
    });
    expect(login.status).toBe(200);
    expect(await server.stop('SIGINT')).toBe(0);
  });

  it('restarts after SIGKILL in the middle of writes with every committed row intact', async () => {
    storage = await createServerStorage();
    server = await startServer(storage);
    const { baseUrl } = server;

    // Four clients log in over and over: each 200 is a session row the server has committed.
    let committed = 0;
    let writing = true;
    const client = async () => {
      while (writing) {
        try {
          if ((await logIn(baseUrl)).status === 200) committed += 1;
        } catch {
          return; // the server is gone
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const killed = server.stop('SIGKILL');
    writing = false;
    await killed;
    await Promise.all(clients);
    expect(committed).toBeGreaterThan(5);

    const started = Date.now();
    server = await startServer(storage);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await logIn(server.baseUrl)).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);

    expect(await sessionCount(storage)).toBeGreaterThanOrEqual(committed + 1);
  });
});
