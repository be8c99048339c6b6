import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, shownValue, useBrowserAndServer } from '../../support/browser';

// Spec 5: text fields with a maximum length truncate at the limit, a line break counting as one more
// character, and show the remaining count; a month-year is typed through the 99/9999 mask.
const started = useBrowserAndServer();
let page: Page;

/** The text a field's aria-describedby points at: its counter, or its error, as a screen reader reads it. */
const description = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** Pastes text into a field through the clipboard, as Ctrl+V does. */
async function paste(field: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('Control+V');
}

describe('a text with a maximum length', () => {
  it('cuts a paste longer than the limit at the limit, a line break counting twice, and the counter says 0', async () => {
    page = await started.openAsAdmin('/admin/etapes/ajouter');
    const field = page.getByRole('textbox', { name: 'Description' });
    expect(await description(field)).toBe('2000 caractères restants');

    // 10 letters, a line break (2 characters), then more than the 2 000 allowed.
    await paste(field, `${'A'.repeat(10)}\n${'B'.repeat(2500)}`);
    await expect.poll(() => field.inputValue()).toBe(`${'A'.repeat(10)}\n${'B'.repeat(1988)}`);
    expect(await description(field)).toBe('0 caractère restant');

    // Full: another key adds nothing.
    await page.keyboard.type('C');
    expect(await field.inputValue()).toBe(`${'A'.repeat(10)}\n${'B'.repeat(1988)}`);

    // A paste that fits is kept whole, after what is there.
    await field.fill('Étape de départ. ');
    await paste(field, 'Visite à domicile');
    await expect.poll(() => field.inputValue()).toBe('Étape de départ. Visite à domicile');
    expect(await description(field)).toBe('1966 caractères restants');

    // Pasted in the middle: the paste is cut, the text after it kept.
    await field.fill('Début. Fin.');
    await page.keyboard.press('Home');
    for (let step = 0; step < 'Début. '.length; step++) await page.keyboard.press('ArrowRight');
    await paste(field, 'B'.repeat(2100));
    await expect.poll(() => field.inputValue()).toBe(`Début. ${'B'.repeat(1989)}Fin.`);
    expect(await description(field)).toBe('0 caractère restant');
  });
});

describe('a month-year', () => {
  it('is typed through the 99/9999 mask, an invalid month refused in French, and read as mm/aaaa', async () => {
    page = await started.openAsAdmin('/admin/champs-de-formulaire/ajouter');
    await page.getByRole('textbox', { name: /^Nom/ }).fill('Mois de fin des travaux');
    await page.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Mois et année (mm/aaaa)', exact: true }).click();
    await page.getByRole('tab', { name: 'Mois et année' }).click();

    const first = page.getByRole('textbox', { name: 'Premier mois accepté' });
    const last = page.getByRole('textbox', { name: 'Dernier mois accepté' });
    expect(await first.getAttribute('placeholder')).toBe('mm/aaaa');
    await first.pressSequentially('032026');
    expect(await first.inputValue()).toBe('03/2026');
    // Letters and extra digits are not taken.
    await last.pressSequentially('1a3/20271');
    expect(await last.inputValue()).toBe('13/2027');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const error = 'Saisissez un mois et une année au format mm/aaaa, le mois entre 01 et 12.';
    await page.getByText(error).waitFor();
    expect(await last.getAttribute('aria-invalid')).toBe('true');
    expect(await description(last)).toBe(error);
    await page.getByRole('tab', { name: 'Mois et année (contient une erreur)' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/champs-de-formulaire/ajouter');

    await last.fill('');
    await last.pressSequentially('122027');
    expect(await last.inputValue()).toBe('12/2027');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Mois de fin des travaux', level: 1 }).waitFor();
    expect(await shownValue(page, 'Premier mois accepté').textContent()).toBe('03/2026');
    expect(await shownValue(page, 'Dernier mois accepté').textContent()).toBe('12/2027');
  });
});
