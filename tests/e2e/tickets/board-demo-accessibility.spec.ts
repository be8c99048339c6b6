import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

// Every project's board as the demo service fills it: cards of each status, deadlines, meetings.
const started = useBrowserAndServer({ env: () => ({ DEMO_DATA: 'true' }) });

describe('every project’s board with the demo data', () => {
  it.each([
    ['an office screen', { width: 1400, height: 900 }],
    ['a phone', { width: 412, height: 823 }],
  ])(
    'is readable and its buttons large enough to touch on %s (contrast, target size)',
    async (_screen, viewport) => {
      const page = await started.openAsAdmin('/admin');
      await page.setViewportSize(viewport);
      await page.goto(path('admin.tickets.global_board'));
      const columns = page.getByRole('group', { name: 'Colonnes du kanban' });
      await columns.getByRole('heading', { level: 2 }).first().waitFor();
      await page
        .getByRole('button', { name: /Changer le statut/ })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: /Changer le statut/ }).count()).toBeGreaterThan(3);
      await expectAccessible(page, ['target-size']);
    },
    60_000,
  );
});
