import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { path } from '../../src/shared/routes';
import { workerBrowser } from './chromium';
import { createServerStorage, startServer, type ServerProcess, type ServerStorage } from './server-process';
import { adminCredentials } from './test-app';

export { chromiumPath, launchBrowser, workerBrowser } from './chromium';

/**
 * Logs the browser context in through the API, as the login form would, without drawing it: the
 * session cookie lands in the context, for every page it opens. The form itself has its own tests.
 */
export async function logInByApi(context: BrowserContext, credentials = adminCredentials): Promise<void> {
  const response = await context.request.post(path('api.login'), { data: credentials });
  if (response.status() !== 200) throw new Error(`login: ${response.status()} ${await response.text()}`);
}

export async function logInThroughForm(page: Page, credentials = adminCredentials, remember = false): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(credentials.email);
  await page.getByLabel(/^Mot de passe/).fill(credentials.password);
  if (remember) await page.getByLabel('Se souvenir de moi').check();
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * The page once its transitions have ended: a toast or a modal fading in is checked as it will be
 * read, not half transparent (axe would measure its contrast mid-fade).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          // A spinner turns for ever: only what ends is waited for.
          .filter(({ effect }) => effect?.getComputedTiming().endTime !== Infinity)
          .map(({ finished }) => finished),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Resolves once the page has run the timers it had queued with no delay (a timer of the page's own,
 * queued after them): dnd-kit listens for the arrows in such a timer after a pick-up.
 */
export const queuedTimersRun = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * Resolves once a pointer drop no longer swallows clicks: dnd-kit stops every click on the document
 * for 50 ms after a drop (so the drop is not taken for a click), in a timer of the page; a page timer
 * of 60 ms queued after it runs after it. A person never clicks that fast; a test may.
 */
export const dropClickGuardGone = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));

/**
 * axe's serious and critical violations on the page as it stands, a line each (rule, element, message).
 * `alsoRules`: rules axe leaves off by default, run too (WCAG 2.2's `target-size`).
 */
export async function seriousViolations(page: Page, alsoRules: readonly string[] = []): Promise<string[]> {
  await settled(page);
  // axe.run in the page itself (the app draws no frames), rather than a blank page opened to gather
  // each check's frames; passing checks are not itemised. Both made the browser suite slower.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      resultTypes: ['violations'],
      rules: Object.fromEntries(alsoRules.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, nodes }) =>
      nodes.map((node) => `${id} ${node.target.join(' ')}: ${node.any.map(({ message }) => message).join(' ')}`),
    );
}

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectAccessible(page: Page, alsoRules: readonly string[] = []): Promise<void> {
  expect(await seriousViolations(page, alsoRules)).toEqual([]);
}

/** The toast (status) showing this text. */
export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
/** The error toast (alert) showing this text. */
export const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** The value a show page or a preview gives a field: the definition next to its term (label: a RegExp source). */
export const shownValue = (scope: Page | Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=..')
    .getByRole('definition');
/** Where an element stands on the page, in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An element's box; it fails when the element is not laid out. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

/** Whether two boxes cover some of the same pixels. */
export const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A list row, found by the link its title makes. */
export const listRow = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
/** A row of a table in this region (a record page's panel), found by the link its title makes. */
export const rowIn = (page: Page, region: string, title: string) =>
  page
    .getByRole('region', { name: region })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

export interface BrowserAndServer {
  readonly server: ServerProcess;
  readonly browser: Browser;
  /** A new window on the app, logged in as the administrator, at this page; closed after the test. */
  openAsAdmin(url: string): Promise<Page>;
}

/**
 * For a browser spec file: the built server on a fresh database, started before its tests and
 * stopped after them, and the worker's Chromium (its windows closed after each test and the file). `env` adds variables to the server's, read when it starts
 * (after the spec's own earlier beforeAll hooks, e.g. an SMTP server's SMTP_URL).
 */
export function useBrowserAndServer({ env }: { env?: () => Record<string, string> } = {}): BrowserAndServer {
  let storage: ServerStorage | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  beforeAll(async () => {
    storage = await createServerStorage();
    server = await startServer(storage, env?.());
    browser = await workerBrowser();
  });
  afterAll(async () => {
    // The browser outlives the file: whatever window the file opened goes with it.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await server?.stop();
    await storage?.dispose();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
    async openAsAdmin(url) {
      const context = await this.browser.newContext({
        baseURL: this.server.baseUrl,
        viewport: { width: 1400, height: 900 },
        acceptDownloads: true,
      });
      contexts.push(context);
      await logInByApi(context);
      const page = await context.newPage();
      await page.goto(url);
      return page;
    },
  };
}

/**
 * Stops the page's clock (Playwright's) a moment from now, its time then moving only as the test
 * says. On a busy machine the moment may be past before the browser is told: try again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}
