import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/server/project-root';
import { path as routePath } from '../../src/shared/routes';
import { adminCredentials } from './test-app';
import { copyTemplateDataDir, createScratchDatabase, templateDatabase, testDatabaseUrl } from './test-database';

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Where a test server keeps its data: a DATA_DIR for PGlite, or a scratch database on TEST_DATABASE_URL. */
export interface ServerStorage {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

/** Storage holding the migrated template's copy, or nothing at all (`empty`: the server's very first start). */
export async function createServerStorage({ empty = false } = {}): Promise<ServerStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'renov-test-'));
  const scratch = testDatabaseUrl
    ? await createScratchDatabase(testDatabaseUrl, empty ? undefined : templateDatabase())
    : undefined;
  if (!scratch && !empty) copyTemplateDataDir(path.join(dataDir, 'pgdata'));
  return {
    dataDir,
    databaseUrl: scratch?.url,
    env: { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

/** A process's storage on a database shared with other processes: its own DATA_DIR, as behind a load balancer. */
export const sharedDatabaseStorage = (
  databaseUrl: string,
  processDir: string,
  env: Record<string, string> = {},
): ServerStorage => ({
  env: { DATA_DIR: processDir, DATABASE_URL: databaseUrl, ...env },
  dataDir: processDir,
  databaseUrl,
  dispose: () => Promise.resolve(),
});

/** The administrator's session on a server process: its cookie and CSRF token. */
export interface ProcessSession {
  cookie: string;
  csrf: string;
}

export async function logInAsAdministrator(server: ServerProcess): Promise<ProcessSession> {
  const response = await fetch(`${server.baseUrl}${routePath('api.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('sid='))!
    .split(';')[0]!;
  return { cookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
}

const READY = /Back-office prêt : (http:\/\/\S+)\/admin/;

/** The built server (dist/server/main.js) as a real process on a free port, for the tests. */
export function startServer(storage: ServerStorage, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnBuiltServer(projectRoot, {
    ADMIN_EMAIL: adminCredentials.email,
    ADMIN_PASSWORD: adminCredentials.password,
    ...storage.env,
    ...extraEnv,
  });
}

/**
 * The build of the checkout `appDir` as a real process on a free port, resolved once it prints its
 * ready line (the tests' servers and the benchmarks').
 */
export function spawnBuiltServer(
  appDir: string,
  env: Record<string, string>,
  nodeOptions: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeOptions, path.join(appDir, 'dist/server/main.js')], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      LOG_LEVEL: 'warn',
      // Tests and benchmarks start from a known, empty state; demo data has its own test.
      DEMO_DATA: 'false',
      // 35 000 communes per started server would only slow the suites down.
      LOAD_COMMUNES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready?.[1]) return;
      clearTimeout(timer);
      resolve({
        baseUrl: ready[1],
        child,
        output: () => output,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before being ready:\n${output}`));
    });
  });
}

/** Polls `check` every 50 ms until it holds; throws, naming `what`, past the timeout. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
