import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../project-root';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw SQL query, typed by the caller (both drivers answer { rows }). */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where it is: what the job queue opens its own connections to (PostgreSQL), or shares (PGlite). */
  location: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  /** Applies the pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined: in memory (tests), started from `dump` (a `dumpDataDir` archive) when given. */
  | { kind: 'pglite'; dataDir: string | undefined; dump?: Blob };

/** The extensions the migrations create; whoever opens the embedded database loads them. */
export const pgliteExtensions = { pg_trgm, unaccent };

export function databaseLocation(config: { databaseUrl?: string; dataDir: string }): DatabaseLocation {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') };
}

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    // No JIT compilation: on the lists' queries (a read scope's subqueries over thousands of rows)
    // PostgreSQL's cost estimate turns it on, and compiling took 60–90 ms of a 140 ms count.
    const pool = new pg.Pool({ connectionString: location.url, max: 10, options: '-c jit=off' });
    // An idle client whose connection the server ends (restart, database dropped) is discarded by
    // the pool, which re-emits the error: unheard, it would end the process. Queries in flight get
    // their own error.
    pool.on('error', () => undefined);
    const db = drizzleNodePostgres(pool, { schema });
    return {
      db,
      kind: 'postgres',
      location,
      migrate: () => migrateNodePostgres(db, { migrationsFolder: migrationsDir }),
      close: () => pool.end(),
    };
  }
  if (location.dataDir) mkdirSync(location.dataDir, { recursive: true });
  const client = await PGlite.create(location.dataDir, { extensions: pgliteExtensions, loadDataDir: location.dump });
  takeTurnsWithRequests(client);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    location: { kind: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

/**
 * PGlite runs each query in this thread, and hands its lock to the next query waiting as a promise
 * resolves: without a pause, one request read off the network could run every query queued behind
 * it before the server read the next request (under load, requests waited seconds to be read while
 * others were served). Each query outside a transaction starts once the server has looked at its
 * connections again.
 */
function takeTurnsWithRequests(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = async (...args: Parameters<typeof query>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query(...args);
  };
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
