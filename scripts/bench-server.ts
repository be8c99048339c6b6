import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/server/project-root';
import { path as routePath } from '../src/shared/routes';
import { spawnBuiltServer, type ServerProcess } from '../tests/support/server-process';
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

export type BenchServer = ServerProcess;

/**
 * The built server of `appDir` as a real process on a free port, with the benchmarks' administrator.
 * BENCH_CPU_PROFILE=<folder>: each server writes its V8 CPU profile there as it stops (open it in
 * Chrome's DevTools).
 */
export function startBenchServer(appDir: string, env: Record<string, string>): Promise<BenchServer> {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  return spawnBuiltServer(
    appDir,
    { ADMIN_EMAIL: benchCredentials.email, ADMIN_PASSWORD: benchCredentials.password, ...env },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  );
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

/** CPU seconds a process has used so far, in all and in the kernel (system time), from /proc (Linux). */
function processCpuSeconds(pid: number): { total: number; system: number } {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (user, system), counted after the command name's closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { total: (Number(fields[11]) + Number(fields[12])) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { total: 0, system: 0 };
  }
}

/** CPU seconds used so far by the given processes, and by every PostgreSQL process of the machine. */
function cpuSeconds(pids: number[]) {
  const postgres = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
  const sum = (of: number[]) =>
    of
      .map(processCpuSeconds)
      .reduce((all, one) => ({ total: all.total + one.total, system: all.system + one.system }), {
        total: 0,
        system: 0,
      });
  return { servers: sum(pids), postgres: sum(postgres.map(Number)), bench: sum([process.pid]) };
}

/**
 * Where the machine's time went during a load, per request answered: the benched servers, PostgreSQL
 * (PGlite runs inside its server) and the load generator. Steadier than requests per second when
 * the machine is shared, to compare two changes. Call it before the load; call what it returns after.
 */
export function cpuPerRequest(servers: BenchServer[]): (requests: number) => string {
  const pids = servers.map((server) => server.child.pid!);
  const before = cpuSeconds(pids);
  return (requests) => {
    const after = cpuSeconds(pids);
    const perRequest = (key: keyof typeof before) => {
      const ms = (part: 'total' | 'system') => (((after[key][part] - before[key][part]) * 1000) / requests).toFixed(2);
      return `${ms('total')} ms (kernel ${ms('system')})`;
    };
    return `CPU per request: servers ${perRequest('servers')}, PostgreSQL ${perRequest('postgres')}, load generator ${perRequest('bench')}`;
  };
}
