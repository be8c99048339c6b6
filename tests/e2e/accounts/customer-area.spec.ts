import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, logInThroughForm, useBrowserAndServer } from '../../support/browser';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { adminCredentials } from '../../support/test-app';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const started = useBrowserAndServer({ env: () => ({ SMTP_URL: smtp.url }) });

const customer = { email: 'ines.garnier@exemple.fr', password: 'Des-vignes-sous-la-neige-2026' };

let page: Page;
beforeEach(async () => {
  const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
  page = await context.newPage();
});

/**
 * As the administrator: an external user in the group "Clients Lyon", missions open to that group
 * or not, and the user's password chosen through the creation link the server mails.
 */
beforeAll(async () => {
  const admin = await started.openAsAdmin(path('admin.dashboard'));
  const [lyon, paris] = await createRecords(admin, 'groupes', [{ name: 'Clients Lyon' }, { name: 'Clients Paris' }]);
  await createRecords(admin, 'missions', [
    { name: 'Rénovation des copropriétés', acronym: 'RC', externalGroups: [lyon!.id] },
    { name: 'Accompagnement des artisans', externalGroups: [paris!.id, lyon!.id] },
    { name: 'Petit tertiaire privé', externalGroups: [paris!.id] },
    { name: 'Conseil aux particuliers' },
  ]);
  await createRecords(admin, 'utilisateurs', [
    { firstName: 'Inès', lastName: 'Garnier', email: customer.email, external: true, groupIds: [lyon!.id] },
  ]);
  await admin.context().close();
  const token = linkIn(await smtp.nextMail(customer.email))
    .pathname.split('/')
    .pop()!;
  const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
  const response = await context.request.post(path('api.password_reset.link', { token }), {
    data: { password: customer.password, passwordConfirm: customer.password },
  });
  expect(response.status()).toBe(204);
  await context.close();
});

const loginHeading = () => page.getByRole('heading', { name: "Connexion à l'espace client", level: 1 });

describe('customer area', () => {
  it('sends a visitor to its own login, then shows the missions of the user’s groups', async () => {
    await page.goto(path('client.home'));
    await page.waitForURL((url) => url.pathname === path('client.login'));
    await loginHeading().waitFor();
    await page.getByText('Vous devez être authentifié pour accéder à cette page.').waitFor();
    await expect.poll(() => page.title()).toBe("Connexion à l'espace client · Rénov'Conseil");
    await expectAccessible(page);
    // The customer area's login page offers no sign-up.
    expect(await page.getByRole('link', { name: 'Créer un compte' }).count()).toBe(0);

    await logInThroughForm(page, customer);
    await page.waitForURL((url) => url.pathname === path('client.home'));
    await page.getByRole('heading', { name: 'Bonjour Inès', exact: true, level: 1 }).waitFor();
    const missions = page.getByRole('list').getByRole('listitem');
    await expect
      .poll(() => missions.allTextContents())
      .toEqual(['Accompagnement des artisans', 'Rénovation des copropriétés (RC)']);
    await page.getByRole('heading', { name: 'Vos missions', level: 2 }).waitFor();
    await expectAccessible(page);

    // Its session is not the back office's.
    await page.goto(path('admin.dashboard'));
    await page.waitForURL((url) => url.pathname === path('admin.login'));
  });

  it('logs out to its login page, after which the area asks for a login again', async () => {
    await page.goto(path('client.login'));
    await logInThroughForm(page, customer);
    await page.getByRole('heading', { name: 'Bonjour Inès', exact: true, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === path('client.login'));
    await loginHeading().waitFor();

    await page.goto(path('client.home'));
    await page.waitForURL((url) => url.pathname === path('client.login'));
    await page.getByText('Vous devez être authentifié pour accéder à cette page.').waitFor();
  });

  it('refuses an internal user, and the back office refuses the external one', async () => {
    await page.goto(path('client.login'));
    await logInThroughForm(page, adminCredentials);
    await page.getByRole('alert').filter({ hasText: "Ce compte n'a pas accès à l'espace client." }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path('client.login'));

    await page.goto(path('admin.login'));
    await logInThroughForm(page, customer);
    await page.getByRole('alert').filter({ hasText: "Vous n'appartenez pas à la société." }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path('admin.login'));
  });
});
