/**
 * npm run bench:pages — what a new user waits for, in headless Chromium with an empty cache, on a
 * throttled network (10 Mbit/s both ways, 40 ms latency) and a CPU slowed 4×:
 *   1. the login page, until its form is usable;
 *   2. from the click on "Se connecter" until the dashboard is drawn;
 *   3. from the click on a menu entry until its list shows 25 rows.
 * Each step counts the bytes the browser received (compressed, headers included) until the network
 * is idle, and those of its JavaScript and CSS. Median of BENCH_RUNS runs (default 5), each in a new
 * browser context (nothing cached).
 *
 * The built server of this checkout runs on a fresh embedded database (PGlite); BENCH_APP_DIR
 * measures another built checkout instead (main's, for the "before").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { path as routePath } from '../src/shared/routes';
import { launchBrowser } from '../tests/support/chromium';
import { benchCredentials } from './bench-databases';
import { apiLogIn, apiSend, benchedAppDir, machineLoad, startBenchServer } from './bench-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const network = { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 };
const CPU_SLOWDOWN = 4;
const LIST = { slug: 'liens-utiles', menuLabel: 'Liens utiles', rows: 25 };

interface Step {
  ms: number;
  bytes: number;
  jsCssBytes: number;
}
type Run = Record<'login' | 'dashboard' | 'list', Step>;

/** Counts what the page receives through the DevTools protocol, and tells when the network is idle. */
function watchNetwork(cdp: CDPSession) {
  const types = new Map<string, string>();
  const inFlight = new Set<string>();
  let bytes = 0;
  let jsCssBytes = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, type }) => {
    inFlight.add(requestId);
    types.set(requestId, type ?? '');
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
    bytes += encodedDataLength;
    const type = types.get(requestId);
    if (type === 'Script' || type === 'Stylesheet') jsCssBytes += encodedDataLength;
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
  });
  return {
    /** Bytes received since the last call. */
    take() {
      const taken = { bytes, jsCssBytes };
      bytes = 0;
      jsCssBytes = 0;
      return taken;
    },
    /** Resolves once no request has been under way for 500 ms. */
    async idle() {
      while (inFlight.size > 0 || Date.now() - lastActivity < 500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

async function timed(page: Page, action: () => Promise<unknown>, drawn: () => Promise<unknown>): Promise<number> {
  const start = Date.now();
  await action();
  await drawn();
  return Date.now() - start;
}

async function measureOnce(baseUrl: string, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<Run> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const received = watchNetwork(cdp);
  try {
    const loginButton = page.getByRole('button', { name: 'Se connecter' });
    const loginMs = await timed(
      page,
      () => page.goto(routePath('admin.login'), { waitUntil: 'commit' }),
      async () => {
        await loginButton.waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled);
      },
    );
    await received.idle();
    const login = { ms: loginMs, ...received.take() };

    await page.getByLabel('Adresse e-mail').fill(benchCredentials.email);
    await page.getByLabel(/^Mot de passe/).fill(benchCredentials.password);
    const dashboardMs = await timed(
      page,
      () => loginButton.click(),
      () => page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor({ timeout: 60_000 }),
    );
    await received.idle();
    const dashboard = { ms: dashboardMs, ...received.take() };

    const listMs = await timed(
      page,
      () => page.getByRole('link', { name: LIST.menuLabel, exact: true }).click(),
      () =>
        page.waitForFunction((rows) => document.querySelectorAll('tbody tr').length >= rows, LIST.rows, {
          timeout: 60_000,
        }),
    );
    await received.idle();
    const list = { ms: listMs, ...received.take() };
    return { login, dashboard, list };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const appDir = benchedAppDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
  const server = await startBenchServer(appDir, { DATA_DIR: dataDir });
  const browser = await launchBrowser();
  try {
    console.log(`bench:pages — ${appDir}, ${server.baseUrl}`);
    console.log(
      `network ${network.downloadThroughput / 125_000} Mbit/s, ${network.latency} ms; CPU ${CPU_SLOWDOWN}× slower; ${RUNS} runs, cold cache`,
    );
    console.log(`before: ${machineLoad()}`);
    // A list to draw: more rows than one page.
    const session = await apiLogIn(server.baseUrl);
    for (let n = 1; n <= 30; n += 1) {
      await apiSend(server.baseUrl, session, 'POST', routePath('api.resource.collection', { resource: LIST.slug }), {
        name: `Lien ${String(n).padStart(2, '0')}`,
        url: `https://exemple.fr/page-${n}`,
      });
    }
    await apiSend(server.baseUrl, session, 'POST', routePath('api.logout'));

    // One run to warm the server (its first requests compile and cache), not counted.
    await measureOnce(server.baseUrl, browser);
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measureOnce(server.baseUrl, browser));

    const steps = [
      ['login', 'login form usable'],
      ['dashboard', 'dashboard drawn after login'],
      ['list', `list of ${LIST.rows} rows drawn`],
    ] as const;
    console.log(`\n${'step'.padEnd(30)}${'time'.padStart(10)}${'received'.padStart(12)}${'of it JS+CSS'.padStart(14)}`);
    for (const [key, label] of steps) {
      const ms = median(runs.map((run) => run[key].ms));
      const bytes = median(runs.map((run) => run[key].bytes));
      const jsCss = median(runs.map((run) => run[key].jsCssBytes));
      console.log(`${label.padEnd(30)}${`${ms} ms`.padStart(10)}${kB(bytes).padStart(12)}${kB(jsCss).padStart(14)}`);
    }
    console.log(
      `(times per run: ${runs.map((run) => `${run.login.ms}/${run.dashboard.ms}/${run.list.ms}`).join(', ')} ms)`,
    );
    console.log(`after: ${machineLoad()}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
