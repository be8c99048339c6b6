import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../src/shared/import-assistant/import-assistant';
import { path as routePath } from '../../../src/shared/routes';
import {
  logInAsAdministrator,
  sharedDatabaseStorage,
  startServer,
  type ProcessSession,
  type ServerProcess,
  until,
} from '../../support/server-process';
import { createScratchDatabase, postgresServerUrl, type ScratchDatabase } from '../../support/test-database';

/**
 * A job survives its process: an import killed (SIGKILL) part-way on one process is taken up by
 * another, which undoes the first attempt's batches and imports every row once. Two processes share
 * one PostgreSQL database (PGlite's data folder serves one process only): TEST_DATABASE_URL's
 * server.
 */
const postgresServer = postgresServerUrl();
const ROWS = 60_000;

let scratch: ScratchDatabase | undefined;
let dataDir: string | undefined;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresServer);
  dataDir = mkdtempSync(path.join(tmpdir(), 'renov-jobs-'));
});

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

function call(
  server: ServerProcess,
  session: ProcessSession,
  method: string,
  url: string,
  body?: BodyInit,
  type = 'application/json',
) {
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...(body ? { 'content-type': type } : {}) },
    body,
  });
}

async function job(server: ServerProcess, session: ProcessSession, id: number): Promise<ImportJob> {
  return (await call(server, session, 'GET', routePath('api.import_jobs.item', { id }))).json() as Promise<ImportJob>;
}

describe('the job queue across processes', () => {
  it(
    'finishes once, on another process, an import whose process was killed part-way',
    { timeout: 180_000 },
    async () => {
      const first = await startServer(sharedDatabaseStorage(scratch!.url, dataDir!));
      servers.push(first);
      const session = await logInAsAdministrator(first);
      const lines = ['Nom;Prénom;Email'];
      for (let row = 1; row <= ROWS; row += 1) lines.push(`Visiteur${row};Salon;visiteur${row}@exemple.fr`);
      const sent = await call(
        first,
        session,
        'POST',
        routePath('api.import_assistant.upload', { nom: 'salon.csv' }),
        lines.join('\n'),
        'application/octet-stream',
      );
      expect(sent.status).toBe(201);
      const { id } = ((await sent.json()) as { job: ImportJob }).job;
      const field = (name: string, column: string) => ({ field: name, column, searchCriterion: false });
      const config = {
        type: 'individus',
        sheet: 0,
        header: true,
        numericColumns: false,
        fields: [field('individual.lastName', 'A'), field('individual.firstName', 'B'), field('individual.email', 'C')],
      };
      expect(
        (await call(first, session, 'POST', routePath('api.import_jobs.simulate', { id }), JSON.stringify(config)))
          .status,
      ).toBe(202);
      await until(async () => (await job(first, session, id)).status === 'simulated', 120_000, 'simulation');

      // The import starts on the only process, which is killed once a batch or more is written.
      expect((await call(first, session, 'POST', routePath('api.import_jobs.run', { id }))).status).toBe(202);
      await until(async () => (await job(first, session, id)).processed > 0, 60_000, 'first batch');
      await first.stop('SIGKILL');
      const written = Number((await count()).rows[0]!.count);
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(ROWS);

      // Another process takes the job up (its heartbeat stopped), starts it again from nothing.
      const second = await startServer(sharedDatabaseStorage(scratch!.url, dataDir!));
      servers.push(second);
      const again = await logInAsAdministrator(second);
      await until(
        async () => {
          const current = await job(second, again, id);
          if (current.status === 'failed') throw new Error(`import failed: ${current.error}\n${second.output()}`);
          return current.status === 'imported';
        },
        60_000,
        'import taken up',
      ).catch(async (error: unknown) => {
        const client = new pg.Client({ connectionString: scratch!.url });
        await client.connect();
        const jobs = await client.query(`select name, state, retry_count, heartbeat_on, started_on from pgboss.job`);
        await client.end();
        throw new Error(
          `${String(error)}\n${JSON.stringify(jobs.rows)}\n${JSON.stringify(await job(second, again, id))}\n${second.output()}`,
        );
      });
      const finished = await job(second, again, id);
      expect(finished.results.individus).toMatchObject({ created: ROWS, updated: 0 });
      expect(Number((await count()).rows[0]!.count)).toBe(ROWS);
    },
  );
});

async function count() {
  const client = new pg.Client({ connectionString: scratch!.url });
  await client.connect();
  try {
    return await client.query<{ count: string }>(
      `select count(*) as count from individuals where deleted_at is null and first_name = 'Salon'`,
    );
  } finally {
    await client.end();
  }
}
