/**
 * npm run bench:kanban — the tickets' board (issue 14), on the built server over a scratch
 * PostgreSQL database (BENCH_DATABASE_URL, default the local server), dropped afterwards:
 *   1. one project's board of 2 000 tickets in 8 steps, in headless Chromium: the time from the
 *      navigation to every card drawn (goal ≤ 1 s), median of BENCH_RUNS (default 5);
 *   2. a drag and drop with the mouse on a board of 500 cards next to one of 20, alternately: p50/p95
 *      of the drop to the saved answer (move-ajax), and of the whole drag (goal: 500 ≤ 2× 20);
 *   3. move-ajax through the API, 20 movers at once on the 2 000-card board, each moving its own
 *      cards: p50/p95/max.
 * The tickets are inserted in SQL (one statement); the steps and projects through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../src/server/db/database';
import type { Board } from '../src/shared/resources/ticket-board';
import { path as routePath } from '../src/shared/routes';
import { launchBrowser } from '../tests/support/chromium';
import { createScratchDatabase } from '../tests/support/test-database';
import { benchCredentials } from './bench-databases';
import { apiLogIn, apiSend, benchedAppDir, machineLoad, startBenchServer, type ApiSession } from './bench-server';
import { percentile } from './bench-timing';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DRAGS = Number(process.env.BENCH_DRAGS ?? 20);
const STEPS = 8;
const MOVERS = 20;
const MOVES_EACH = 25;
const boards = { large: 2000, medium: 500, small: 20 } as const;

const ms = (value: number) => `${Math.round(value)} ms`;
const figures = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  max ${ms(Math.max(...values))}`;

/** 8 steps, each reaching every other (no transition asks anything), created through the API. */
async function createSteps(baseUrl: string, session: ApiSession): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= STEPS; n += 1) {
    const step = await apiSend<{ id: number }>(
      baseUrl,
      session,
      'POST',
      routePath('api.resource.collection', { resource: 'etapes' }),
      { name: `Étape ${n}`, done: n === STEPS },
    );
    ids.push(step.id);
  }
  for (const [index, id] of ids.entries()) {
    await apiSend(baseUrl, session, 'PUT', routePath('api.resource.item', { resource: 'etapes', id }), {
      name: `Étape ${index + 1}`,
      done: index === STEPS - 1,
      reachableSteps: ids.filter((other) => other !== id),
    });
  }
  return ids;
}

/** A project and its tickets, spread over the steps in turn, inserted in one statement. */
async function fillBoard(
  databaseUrl: string,
  baseUrl: string,
  session: ApiSession,
  steps: number[],
  count: number,
): Promise<number> {
  const project = await apiSend<{ id: number }>(
    baseUrl,
    session,
    'POST',
    routePath('api.resource.collection', { resource: 'projet' }),
    { name: `Banc kanban ${count}` },
  );
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    await database.db.execute(sql`
      insert into tickets (name, project, step, status, board_position, deadline, attributions, color, created_by)
      select 'Ticket ' || ${count} || '-' || lpad(n::text, 4, '0'), ${project.id},
        (${sql.raw(`array[${steps.join(',')}]`)})[n % ${STEPS} + 1], 'in_progress', (n / ${STEPS} + 1) * 1024,
        date '2099-01-01' + n % 300, array[(select min(id) from users)],
        (array['#1c7ed6', '#e8590c', '#2f9e44', ''])[n % 4 + 1], (select min(id) from users)
      from generate_series(0, ${count - 1}) n`);
    await database.db.execute(sql`analyze tickets`);
  } finally {
    await database.close();
  }
  return project.id;
}

/** A browser context logged in as the benchmark's administrator, through the form; wide enough for 8 columns. */
async function loggedInPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 2800, height: 1000 } });
  const page = await context.newPage();
  await page.goto(routePath('admin.login'));
  await page.getByLabel('Adresse e-mail').fill(benchCredentials.email);
  await page.getByLabel(/^Mot de passe/).fill(benchCredentials.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor({ timeout: 60_000 });
  return page;
}

