import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { path as routePath } from '../../../src/shared/routes';
import { sharedDatabaseStorage, startServer, type ServerProcess } from '../../support/server-process';
import { adminCredentials } from '../../support/test-app';
import { createScratchDatabase, postgresServerUrl, type ScratchDatabase } from '../../support/test-database';

/**
 * Two server processes on one PostgreSQL database (PGlite's data folder serves one process only):
 * TEST_DATABASE_URL's server.
 */
const postgresServer = postgresServerUrl();

let scratch: ScratchDatabase | undefined;
let dataDir: string | undefined;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresServer);
  dataDir = mkdtempSync(path.join(tmpdir(), 'renov-lockout-'));
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const name of ['a', 'b'])
    servers.push(await startServer(sharedDatabaseStorage(scratch.url, path.join(dataDir, name))));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

const logIn = (server: ServerProcess, email: string, password: string) =>
  fetch(`${server.baseUrl}${routePath('api.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('lockout with two server processes on one database', () => {
  it('locks the account at its 5th failure in total, whichever process answered each', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    for (let failure = 0; failure < 5; failure += 1) {
      const response = await logIn(failure % 2 === 0 ? a : b, adminCredentials.email, `wrong ${failure}`);
      expect(response.status).toBe(401);
    }
    for (const server of [b, a]) {
      const blocked = await logIn(server, adminCredentials.email, adminCredentials.password);
      expect(blocked.status).toBe(429);
      expect(((await blocked.json()) as { message: string }).message).toBe('Accès temporairement bloqué');
    }
  });

  it('counts concurrent failures on both processes without losing any', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const email = 'personne@exemple.fr';
    const replies = await Promise.all(
      [a, b, a, b, a].map((server, failure) => logIn(server, email, `wrong ${failure}`)),
    );
    expect(replies.map(({ status }) => status)).toEqual([401, 401, 401, 401, 401]);
    expect((await logIn(b, email, 'wrong again')).status).toBe(429);
  });
});
