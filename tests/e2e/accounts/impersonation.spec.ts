import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

// Every test shares one server and database: emails are unique across the file.
const started = useBrowserAndServer();

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const menuLabels = (page: Page) => navigation(page).getByRole('link').allTextContents();
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Vous êtes connecté en tant que' });
const impersonateButton = (page: Page) => page.getByRole('button', { name: 'Se connecter en tant que' });

/** A user whose one access profile lets them consult the useful links and nothing else. */
async function createUser(page: Page, user: Record<string, unknown>): Promise<number> {
  const [profile] = await createRecords(page, 'groupes', [
    { name: `Profil de ${String(user.email)}`, permissions: ['liens-utiles.consult'] },
  ]);
  const [service] = await createRecords(page, 'service', [{ name: `Service de ${String(user.email)}` }]);
  const [created] = await createRecords(page, 'utilisateurs', [
    { groupIds: [profile!.id], serviceId: service!.id, ...user },
  ]);
  return created!.id;
}

describe('log in as another user', () => {
  it('shows the banner and only what the user may see, leads back, and is in the login history', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const id = await createUser(page, { firstName: 'Lucie', lastName: 'Moreau', email: 'lucie.moreau@exemple.fr' });
    await page.goto(path('admin.resource.show', { resource: 'utilisateurs', id }));
    await page.getByRole('heading', { name: 'Moreau', level: 1 }).waitFor();
    expect(await banner(page).count()).toBe(0);

    await impersonateButton(page).click();
    await banner(page)
      .getByText('Vous êtes connecté en tant que Moreau Lucie (session ouverte par Principal Administrateur).')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(path('admin.dashboard'));
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    // Her profile opens the useful links; everybody has their own notifications.
    expect(await menuLabels(page)).toEqual(['Tableau de bord', 'Notifications', 'Liens utiles']);
    await page.getByRole('button', { name: 'Menu de Moreau Lucie' }).waitFor();
    await expectAccessible(page);
    // The server holds the user's rights, not the administrator's.
    expect((await page.request.get(path('api.resource.collection', { resource: 'liens-utiles' }))).status()).toBe(200);
    expect((await page.request.get(path('api.resource.collection', { resource: 'utilisateurs' }))).status()).toBe(403);
    // The banner stays on every screen of the session.
    await navigation(page).getByRole('link', { name: 'Liens utiles' }).click();
    await page.getByRole('heading', { name: 'Liens utiles', level: 1 }).waitFor();
    await banner(page).waitFor();

    await banner(page).getByRole('button', { name: 'Revenir à mon compte' }).click();
    await page.waitForURL((url) => url.pathname === path('admin.dashboard'));
    await page.getByRole('button', { name: 'Menu de Principal Administrateur' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Utilisateurs', 'Configuration']));
    expect((await page.request.get(path('api.resource.collection', { resource: 'utilisateurs' }))).status()).toBe(200);

    await navigation(page).getByRole('link', { name: 'Historique des connexions' }).click();
    await page.getByRole('heading', { name: 'Historique des connexions', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Connexion en tant que' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('lucie.moreau@exemple.fr').waitFor();
    await row.getByText('Réussie').waitFor();
    await row.getByText(/Principal/).waitFor();
  });

  it('refuses an external user, who belongs to the customer area, with the French reason', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const id = await createUser(page, {
      firstName: 'Paul',
      lastName: 'Girard',
      email: 'paul.girard@exemple.fr',
      external: true,
    });
    await page.goto(path('admin.resource.show', { resource: 'utilisateurs', id }));
    await impersonateButton(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Un utilisateur externe se connecte à l'espace client, pas au back-office." })
      .waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(path('admin.resource.show', { resource: 'utilisateurs', id }));
  });
});
