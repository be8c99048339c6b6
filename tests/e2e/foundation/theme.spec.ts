import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

const computed = (locator: Locator, property: 'backgroundColor' | 'color') =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property);

async function setColour(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Escape');
}

describe('the theme editor', () => {
  it('saves a theme that the login page and its primary button then show, and warns of a poor contrast', async () => {
    const page = await started.openAsAdmin('/admin/configuration/theme');
    await page.getByRole('heading', { name: 'Thème', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Boutons et badges', level: 2 }).waitFor();

    // A grey text on the white page: 4.48:1, under the 4.5:1 RGAA asks.
    expect(await page.locator('[data-contrast-warning]').count()).toBe(0);
    await setColour(page, 'Couleur du texte des pages', '#777777');
    const warning = page.locator('[data-contrast-warning]');
    await warning.waitFor();
    expect(await warning.textContent()).toBe(
      'Contraste insuffisant : « Couleur du texte des pages » sur « Couleur de fond des pages » (4,47:1, il faut au moins 4,5:1 selon le RGAA).',
    );
    await setColour(page, 'Couleur du texte des pages', '#222222');
    await expect.poll(() => warning.count()).toBe(0);

    await setColour(page, 'Principal : fond', '#5f3dc4');
    await setColour(page, 'Couleur de fond du cadre de connexion', '#fff3bf');
    // The preview follows the form before any save.
    expect(await computed(page.locator('[data-preview="login-box"]'), 'backgroundColor')).toBe('rgb(255, 243, 191)');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer le thème' }).last().click();
    await toast(page, 'Le thème a bien été enregistré.').waitFor();

    // A visitor's first paint already has the theme: the login box and the primary button.
    const visitor = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const login = await visitor.newPage();
    await login.goto('/admin/connexion');
    const submit = login.getByRole('button', { name: 'Se connecter' });
    await submit.waitFor();
    expect(await computed(login.locator('main'), 'backgroundColor')).toBe('rgb(255, 243, 191)');
    expect(await computed(submit, 'backgroundColor')).toBe('rgb(95, 61, 196)');
    expect(await computed(login.locator('body'), 'color')).toBe('rgb(34, 34, 34)');
    await visitor.close();
  });
});
