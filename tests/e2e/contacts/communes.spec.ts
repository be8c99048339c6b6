import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, shownValue, useBrowserAndServer } from '../../support/browser';

// The real communes, all 34 969 of them: the server loads them at its first start.
const started = useBrowserAndServer({ env: () => ({ LOAD_COMMUNES: 'true' }) });

/** A commune's id, from the suggestions its label is one of. */
async function communeId(page: Page, term: string, label: string): Promise<number> {
  const response = await page.request.get(path('api.resource.autocomplete', { resource: 'communes', term }));
  const found = ((await response.json()) as Suggestion[]).find((suggestion) => suggestion.label === label);
  if (!found) throw new Error(`no commune "${label}"`);
  return found.value;
}

/** The list's rows, by the link their title makes (the row's first). */
const rowTitles = (page: Page) =>
  page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent ?? ''));
const reunion = 'Saint-Denis (974 – 97400, 97417, 97490)';
const seineSaintDenis = 'Saint-Denis (93 – 93200, 93210, 93380)';

describe('communes', () => {
  it('filters the individuals by a commune found by typing among all of them, homonyms told apart', async () => {
    const page = await started.openAsAdmin(path('admin.resource.list', { resource: 'individus' }));
    const total = (await (
      await page.request.get(path('api.resource.collection', { resource: 'communes' }))
    ).json()) as {
      total: number;
    };
    expect(total.total).toBeGreaterThan(34_000);
    await createRecords(page, 'individus', [
      { lastName: 'Payet', firstName: 'Josiane', commune: await communeId(page, 'Saint-Denis', reunion) },
      { lastName: 'Benali', firstName: 'Karim', commune: await communeId(page, 'Saint-Denis', seineSaintDenis) },
    ]);
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(['Benali Karim', 'Payet Josiane']);

    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    // Not a list of the first hundred communes: a field to type in.
    const commune = page.getByRole('combobox', { name: 'Commune' });
    expect(await commune.evaluate((input) => input.tagName)).toBe('INPUT');
    await commune.fill('saint-denis');
    await page.getByRole('option', { name: seineSaintDenis }).waitFor();
    await page.getByRole('option', { name: reunion }).click();
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Payet Josiane']);
    await expectAccessible(page);

    // Kept in the URL: after a reload, the filter still names its commune.
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(['Payet Josiane']);
    expect(await page.getByRole('combobox', { name: 'Commune' }).inputValue()).toBe(reunion);
  });

  it("narrows an individual's commune to those of the postal code typed", async () => {
    const page = await started.openAsAdmin(path('admin.resource.create', { resource: 'individus' }));
    await page.getByLabel(/^Nom/).first().fill('Grondin');
    const postalCode = page.getByRole('textbox', { name: 'Code postal' });
    const commune = page.getByRole('combobox', { name: 'Commune' });

    // A code of one commune chooses it.
    await postalCode.fill('97417');
    await expect.poll(() => commune.inputValue()).toBe('Saint-Denis');
    await page.getByText('Communes du code postal 97417').waitFor();

    // Another code: the commune chosen stays, said not to have it, until another of the code's is chosen.
    await postalCode.fill('01400');
    await page
      .getByText('La commune choisie ne porte pas le code postal 01400 : choisissez-en une autre si besoin.')
      .waitFor();
    // Its full label (département and codes) comes with the new code's suggestions.
    await expect.poll(() => commune.inputValue()).toBe(reunion);
    await commune.click();
    const options = page.getByRole('option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual(expect.arrayContaining(["L'Abergement-Clémenciat", 'Châtillon-sur-Chalaronne', reunion]));
    expect(await options.count()).toBeLessThan(15);
    await page.getByRole('option', { name: 'Châtillon-sur-Chalaronne', exact: true }).click();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Grondin', level: 1 }).waitFor();
    expect(await shownValue(page, 'Commune').textContent()).toBe('Châtillon-sur-Chalaronne');
    expect(await shownValue(page, 'Code postal').textContent()).toBe('01400');
  });
});
