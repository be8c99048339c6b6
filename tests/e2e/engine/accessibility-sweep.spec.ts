import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/shared/resources/registry';
import type { ResourcePage } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { settled, useBrowserAndServer } from '../../support/browser';

// The demo data gives every resource records to list, show and edit.
const started = useBrowserAndServer({ env: () => ({ DEMO_DATA: 'true' }) });

// One test a resource: each has its own time limit, and a failure names its resource.
describe('accessibility of every resource screen', () => {
  it.each(resources.map((definition) => [definition.slug, definition] as const))(
    'finds no serious violation on the list, show and edit pages of %s (create when there is nothing to edit)',
    async (slug, definition) => {
      const page = await started.openAsAdmin(path('admin.resource.list', { resource: slug }));
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
      for (const [index, url] of urls.entries()) {
        // The login already led to the list: the other pages are loaded.
        if (index > 0) await page.goto(url);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Checked once the screen's data has arrived: no loader left.
        await page.waitForFunction(() => document.querySelector('.mantine-Loader-root') === null);
        await settled(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const { id: rule, impact, nodes } of violations) {
          if (impact !== 'serious' && impact !== 'critical') continue;
          for (const node of nodes) {
            found.push(`${url} ${rule} ${node.target.join(' ')}: ${node.any.map(({ message }) => message).join(' ')}`);
          }
        }
      }
      expect(found).toEqual([]);
    },
    60_000,
  );
});
