import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/server/project-root';
import { path as routePath } from '../src/shared/routes';
import { benchCredentials } from './bench-databases';

/**
 * The checkout whose build a benchmark measures: this one, or BENCH_APP_DIR — another checkout of
 * the project, built there (`npm run build`), e.g. main's for the "before" figures.
 */
export function benchedAppDir(): string {
  const appDir = path.resolve(process.env.BENCH_APP_DIR ?? projectRoot);
  if (!existsSync(path.join(appDir, 'dist/server/main.js'))) {
    throw new Error(`${appDir} is not built: run "npm run build" there first.`);
  }
  return appDir;
}

export interface BenchServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const READY = /Back-office prêt : (http:\/\/\S+)\/admin/;

/** The built server of `appDir` as a real process on a free port, with the benchmarks' administrator. */
export function startBenchServer(appDir: string, env: Record<string, string>): Promise<BenchServer> {
  const child = spawn(process.execPath, [path.join(appDir, 'dist/server/main.js')], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      LOAD_COMMUNES: 'false',
      ADMIN_EMAIL: benchCredentials.email,
      ADMIN_PASSWORD: benchCredentials.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      // Only the start is kept: the bench reads the ready line, not the logs.
      if (output.length < 100_000) output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.stdout?.resume();
      child.stderr?.resume();
      resolve({
        baseUrl: ready[1],
        child,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
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

export interface ApiSession {
  cookie: string;
  csrfToken: string;
}

/** Logs in through the API, as the login form does. */
export async function apiLogIn(baseUrl: string, credentials = benchCredentials): Promise<ApiSession> {
  const response = await fetch(new URL(routePath('api.login'), baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ ...credentials, remember: false }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, csrfToken };
}

/** Sends a JSON request with the session's cookie and CSRF token; throws on anything but 2xx. */
export async function apiSend<T>(baseUrl: string, session: ApiSession, method: string, url: string, body?: unknown) {
  const response = await fetch(new URL(url, baseUrl), {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The machine's load averages, printed next to the figures: the benchmarks share two cores. */
export const machineLoad = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1, 5, 15 min)`;