const CARD = '[aria-roledescription="ticket déplaçable"]';

interface Draw {
  /** Navigation to every card in the page. */
  drawn: number;
  /** Navigation to the board's request sent, and answered. */
  requested: number;
  answered: number;
}

/** From the navigation to every card of the board in the page (the page's own clock, from its navigation). */
async function timeToDraw(page: Page, project: number, cards: number): Promise<Draw> {
  await page.goto(routePath('admin.tickets.board', { projet: project }), { waitUntil: 'commit' });
  // Checked in each animation frame: the cards are in the page, drawn in that frame.
  const drawn = await page.waitForFunction(
    ({ selector, count }) => (document.querySelectorAll(selector).length >= count ? performance.now() : 0),
    { selector: CARD, count: cards },
    { polling: 'raf', timeout: 60_000 },
  );
  const request = await page.evaluate(
    (board) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .find((entry) => new URL(entry.name).pathname === board),
    routePath('api.tickets.board'),
  );
  return {
    drawn: (await drawn.jsonValue()) as number,
    requested: request?.requestStart ?? NaN,
    answered: request?.responseEnd ?? NaN,
  };
}

/**
 * One drag with the mouse: the first card of a column to the next column's end. Returns the drag's
 * duration (press to release) and the drop's (release to move-ajax's answer).
 */
async function dragOnce(page: Page, round: number): Promise<{ drag: number; drop: number }> {
  const columns = page.getByRole('group', { name: 'Colonnes du kanban' }).getByRole('region');
  const from = columns.nth(round % STEPS);
  const to = columns.nth((round + 1) % STEPS);
  const card = from.locator(CARD).first();
  await page.evaluate(() => window.scrollTo(0, 0));
  const start = (await card.boundingBox())!;
  const end = (await to.getByRole('list').boundingBox())!;
  const began = performance.now();
  await page.mouse.move(start.x + 20, start.y + 12);
  await page.mouse.down();
  await page.mouse.move(start.x + 30, start.y + 24, { steps: 3 });
  // Low in the column's list, but clear of the window's bottom fifth, where the drag would scroll it.
  const y = Math.min(end.y + end.height - 12, page.viewportSize()!.height * 0.7);
  await page.mouse.move(end.x + end.width / 2, y, { steps: 12 });
  const answered = page
    .waitForResponse((response) => new URL(response.url()).pathname === routePath('api.tickets.move'), {
      timeout: 20_000,
    })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(tmpdir(), 'bench-kanban-drag.png') });
      throw error;
    });
  const dropped = performance.now();
  await page.mouse.up();
  const response = await answered;
  const done = performance.now();
  if (response.status() !== 200) throw new Error(`move-ajax answered ${response.status()}: ${await response.text()}`);
  return { drag: dropped - began, drop: done - dropped };
}

/** 20 movers at once, each moving its own cards of the board from step to step (before a card, or at the end). */
async function concurrentMovers(baseUrl: string, project: number): Promise<{ durations: number[]; errors: number }> {
  const admin = await apiLogIn(baseUrl);
  const board = await apiSend<Board>(baseUrl, admin, 'GET', routePath('api.tickets.board', { projet: project }));
  const steps = board.columns.map((column) => column.id);
  const sessions: ApiSession[] = [];
  for (let n = 0; n < MOVERS; n += 1) sessions.push(await apiLogIn(baseUrl));
  const durations: number[] = [];
  let errors = 0;
  await Promise.all(
    sessions.map(async (session, mover) => {
      // This mover's cards, where it knows them to be (no one else moves them).
      const mine = board.cards.filter((_, index) => index % MOVERS === mover).map((card) => ({ ...card }));
      for (let n = 0; n < MOVES_EACH; n += 1) {
        const card = mine[n % mine.length]!;
        const step = steps[(steps.indexOf(card.step) + 1 + (n % 3)) % steps.length]!;
        const before =
          n % 2 === 0 ? (mine.find((other) => other.step === step && other.id !== card.id)?.id ?? null) : null;
        const started = performance.now();
        const response = await fetch(new URL(routePath('api.tickets.move'), baseUrl), {
          method: 'POST',
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json' },
          body: JSON.stringify({ ticket: card.id, step, before }),
        });
        await response.arrayBuffer();
        durations.push(performance.now() - started);
        if (response.status !== 200) errors += 1;
        else card.step = step;
      }
    }),
  );
  return { durations, errors };
}

