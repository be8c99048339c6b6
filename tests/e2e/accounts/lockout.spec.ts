import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { expectAccessible, logInThroughForm, settled, useBrowserAndServer } from '../../support/browser';
import { adminCredentials } from '../../support/test-app';

const started = useBrowserAndServer();
let page: Page;

beforeEach(async () => {
  const context = await started.browser.newContext({
    baseURL: started.server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
});

/** Submits the login form and waits for the server's answer. */
async function submitLogin(credentials: { email: string; password: string }): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith(path('api.login'))),
    logInThroughForm(page, credentials),
  ]);
  return response.status();
}

const rows = () => page.locator('tbody tr');

// Before the lockout test, which blocks the administrator for 15 minutes.
describe('login history', () => {
  it('lists every attempt under "Journaux", filtered by state and day, and offers no way to write', async () => {
    await page.goto(path('admin.login'));
    expect(await submitLogin({ email: 'intrus@exemple.fr', password: 'devine' })).toBe(401);
    expect(await submitLogin(adminCredentials)).toBe(200);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Historique des connexions' })
      .click();
    await page.getByRole('heading', { name: 'Historique des connexions', level: 1 }).waitFor();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Ajouter' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Modifier/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);

    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    // Chosen once the panel has opened, and checked before it is sent.
    const filters = page.getByRole('search', { name: 'Filtres de recherche' });
    await filters.waitFor();
    await settled(page);
    const state = filters.getByLabel('État');
    await state.selectOption({ label: 'Échouée' });
    const today = new Date();
    const day = [today.getDate(), today.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('/');
    await filters.getByRole('textbox', { name: 'Date' }).fill(`${day}/${today.getFullYear()}`);
    await expect.poll(() => state.inputValue()).toBe('failure');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('failure');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().getByText('intrus@exemple.fr').waitFor();
    await rows().getByText('Ordinateur').waitFor();
    await expectAccessible(page);
  });
});

describe('login lockout', () => {
  it('shows "Accès temporairement bloqué" after five wrong passwords, even for the right one', async () => {
    await page.goto(path('admin.login'));
    for (let failure = 1; failure <= 5; failure += 1) {
      expect(await submitLogin({ email: adminCredentials.email, password: `pas le bon ${failure}` })).toBe(401);
      await page.getByRole('alert').filter({ hasText: 'Identifiant ou mot de passe incorrect.' }).waitFor();
    }
    expect(await submitLogin(adminCredentials)).toBe(429);
    await page.getByRole('heading', { name: 'Accès temporairement bloqué', level: 1 }).waitFor();
    await page.getByText("Trop d'erreurs d'authentification : l'accès est bloqué pendant 15 minutes.").waitFor();
    await expect.poll(() => page.title()).toBe("Accès temporairement bloqué · Rénov'Conseil");
    expect(new URL(page.url()).pathname).toBe(path('admin.login'));
    await expectAccessible(page);
    // A logged-out person is led back to the login page, not to a dashboard they cannot open.
    expect(await page.getByRole('link', { name: 'Retour au tableau de bord' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Retour à la page de connexion' }).click();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path('admin.login'));
  });
});
