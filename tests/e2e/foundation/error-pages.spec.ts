import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';
import { adminCredentials } from '../../support/test-app';

// Every test shares one server and database: emails are unique across the file.
const started = useBrowserAndServer();

/**
 * "At once" means no retry before the refusal shows: each address the server refused was asked once
 * (a retried query would ask it four times, over seven seconds). The timeout itself only allows for a
 * slow machine; a wall-clock bound here failed on a CI machine slower than this one.
 */
const SHOWN = { timeout: 10_000 };

/** Counts the API requests the server refused (403, 404) since the last `clear()`, by address. */
function refusedRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('response', (response) => {
    if (![403, 404].includes(response.status()) || !new URL(response.url()).pathname.startsWith('/api/')) return;
    const key = `${response.request().method()} ${response.url()}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

/** Waits for the refusal's heading, then checks no refused request was retried on the way. */
async function expectShownAtOnce(page: Page, refused: Map<string, number>, name: string): Promise<void> {
  await heading(page, name).waitFor(SHOWN);
  expect(
    [...refused].filter(([, count]) => count > 1),
    page.url(),
  ).toEqual([]);
  refused.clear();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const refusedText = "Vous n'êtes pas autorisé à accéder à cette page. Contactez l'administrateur.";

describe('the 403 page', () => {
  it('shows "Accès protégé" at once on every page the user may not open, and no form', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const [link] = await createRecords(page, 'liens-utiles', [{ name: 'ADEME', url: 'https://www.ademe.fr/' }]);
    const reader = await createUserWithProfile(page, {
      email: 'lecture@exemple.fr',
      permissions: ['liens-utiles.consult'],
    });
    await logInAs(page, reader);
    const refused = refusedRequests(page);

    for (const url of [
      path('admin.resource.list', { resource: 'utilisateurs' }),
      path('admin.resource.show', { resource: 'utilisateurs', id: reader }),
      path('admin.resource.create', { resource: 'liens-utiles' }),
      path('admin.resource.edit', { resource: 'liens-utiles', id: link!.id }),
      path('admin.resource.clone', { resource: 'liens-utiles', id: link!.id }),
      path('admin.configuration'),
      path('admin.import_assistant'),
      path('admin.duplicates'),
    ]) {
      await page.goto(url);
      await expectShownAtOnce(page, refused, 'Accès protégé');
      await page.getByText(refusedText).waitFor();
      expect(await page.getByRole('textbox').count(), url).toBe(0);
      // One main landmark: the refusal is a region of the back office's main, not a second main.
      expect(await page.getByRole('main').count(), url).toBe(1);
      expect(await page.getByRole('button', { name: 'Enregistrer' }).count(), url).toBe(0);
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await heading(page, 'Tableau de bord').waitFor();

    // What the user may do still opens.
    await page.goto(path('admin.resource.show', { resource: 'liens-utiles', id: link!.id }));
    await heading(page, 'ADEME').waitFor();
  });

  it('says why a user without a service may not open a create form, in the spec words', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const id = await createUserWithProfile(page, {
      email: 'sans.service@exemple.fr',
      permissions: ['liens-utiles.consult', 'liens-utiles.add'],
      withService: false,
    });
    await logInAs(page, id);
    const refused = refusedRequests(page);
    await page.goto(path('admin.resource.create', { resource: 'liens-utiles' }));
    await expectShownAtOnce(page, refused, 'Accès protégé');
    await page.getByText('Vous ne possédez pas les droits pour créer cette ressource').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
  });

  it('shows the server refusal at once when the rights changed under an open page', async () => {
    const admin = await started.openAsAdmin(path('admin.dashboard'));
    const [profile] = await createRecords(admin, 'groupes', [
      { name: 'Consultation des liens', permissions: ['liens-utiles.consult'] },
    ]);
    const [service] = await createRecords(admin, 'service', [{ name: 'Service des liens' }]);
    const [user] = await createRecords(admin, 'utilisateurs', [
      {
        email: 'revoque@exemple.fr',
        firstName: 'Rémi',
        lastName: 'Voqué',
        groupIds: [profile!.id],
        serviceId: service!.id,
      },
    ]);

    // The user's page in a second window, opened before the profile loses its permission.
    const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const page = await context.newPage();
    const refused = refusedRequests(page);
    expect((await page.request.post(path('api.login'), { data: adminCredentials })).status()).toBe(200);
    await logInAs(page, user!.id);
    await page.goto(path('admin.dashboard'));
    const menuLink = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', {
      name: 'Liens utiles',
    });
    await menuLink.waitFor();

    const session = (await (await admin.request.get(path('api.session'))).json()) as { csrfToken: string };
    const revoked = await admin.request.put(path('api.resource.item', { resource: 'groupes', id: profile!.id }), {
      data: { name: 'Consultation des liens', permissions: [] },
      headers: { 'x-csrf-token': session.csrfToken },
    });
    expect(revoked.status()).toBe(200);

    await menuLink.click();
    await expectShownAtOnce(page, refused, 'Accès protégé');
    await context.close();
  });

  it('refuses the edit form of an account the user may not change, and disables its row', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const manager = await createUserWithProfile(page, {
      email: 'gestion.comptes@exemple.fr',
      permissions: ['utilisateurs.consult', 'utilisateurs.modify', 'utilisateurs.delete'],
    });
    const [colleague] = await createRecords(page, 'utilisateurs', [
      { email: 'julien.martin@exemple.fr', firstName: 'Julien', lastName: 'Martin' },
    ]);
    const adminId = ((await (await page.request.get(path('api.session'))).json()) as { user: { id: number } }).user.id;
    await logInAs(page, manager);
    const refused = refusedRequests(page);

    await page.goto(path('admin.resource.edit', { resource: 'utilisateurs', id: adminId }));
    await expectShownAtOnce(page, refused, 'Accès protégé');
    expect(await page.getByRole('textbox').count()).toBe(0);

    // On the list, the administrator's row is disabled, without edit or delete; select-all skips it.
    await page.goto(path('admin.resource.list', { resource: 'utilisateurs' }));
    const adminBox = page.getByRole('checkbox', { name: 'Sélectionner Principal Administrateur' });
    const colleagueBox = page.getByRole('checkbox', { name: 'Sélectionner Martin Julien' });
    await colleagueBox.waitFor();
    expect(await adminBox.isDisabled()).toBe(true);
    expect(await colleagueBox.isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Supprimer « Principal Administrateur »' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Modifier « Principal Administrateur »' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Modifier « Martin Julien »' }).waitFor();
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    expect(await adminBox.isChecked()).toBe(false);
    expect(await colleagueBox.isChecked()).toBe(true);
    await page.getByText(/^\d+ éléments? sélectionnés?$/).waitFor();

    // Its page offers neither edit nor delete.
    await page.goto(path('admin.resource.show', { resource: 'utilisateurs', id: adminId }));
    await page.getByRole('link', { name: 'Retour à la liste' }).waitFor();
    expect(await page.getByRole('link', { name: 'Modifier', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Supprimer', exact: true }).count()).toBe(0);
    await page.goto(path('admin.resource.show', { resource: 'utilisateurs', id: colleague!.id }));
    await page.getByRole('link', { name: 'Modifier', exact: true }).waitFor();
  });
});

describe('the 404 page', () => {
  it('shows a missing record at once', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const refused = refusedRequests(page);
    for (const url of [
      path('admin.resource.show', { resource: 'liens-utiles', id: 999999 }),
      path('admin.resource.edit', { resource: 'liens-utiles', id: 999999 }),
    ]) {
      await page.goto(url);
      await expectShownAtOnce(page, refused, 'Page non trouvée');
      expect(await page.getByRole('main').count(), url).toBe(1);
    }
    // An unknown address is shown outside the back office's layout: the page is the main region itself.
    await page.goto('/admin/adresse-inconnue');
    await heading(page, 'Page non trouvée').waitFor(SHOWN);
    expect(await page.getByRole('main').count()).toBe(1);
  });
});
