import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/resources/registry';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { createRecords } from './api-as-page';
import { logInByApi, seriousViolations, useBrowserAndServer } from './browser';

/** How many spec files share the sweep (accessibility-sweep-a to -d). */
const PARTS = 4;

/**
 * The accessibility sweep of every resource's list, show and edit pages, in four spec files (each
 * a quarter of the resources, `part` 0 to 3): they run side by side and each stays within a test
 * file's time budget, where one file took five minutes alone at the end of the browser suite.
 */
export function sweepResources(part: number): void {
  // The demo data gives every resource records to list, show and edit; the beforeAll below adds
  // those the demo cannot hold (a commune, the servers of the tests loading none; a mail logged).
  const started = useBrowserAndServer({ env: () => ({ DEMO_DATA: 'true' }) });
  const quarter = resources.filter((_definition, index) => index % PARTS === part);
  // One window logged in once for the file: each test loads its pages in it.
  let page: Page;
  beforeAll(async () => {
    const context = await started.browser.newContext({
      baseURL: started.server.baseUrl,
      viewport: { width: 1400, height: 900 },
    });
    await logInByApi(context);
    // Every Content-Security-Policy violation a page reports (an inline script, an eval probe…).
    await context.addInitScript(() => {
      const reported: string[] = [];
      Object.assign(window, { cspViolations: reported });
      document.addEventListener('securitypolicyviolation', (event) =>
        reported.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    page = await context.newPage();
    await createRecords(page, 'communes', [{ inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'] }]);
    const users = (await (
      await page.request.get(path('api.resource.collection', { resource: 'utilisateurs', parPage: 2, tri: 'id' }))
    ).json()) as ResourcePage;
    const { csrfToken } = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
    // A password link mailed to a demo user: a line of the email log.
    const mailed = await page.request.post(path('api.users.password_link', { id: users.items[1]!.id }), {
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(mailed.status()).toBe(200);
  });
  afterAll(() => page?.context().close());

  // One test a resource: each has its own time limit, and a failure names its resource.
  describe('accessibility of every resource screen', () => {
    it.each(quarter.map((definition) => [definition.slug, definition] as const))(
      'finds no serious violation on the list, show and edit pages of %s',
      async (slug, definition) => {
        // Serious axe violations, and CSP violations, page by page.
        const found: string[] = [];
        const firstPage = (await (
          await page.request.get(path('api.resource.collection', { resource: slug, parPage: 1 }))
        ).json()) as ResourcePage;
        const id = firstPage.items[0]?.id;
        expect(id, `no ${slug} record to show and edit`).toBeDefined();
        const writable = !definition.behaviours.readOnly;
        const urls = [
          path('admin.resource.list', { resource: slug }),
          path('admin.resource.show', { resource: slug, id: id! }),
          ...(writable ? [path('admin.resource.edit', { resource: slug, id: id! })] : []),
        ];
        for (const url of urls) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).waitFor();
          // Checked once the screen's data has arrived: no loader left.
          await page.waitForFunction(() => document.querySelector('.mantine-Loader-root') === null);
          found.push(...(await seriousViolations(page)).map((violation) => `${url} ${violation}`));
          const cspViolations = await page.evaluate(
            () => (window as unknown as { cspViolations: string[] }).cspViolations,
          );
          found.push(...cspViolations.map((violation) => `${url} CSP: ${violation}`));
        }
        expect(found).toEqual([]);
      },
      60_000,
    );
  });
}
