import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, logInThroughForm, pauseClock, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();
let page: Page;

beforeEach(async () => {
  const context = await started.browser.newContext({
    baseURL: started.server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
});

describe('login page', () => {
  it('is in French, labelled and accessible', async () => {
    await page.goto('/admin/connexion');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.title()).toBe("Connexion · Rénov'Conseil");
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.getByLabel('Adresse e-mail').waitFor();
    await page.getByLabel(/^Mot de passe/).waitFor();
    await page.getByLabel('Se souvenir de moi').waitFor();
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    await expectAccessible(page);
  });

  it('shows the French error for wrong credentials', async () => {
    await page.goto('/admin/connexion');
    await logInThroughForm(page, { email: 'admin@exemple.fr', password: 'not the password' });
    await page.getByRole('alert').filter({ hasText: 'Identifiant ou mot de passe incorrect.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/connexion');
  });

  it('sends a visitor to login with a message, then back to the page asked for', async () => {
    await page.goto('/admin');
    await page.waitForURL('**/admin/connexion?redirect=%2Fadmin');
    await page.getByText('Vous devez être authentifié pour accéder à cette page.').waitFor();
    await logInThroughForm(page);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    await expectAccessible(page);
  });

  it('logs out through the confirm dialog, which closes 1.5 s after the click, then shows a toast', async () => {
    // The page's timers under Playwright's clock, paused below to tell when the dialog closes.
    await page.context().clock.install();
    await page.goto('/admin/connexion');
    await logInThroughForm(page);
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();

    let logoutCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/deconnexion')) logoutCalls += 1;
    });
    await page.getByRole('button', { name: /^Menu de / }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Déconnexion' });
    await dialog.getByText('Voulez-vous vraiment vous déconnecter ?').waitFor();

    // Cancelling does nothing.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(logoutCalls).toBe(0);

    await page.getByRole('button', { name: /^Menu de / }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    const confirm = dialog.getByRole('button', { name: 'Se déconnecter' });
    await confirm.waitFor();
    // From the click on, the page's time moves only as the test says.
    await pauseClock(page);
    await confirm.click();
    // A second click while the dialog is still up must not submit the form again.
    await confirm.click({ force: true, timeout: 500 }).catch(() => undefined);
    await page.waitForURL('**/admin/connexion');
    await page.clock.runFor(1400);
    expect(await dialog.isVisible()).toBe(true);
    // Closed at 1.5 s, then its closing transition.
    await page.clock.runFor(600);
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    await page.clock.resume();
    expect(logoutCalls).toBe(1);

    await page.getByRole('status').filter({ hasText: 'Vous avez été déconnecté.' }).waitFor();
    // The session is gone on the server too.
    expect((await page.request.get('/api/session')).status()).toBe(401);
  });

  it('keeps the session after a browser restart only with "Se souvenir de moi"', async () => {
    for (const remember of [false, true]) {
      const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
      const first = await context.newPage();
      await first.goto('/admin/connexion');
      await logInThroughForm(first, undefined, remember);
      await first.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      // A browser restart keeps persistent cookies only.
      const persistent = (await context.cookies()).filter((cookie) => cookie.expires > 0);
      await context.close();
      const restarted = await started.browser.newContext({ baseURL: started.server.baseUrl });
      await restarted.addCookies(persistent);
      const status = (await restarted.request.get('/api/session')).status();
      expect(status, `remember=${remember}`).toBe(remember ? 200 : 401);
      await restarted.close();
    }
  });
});
