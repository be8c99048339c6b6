import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { useBrowserAndServer } from '../../support/browser';

// Issue 26: the tab an address names (spec 2.2: the active tab lives in its hash) is a French word,
// on the forms' pages as on the project's page; an address kept from before still opens its tab.
const started = useBrowserAndServer();

const hashOf = (page: Page) => new URL(page.url()).hash;

/** Clicks a tab and waits for the address to name it. */
async function clickTab(page: Page, name: string, hash: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => hashOf(page)).toBe(hash);
}

describe('tab hashes', () => {
  it('are French words on a tabbed form, which open their tab, as do the former English ones', async () => {
    const page = await started.openAsAdmin('/admin/utilisateurs/ajouter');
    await page.getByRole('tab', { name: 'Identité', selected: true }).waitFor();
    await clickTab(page, 'Accès', '#acces');
    await clickTab(page, 'Territoires', '#territoires');
    await clickTab(page, 'Tableau de bord', '#tableau-de-bord');
    await clickTab(page, 'Identité', '#identite');

    // The address opens its tab.
    await page.goto('/admin/utilisateurs/ajouter#tableau-de-bord');
    await page.getByRole('tab', { name: 'Tableau de bord', selected: true }).waitFor();
    await page.goto('/admin/etapes/ajouter#enchainement');
    await page.getByRole('tab', { name: 'Enchaînement', selected: true }).waitFor();
    // A link bookmarked before, with the English word, too.
    await page.goto('/admin/utilisateurs/ajouter#access');
    await page.getByRole('tab', { name: 'Accès', selected: true }).waitFor();
    // A hash naming no tab: the first tab.
    await page.goto('/admin/utilisateurs/ajouter#inconnu');
    await page.getByRole('tab', { name: 'Identité', selected: true }).waitFor();
  });

  it('are French words on the project page, which open their tab', async () => {
    const page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Fabre' }]);
    const projectPath = `/admin/projet/voir-ou-editer/${project!.id}`;
    await page.goto(projectPath);
    await page.getByRole('tab', { name: 'Aperçu', selected: true }).waitFor();
    await clickTab(page, 'Historique', '#historique');
    await clickTab(page, 'Partenaires', '#partenaires');
    await clickTab(page, 'Documents', '#documents');
    await clickTab(page, 'Mails programmés', '#mails-programmes');

    await page.goto(`${projectPath}#partenaires`);
    await page.getByRole('tab', { name: 'Partenaires', selected: true }).waitFor();
    await page.goto(`${projectPath}#references`);
    await page.getByRole('tab', { name: 'Références', selected: true }).waitFor();
  });
});