async function main(): Promise<void> {
  const appDir = benchedAppDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-kanban-'));
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(serverUrl);
  const server = await startBenchServer(appDir, { DATA_DIR: dataDir, DATABASE_URL: scratch.url });
  const browser = await launchBrowser();
  try {
    console.log(`bench:kanban — ${appDir}, ${server.baseUrl}, PostgreSQL ${new URL(serverUrl).host}`);
    console.log(`before: ${machineLoad()}`);
    const session = await apiLogIn(server.baseUrl);
    const steps = await createSteps(server.baseUrl, session);
    const projects: Record<keyof typeof boards, number> = { large: 0, medium: 0, small: 0 };
    for (const [size, count] of Object.entries(boards) as [keyof typeof boards, number][]) {
      const started = performance.now();
      projects[size] = await fillBoard(scratch.url, server.baseUrl, session, steps, count);
      console.log(`board of ${count} cards filled in ${ms(performance.now() - started)}`);
    }

    const page = await loggedInPage(browser, server.baseUrl);
    // The first visit loads the board's code: not counted.
    await timeToDraw(page, projects.large, boards.large);
    const draws: Draw[] = [];
    for (let run = 0; run < RUNS; run += 1) draws.push(await timeToDraw(page, projects.large, boards.large));
    const median = (key: keyof Draw) =>
      ms(
        percentile(
          draws.map((draw) => draw[key]),
          50,
        ),
      );
    console.log(
      `\n${boards.large} cards in ${STEPS} columns, navigation to every card drawn: median ${median('drawn')}` +
        ` (runs ${draws.map(({ drawn }) => ms(drawn)).join(', ')}; goal ≤ 1 000 ms);` +
        ` the board's request sent at ${median('requested')}, answered at ${median('answered')}`,
    );

    const pages = { medium: page, small: await loggedInPage(browser, server.baseUrl) };
    for (const size of ['medium', 'small'] as const) {
      await timeToDraw(pages[size], projects[size], boards[size]);
      await dragOnce(pages[size], 0);
    }
    const drags = { medium: [] as { drag: number; drop: number }[], small: [] as { drag: number; drop: number }[] };
    for (let round = 1; round <= DRAGS; round += 1) {
      for (const size of ['medium', 'small'] as const) drags[size].push(await dragOnce(pages[size], round));
    }
    console.log(`\ndrag and drop with the mouse, ${DRAGS} moves each, alternately:`);
    for (const size of ['medium', 'small'] as const) {
      console.log(
        `  ${String(boards[size]).padStart(3)} cards: drop to saved ${figures(drags[size].map(({ drop }) => drop))};` +
          ` whole drag ${figures(drags[size].map(({ drag }) => drag))}`,
      );
    }
    const ratio = (key: 'drop' | 'drag') =>
      (
        percentile(
          drags.medium.map((drag) => drag[key]),
          95,
        ) /
        percentile(
          drags.small.map((drag) => drag[key]),
          95,
        )
      ).toFixed(2);
    console.log(`  p95 ratio 500/20: drop ${ratio('drop')}×, drag ${ratio('drag')}× (goal ≤ 2×)`);

    const { durations, errors } = await concurrentMovers(server.baseUrl, projects.large);
    console.log(
      `\nmove-ajax, ${MOVERS} movers at once on the ${boards.large}-card board, ${durations.length} moves: ` +
        `${figures(durations)}; ${errors} errors`,
    );
    console.log(`\nafter: ${machineLoad()}`);
  } finally {
    await browser.close();
    await server.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
