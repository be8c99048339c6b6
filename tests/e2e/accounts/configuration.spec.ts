import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const settingsForm = (page: Page, title: string) => page.getByRole('form', { name: title });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'La configuration a bien été enregistrée.' });

/** What a visitor's login page offers, in a window of its own. */
async function loginPageOffersSignUp(): Promise<boolean> {
  const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
  const visitor = await context.newPage();
  await visitor.goto(path('admin.login'));
  await visitor.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
  // The sign-up link follows the registration state, asked once the page is up.
  await visitor.waitForLoadState('networkidle');
  const offered = (await visitor.getByRole('link', { name: 'Créer un compte' }).count()) === 1;
  await context.close();
  return offered;
}

describe('configuration screen', () => {
  it('is under "Autres" in the menu, the theme after it, and turns registration on and off', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const otherSection = navigation(page).getByText('Autres', { exact: true }).locator('xpath=..');
    await expect
      .poll(async () => (await otherSection.getByRole('link').allTextContents()).slice(-2))
      .toEqual(['Configuration', 'Thème']);
    // While its values are on their way, the screen says so in a way assistive technologies accept.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/configuration/**', async (route) => {
      await held;
      await route.continue();
    });
    await otherSection.getByRole('link', { name: 'Configuration' }).click();
    await page.getByRole('progressbar', { name: 'Chargement…' }).first().waitFor();
    await expectAccessible(page);
    // Let through: the held requests and those after them go on to the server.
    release();
    await page.getByRole('heading', { name: 'Configuration', level: 1 }).waitFor();
    await expect
      .poll(() => navigation(page).locator('[aria-current="page"]').allTextContents())
      .toEqual(['Configuration']);
    // Still hovered, the current entry keeps AA contrast.
    await expectAccessible(page);
    expect(await loginPageOffersSignUp()).toBe(false);

    const registration = settingsForm(page, 'Inscription');
    const enabled = registration.getByRole('switch', { name: "Activer l'inscription" });
    expect(await enabled.isChecked()).toBe(false);
    await enabled.check({ force: true });
    await registration.getByLabel("Objet de l'e-mail de bienvenue").fill('Bienvenue chez nous');
    await registration.getByRole('button', { name: 'Enregistrer' }).click();
    await saved(page).waitFor();
    expect(await loginPageOffersSignUp()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Configuration', level: 1 }).waitFor();
    expect(await enabled.isChecked()).toBe(true);
    expect(await registration.getByLabel("Objet de l'e-mail de bienvenue").inputValue()).toBe('Bienvenue chez nous');

    await enabled.uncheck({ force: true });
    await registration.getByRole('button', { name: 'Enregistrer' }).click();
    await saved(page).waitFor();
    expect(await loginPageOffersSignUp()).toBe(false);
  });

  it('refuses an invalid site for the dashboards’ iframes with a French error, and keeps a valid one', async () => {
    const page = await started.openAsAdmin(path('admin.configuration'));
    const dashboards = settingsForm(page, 'Tableaux de bord');
    const hosts = dashboards.getByLabel('Sites autorisés dans les iframes');
    await hosts.fill('pas un site');
    await hosts.press('Enter');
    await dashboards.getByRole('button', { name: 'Enregistrer' }).click();
    await dashboards.getByText('Saisissez un nom de site valide, par exemple www.exemple.fr.').waitFor();
    await dashboards
      .getByRole('alert')
      .filter({ hasText: 'Une erreur est survenue. Veuillez vérifier les informations saisies.' })
      .waitFor();
    expect(await saved(page).count()).toBe(0);
    await expectAccessible(page);

    await page.reload();
    await dashboards.getByRole('button', { name: 'Enregistrer' }).waitFor();
    expect(await dashboards.getByText('pas un site').count()).toBe(0);
    await hosts.fill('Tableaux.Exemple.fr');
    await hosts.press('Enter');
    await dashboards.getByRole('button', { name: 'Enregistrer' }).click();
    await saved(page).waitFor();
    await page.reload();
    // Stored as a host name: trimmed, lower case.
    await dashboards.getByText('tableaux.exemple.fr', { exact: true }).waitFor();
  });
});
