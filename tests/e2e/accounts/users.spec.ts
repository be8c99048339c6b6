import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, shownValue, useBrowserAndServer } from '../../support/browser';
import { adminCredentials } from '../../support/test-app';

// No SMTP_URL: every mail is only recorded, as on a machine without a mail server.
const started = useBrowserAndServer();

/** The values a multi-select shows, as pills under its label. */
const pills = (page: Page, label: string) =>
  page.locator(`div:has(> label:text-is("${label}"))`).locator('.mantine-Pill-label');

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the user form', () => {
  it('fills the missions followed from the service chosen (get-form-values-from-service), locked when the service says so', async () => {
    const page = await started.openAsAdmin(path('admin.resource.create', { resource: 'utilisateurs' }));
    const [renov, mobility] = await createRecords(page, 'service', [
      { name: 'France Rénov' },
      { name: 'Mobilités', disableLinkedFields: true },
    ]);
    await createRecords(page, 'missions', [
      { name: 'Conseil aux particuliers', service: renov!.id },
      { name: 'Accompagnement des copropriétés', service: renov!.id },
      { name: 'Plan vélo', service: mobility!.id },
    ]);
    await page.reload();
    await page.getByLabel(/^Nom/).first().fill('Leroy');
    await page.getByLabel(/^Prénom/).fill('Anne');
    await page.getByLabel(/^Adresse e-mail/).fill('anne.leroy@exemple.fr');
    await page.getByRole('tab', { name: 'Accès' }).click();

    const missions = pills(page, 'Missions suivies');
    await choose(page, page.getByRole('combobox', { name: 'Service' }), 'France Rénov');
    await expect
      .poll(() => missions.allTextContents())
      .toEqual(expect.arrayContaining(['Conseil aux particuliers', 'Accompagnement des copropriétés']));
    expect(await missions.count()).toBe(2);
    const lockedNote = page.getByText('Défini par le champ « Service »');
    expect(await lockedNote.count()).toBe(0);

    // Another service, which locks the fields it fills: its missions instead, not to be changed.
    await choose(page, page.getByRole('combobox', { name: 'Service' }), 'Mobilités');
    await expect.poll(() => missions.allTextContents()).toEqual(['Plan vélo']);
    await lockedNote.waitFor();
    expect(await page.getByLabel('Missions suivies', { exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Leroy Anne', level: 1 }).waitFor();
    expect(await shownValue(page, 'Missions suivies').textContent()).toBe('Plan vélo');
  });

  it("finds a user from the list's search despite a typo (find-approximately)", async () => {
    const page = await started.openAsAdmin(path('admin.resource.list', { resource: 'utilisateurs' }));
    await createRecords(page, 'utilisateurs', [
      { lastName: 'Dupont', firstName: 'Marie', email: 'marie.dupont@exemple.fr' },
      { lastName: 'Durand', firstName: 'Léa', email: 'lea.durand@exemple.fr' },
    ]);
    await page.reload();
    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    await page.getByRole('combobox', { name: 'Rechercher' }).fill('Dupnot');
    await page.getByRole('option', { name: 'Dupont Marie — marie.dupont@exemple.fr' }).click();
    await page.getByRole('heading', { name: 'Dupont Marie', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/utilisateurs\/voir\/\d+$/);
  });
});

describe('the email log', () => {
  it("shows administrators a reset link's mail, recorded without a mail server, and the link works", async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    // A forgotten password, asked from the public form by someone else.
    const visitor = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const form = await visitor.newPage();
    await form.goto(path('admin.forgot_password'));
    await form.getByLabel('Adresse e-mail').fill(adminCredentials.email);
    await form.getByRole('button', { name: 'Envoyer le lien' }).click();
    await form.getByRole('heading', { name: 'Consultez vos e-mails', level: 1 }).waitFor();

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Journal des e-mails' })
      .click();
    await page.getByRole('heading', { name: 'Journal des e-mails', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Réinitialisation de votre mot de passe' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText(adminCredentials.email).waitFor();
    await row.getByText('Enregistré sans envoi').waitFor();
    // Read-only: nothing to add, edit or delete.
    expect(await page.getByRole('link', { name: 'Ajouter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);
    await expectAccessible(page);

    await row.getByRole('link', { name: 'Réinitialisation de votre mot de passe', exact: true }).click();
    await page.getByRole('heading', { name: 'Réinitialisation de votre mot de passe', level: 1 }).waitFor();
    expect(await shownValue(page, 'Destinataires').textContent()).toBe(adminCredentials.email);
    expect(await shownValue(page, 'Expéditeur').textContent()).toMatch(/^no-reply@/);
    expect(await shownValue(page, 'État').textContent()).toBe('Enregistré sans envoi');
    expect(await shownValue(page, 'Date').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const content = (await shownValue(page, 'Contenu').textContent()) ?? '';
    const link = /https?:\/\/\S+\/admin\/reinitialisation\/\S+/.exec(content)?.[0];
    expect(link).toBeDefined();
    await expectAccessible(page);

    await form.goto(new URL(link!).pathname);
    await form.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 }).waitFor();
    await visitor.close();
  });
});
