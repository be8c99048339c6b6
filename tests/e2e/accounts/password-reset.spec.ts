import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
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

let page: Page;
beforeEach(async () => {
  const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
  page = await context.newPage();
});

/** Switches registration through the configuration API, as an administrator. */
async function setRegistration(enabled: boolean): Promise<void> {
  const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
  const api: APIRequestContext = context.request;
  const session = (await (await api.post('/api/connexion', { data: adminCredentials })).json()) as SessionPayload;
  const headers = { 'x-csrf-token': session.csrfToken };
  const current = (await (await api.get('/api/configuration/inscription')).json()) as Record<string, unknown>;
  const response = await api.put('/api/configuration/inscription', { data: { ...current, enabled }, headers });
  expect(response.status()).toBe(200);
  await context.close();
}

async function fillRegistration(email: string, password: string, confirmation = password): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel(/^Nom\s*\*?$/).fill('Durand');
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByLabel(/^Confirmation du mot de passe/).fill(confirmation);
}

describe('registration', () => {
  it('is offered on the login page only while the configuration switch is on', async () => {
    const signUp = page.getByRole('link', { name: 'Créer un compte' });
    await page.goto('/admin/connexion');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    expect(await signUp.count()).toBe(0);

    await setRegistration(true);
    await page.reload();
    await signUp.click();
    await page.getByRole('heading', { name: 'Créer un compte', level: 1 }).waitFor();
    await expectAccessible(page);

    await fillRegistration('lea.durand@exemple.fr', 'azertyuiopqs');
    await page.getByText('Robustesse : faible').waitFor();
    await page.getByLabel(/^Mot de passe/).fill('Trois-chevaux-violets-dansent-1987');
    await page.getByText('Robustesse : excellent').waitFor();
    await page.getByLabel(/^Confirmation du mot de passe/).fill('Trois-chevaux-violets-dansent-1987');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Votre compte a été créé : vous pouvez vous connecter.').waitFor();
    const welcome = await smtp.nextMail('lea.durand@exemple.fr');
    expect(welcome.subject).toBe("Bienvenue sur Rénov'Conseil");

    await setRegistration(false);
    await page.goto('/admin/connexion');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    expect(await signUp.count()).toBe(0);
    const response = await page.goto('/admin/inscription');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page non trouvée' }).waitFor();
  });
});

describe('forgotten password', () => {
  it('goes from the login page to a new password through the mailed link, which works once', async () => {
    const email = 'sacha.petit@exemple.fr';
    await setRegistration(true);
    await page.goto('/admin/inscription');
    await fillRegistration(email, 'Un-ancien-mot-de-passe-2020');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Votre compte a été créé : vous pouvez vous connecter.').waitFor();
    await smtp.nextMail(email);

    await page.goto('/admin/connexion');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText("L'adresse e-mail est obligatoire").waitFor();
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByRole('heading', { name: 'Consultez vos e-mails', level: 1 }).waitFor();
    await page
      .getByText("Si l'adresse e-mail correspond à un compte, un lien de réinitialisation vient de lui être envoyé.")
      .waitFor();

    const mail = await smtp.nextMail(email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    const link = linkIn(mail);
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 }).waitFor();
    await page.getByLabel(/^Nouveau mot de passe/).fill('motdepasse12');
    await page.getByText('Robustesse : moyen').waitFor();
    await expectAccessible(page);
    await page.getByLabel(/^Nouveau mot de passe/).fill('Des-nuages-roses-sur-Lyon-42');
    await page.getByLabel(/^Confirmation du mot de passe/).fill('Des-nuages-roses-sur-Lyon-43');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Les deux mots de passe ne sont pas identiques.').waitFor();
    await page.getByLabel(/^Confirmation du mot de passe/).fill('Des-nuages-roses-sur-Lyon-42');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a été réinitialisé.').waitFor();

    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await logInThroughForm(page, { email, password: 'Des-nuages-roses-sur-Lyon-42' });
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();

    // The link served once.
    await page.goto(link.pathname);
    await page.getByText('Ce lien a expiré, veuillez recommencer la procédure.').waitFor();
    await page.getByRole('link', { name: 'Recommencer la procédure' }).waitFor();
  });
});

describe('password link sent from a user screen', () => {
  it('says a creation link is pending, then mails a reset link once the password is chosen', async () => {
    const email = 'nina.roux@exemple.fr';
    const admin = await started.openAsAdmin(path('admin.dashboard'));
    const [user] = await createRecords(admin, 'utilisateurs', [{ firstName: 'Nina', lastName: 'Roux', email }]);
    const creation = await smtp.nextMail(email);
    expect(creation.subject).toBe('Créez votre mot de passe');

    await admin.goto(path('admin.resource.show', { resource: 'utilisateurs', id: user!.id }));
    const sendLink = admin.getByRole('button', { name: 'Envoyer un lien de mot de passe' });
    await sendLink.click();
    await admin.getByRole('alert').filter({ hasText: 'Vous avez déjà une demande en cours.' }).waitFor();
    expect(smtp.received.filter(({ to }) => to === email)).toHaveLength(1);

    // The creation link's page speaks of a creation from its title to its confirmation, never of a reset.
    await page.goto(linkIn(creation).pathname);
    await page.getByRole('heading', { name: 'Créer votre mot de passe', level: 1 }).waitFor();
    await page.getByLabel(/^Mot de passe/).fill('Le-phare-de-Brest-veille-1871');
    await page.getByLabel(/^Confirmation du mot de passe/).fill('Le-phare-de-Brest-veille-1871');
    expect(await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Créer mon mot de passe' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Votre mot de passe a été créé : vous pouvez vous connecter.' })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Créer votre mot de passe', level: 1 }).count()).toBe(1);
    expect(await page.locator('body').textContent()).not.toMatch(/réinitialis/i);

    await sendLink.click();
    await admin.getByRole('status').filter({ hasText: "Un e-mail a été envoyé à l'utilisateur." }).waitFor();
    const reset = await smtp.nextMail(email);
    expect(reset.subject).toBe('Réinitialisation de votre mot de passe');
    await page.goto(linkIn(reset).pathname);
    await page.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 }).waitFor();
    await page.getByLabel(/^Nouveau mot de passe/).waitFor();
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).waitFor();
  });
});
