import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { boxOf, errorToast, listRow, overlap, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** The buttons and links of the screen's header: its title's actions. */
const headerActions = (page: Page) =>
  page.locator('[data-screen-header]').locator('a, button').filter({ visible: true });

describe('screen layout', () => {
  for (const width of [900, 1400]) {
    it(`shows a toast below the record's actions at ${width} px, leaving them clickable`, async () => {
      const page = await started.openAsAdmin('/admin');
      await page.setViewportSize({ width, height: 800 });
      const [structure] = await createRecords(page, 'structures', [{ name: `Atelier bois ${width}` }]);
      await page.goto(`/admin/structures/voir/${structure!.id}`);
      await page.getByRole('heading', { name: `Atelier bois ${width}`, level: 1 }).waitFor();

      await page.getByRole('button', { name: 'Importer les qualifications RGE' }).click();
      const shown = errorToast(page, "La structure n'a pas de SIRET");
      await shown.waitFor();
      // Measured where it stands, once its 300 ms entrance (fading in from the side) has ended.
      await expect.poll(() => shown.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      const toastBox = await boxOf(shown);
      const actions = await headerActions(page).all();
      expect(actions.length).toBeGreaterThanOrEqual(5);
      for (const action of actions) {
        const name = (await action.getAttribute('aria-label')) ?? (await action.textContent());
        expect(overlap(toastBox, await boxOf(action)), `the toast covers « ${name} »`).toBe(false);
      }
      // At the right, bottom: its right edge 16 px from the window's.
      expect(Math.round(toastBox.x + toastBox.width)).toBe(width - 16);

      // The action right under the toast's column is clicked while the toast is still there.
      await page.getByRole('link', { name: 'Voir sur la carte' }).click({ timeout: 2000 });
      await page.waitForURL(`**/admin/structures/google-map/${structure!.id}`);
    });
  }

  it('fits a list in the window at 900 and 1366 px, every row keeping its actions in view, and in cards on a phone', async () => {
    const page = await started.openAsAdmin('/admin');
    await createRecords(page, 'individus', [
      {
        civility: 'monsieur',
        lastName: 'Martin',
        firstName: 'Julien',
        email: 'julien.martin-des-longues-adresses@exemple-de-domaine-long.fr',
        landline: '01 23 45 67 89',
        mobile: '06 12 34 56 78',
        postalCode: '69001',
      },
      {
        civility: 'madame',
        lastName: 'Bernard-Lefebvre de la Roche',
        firstName: 'Anne-Charlotte',
        email: 'anne-charlotte.bernard-lefebvre@exemple.fr',
        landline: '04 78 00 00 00',
        mobile: '07 00 00 00 00',
        postalCode: '69002',
      },
    ]);
    for (const width of [900, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/individus');
      await listRow(page, 'Martin Julien').waitFor();
      // The page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const title of ['Martin Julien', 'Bernard-Lefebvre de la Roche Anne-Charlotte']) {
        for (const action of ['Voir', 'Modifier', 'Supprimer', "Plus d'actions pour"]) {
          const button = page.getByRole(action === 'Voir' || action === 'Modifier' ? 'link' : 'button', {
            name: `${action} « ${title} »`,
            exact: true,
          });
          const box = await boxOf(button);
          expect(box.x, `${action} « ${title} » at ${width} px`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${action} « ${title} » at ${width} px`).toBeLessThanOrEqual(width);
        }
      }
      // The delete button is clicked where it stands: its dialog names the whole record.
      await page.getByRole('button', { name: 'Supprimer « Martin Julien »', exact: true }).click();
      await page.getByRole('dialog').getByText('Voulez-vous vraiment supprimer « Martin Julien » ?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    }
    // The title has room: a long name on two lines at most, not one word a line.
    const title = listRow(page, 'Bernard-Lefebvre de la Roche Anne-Charlotte').getByRole('link', {
      name: 'Bernard-Lefebvre de la Roche Anne-Charlotte',
      exact: true,
    });
    const lineHeight = await title.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await boxOf(title)).height).toBeLessThanOrEqual(2 * lineHeight + 1);
    // The rarer actions wait in the row's menu.
    await page.getByRole('button', { name: "Plus d'actions pour « Martin Julien »", exact: true }).click();
    await page.getByRole('menuitem', { name: 'Aperçu de « Martin Julien »' }).waitFor();
    await page.getByRole('menuitem', { name: 'Dupliquer « Martin Julien »' }).click();
    await page.getByRole('heading', { name: 'Dupliquer : Martin Julien' }).waitFor();

    // On a phone: a card a record, nothing wider than the screen, every action in reach.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin/individus');
    const card = page.getByRole('listitem', { name: 'Martin Julien', exact: true });
    await card.getByRole('link', { name: 'Martin Julien', exact: true }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await card.getByText('martin-des-longues-adresses', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const action of ['Voir', 'Modifier', 'Supprimer', "Plus d'actions pour"]) {
      const box = await boxOf(
        card.getByRole(action === 'Voir' || action === 'Modifier' ? 'link' : 'button', {
          name: `${action} « Martin Julien »`,
          exact: true,
        }),
      );
      expect(box.x + box.width, action).toBeLessThanOrEqual(390);
    }
  });

  it("names an individual's whole title in the list's actions, as the page does", async () => {
    const page = await started.openAsAdmin('/admin');
    await createRecords(page, 'individus', [{ lastName: 'Lefèvre', firstName: 'Paul' }]);
    await page.goto('/admin/individus');
    const row = listRow(page, 'Lefèvre Paul');
    await row.getByRole('link', { name: 'Voir « Lefèvre Paul »', exact: true }).click();
    await page.getByRole('heading', { name: 'Lefèvre Paul', level: 1 }).waitFor();
  });
});
