import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/resources/registry';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { logInThroughForm, seriousViolations, useBrowserAndServer } from './browser';

/**
 * The accessibility sweep of every resource's list, show and edit pages, in two spec files (each
 * half of the resources, `part` 0 or 1): the two halves run side by side, where one file took
 * five minutes alone at the end of the browser suite.
 */
export function sweepResources(part: 0 | 1): void {
  // The demo data gives every resource records to list, show and edit.
  const started = useBrowserAndServer({ env: () => ({ DEMO_DATA: 'true' }) });
  const half = resources.filter((_definition, index) => index % 2 === part);
  // One window logged in once for the file: each test loads its pages in it.
  let page: Page;
  beforeAll(async () => {
    const context = await started.browser.newContext({
      baseURL: started.server.baseUrl,
      viewport: { width: 1400, height: 900 },
    });
    page = await context.newPage();
    await page.goto(path('admin.login'));
    await logInThroughForm(page);
    await page.waitForURL((current) => current.pathname === path('admin.dashboard'));
  });
  afterAll(() => page?.context().close());

  // One test a resource: each has its own time limit, and a failure names its resource.
  describe('accessibility of every resource screen', () => {
    it.each(half.map((definition) => [definition.slug, definition] as const))(
      'finds no serious violation on the list, show and edit pages of %s (create when there is nothing to edit)',
      async (slug, definition) => {
        const found: string[] = [];
        const firstPage = (await (
          await page.request.get(path('api.resource.collection', { resource: slug, parPage: 1 }))
        ).json()) as ResourcePage;
        const id = firstPage.items[0]?.id;
        const writable = !definition.behaviours.readOnly;
        const urls = [
          path('admin.resource.list', { resource: slug }),
          ...(id === undefined ? [] : [path('admin.resource.show', { resource: slug, id })]),
          ...(!writable
            ? []
            : [
                id === undefined
                  ? path('admin.resource.create', { resource: slug })
                  : path('admin.resource.edit', { resource: slug, id }),
              ]),
        ];
        for (const url of urls) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).waitFor();
          // Checked once the screen's data has arrived: no loader left.
          await page.waitForFunction(() => document.querySelector('.mantine-Loader-root') === null);
          found.push(...(await seriousViolations(page)).map((violation) => `${url} ${violation}`));
        }
        expect(found).toEqual([]);
      },
      60_000,
    );
  });
}
