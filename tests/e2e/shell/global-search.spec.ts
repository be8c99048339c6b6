import { beforeAll, describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

/**
 * The header's search across everything in the browser: Ctrl+K opens it, typing (an accent left out)
 * lists the records found by kind, the arrows move among them and Enter opens the one chosen.
 */
const started = useBrowserAndServer();
const ids = {} as Record<'first' | 'second', number>;

beforeAll(async () => {
  const page = await started.openAsAdmin(path('admin.login'));
  const [first, second] = await createRecords(page, 'individus', [
    { lastName: 'Lefèvre', firstName: 'Hélène' },
    { lastName: 'Lefèvre', firstName: 'Jérôme' },
  ]);
  ids.first = first!.id;
  ids.second = second!.id;
  await page.context().close();
});

describe('search across everything', () => {
  it('opens on Ctrl+K, lists by kind as one types, moves with the arrows and opens the record on Enter', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    await page.getByRole('button', { name: 'Rechercher' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Rechercher dans le back-office' });
    const field = dialog.getByRole('combobox', {
      name: 'Rechercher un projet, un contact, un ticket ou un acte de conseil',
    });
    await field.waitFor();
    await field.fill('lefevre');
    const results = dialog.getByRole('listbox', { name: 'Résultats de la recherche' });
    const group = results.getByRole('group', { name: 'Particuliers' });
    await group.getByRole('option', { name: 'Lefèvre Hélène' }).waitFor();
    expect(await group.getByRole('option').allTextContents()).toEqual(['Lefèvre Hélène', 'Lefèvre Jérôme']);
    expect(await group.getByRole('option', { name: 'Lefèvre Hélène' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page);

    await field.press('ArrowDown');
    expect(await group.getByRole('option', { name: 'Lefèvre Jérôme' }).getAttribute('aria-selected')).toBe('true');
    const chosen = await group.getByRole('option', { name: 'Lefèvre Jérôme' }).getAttribute('id');
    expect(await field.getAttribute('aria-activedescendant')).toBe(chosen);
    await field.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === path('admin.resource.show', { resource: 'individus', id: ids.second }),
    );
    // Closed as the record opens (once its closing transition ends).
    await dialog.waitFor({ state: 'detached' });

    // Escape closes it.
    await page.keyboard.press('Control+k');
    await field.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
