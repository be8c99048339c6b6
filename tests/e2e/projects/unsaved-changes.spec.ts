import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { useBrowserAndServer } from '../../support/browser';
import { card, projectWithTickets } from '../../support/ticket-board-page';

// Spec 2.2: leaving a form with unsaved data asks for confirmation — a page's form left for another
// page, an in-page tab's form for another tab, a modal's form closed.
const started = useBrowserAndServer();

/** The dialog asking before unsaved data is lost, with the catalog's words. */
const guardDialog = (page: Page) => page.getByRole('dialog', { name: 'Modifications non enregistrées' });
const guardMessage = 'Vous avez des modifications non enregistrées. Voulez-vous vraiment quitter sans enregistrer ?';

/** The sidebar's entry "Tableau de bord": another page. */
const menuEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tableau de bord' });

describe('unsaved changes', () => {
  it('asks before the project page’s Références form is left for a menu entry, and before a characteristics form is left for another tab', async () => {
    const page = await started.openAsAdmin('/admin');
    const [mission] = await createRecords(page, 'missions', [{ name: 'Conseil aux particuliers' }]);
    const [type] = await createRecords(page, 'types-projet', [{ name: 'Isolation', missions: [mission!.id] }]);
    const [surface] = await createRecords(page, 'champs-de-formulaire', [
      { name: 'Surface habitable', type: 'number' },
    ]);
    await createRecords(page, 'formulaires', [
      { name: 'Logement', columns: 1, projectTypes: [type!.id], fields: [surface!.id] },
    ]);
    const [project] = await createRecords(page, 'projet', [
      { name: 'Maison Lemoine', missions: [{ mission: mission!.id, projectType: type!.id, officer: null }] },
    ]);
    const projectPath = `/admin/projet/voir-ou-editer/${project!.id}`;

    // Références: the title typed, then a menu entry clicked.
    await page.goto(`${projectPath}#references`);
    const title = page.getByRole('textbox', { name: /^Intitulé/ });
    await title.fill('Maison Lemoine, combles');
    await menuEntry(page).click();
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
    await guardDialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(projectPath);
    expect(await title.inputValue()).toBe('Maison Lemoine, combles');
    // Another tab of the page would lose it as well.
    await page.getByRole('tab', { name: 'Historique' }).click();
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).hash).toBe('#references');
    expect(await title.inputValue()).toBe('Maison Lemoine, combles');
    // Leaving once confirmed.
    await menuEntry(page).click();
    await guardDialog(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await page.waitForURL((current) => current.pathname === '/admin');

    // A characteristics form: a value typed, then another tab clicked.
    await page.goto(`${projectPath}#kanban-formulaires`);
    const form = page.getByRole('region', { name: 'Logement' });
    const surfaceInput = form.getByRole('textbox', { name: 'Surface habitable' });
    await surfaceInput.fill('85');
    await page.getByRole('tab', { name: 'Aperçu' }).click();
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
    await guardDialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('#kanban-formulaires');
    expect(await surfaceInput.inputValue()).toBe('85');
    // And a menu entry.
    await menuEntry(page).click();
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).pathname).toBe(projectPath);
    expect(await surfaceInput.inputValue()).toBe('85');
    // Once saved, nothing is asked.
    await form.getByRole('button', { name: 'Enregistrer « Logement »' }).click();
    await form.getByText('1 champ(s) renseigné(s) sur 1').waitFor();
    await page.getByRole('tab', { name: 'Aperçu' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#apercu');
    expect(await guardDialog(page).count()).toBe(0);

    // The documents' upload form: a title typed, not yet added, then another tab.
    await page.getByRole('tab', { name: 'Documents' }).click();
    const upload = page.getByRole('form', { name: 'Ajouter un document au projet' });
    await upload.getByRole('textbox', { name: /^Titre/ }).fill('Devis isolation');
    await page.getByRole('tab', { name: 'Aperçu' }).click();
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
    expect(await upload.getByRole('textbox', { name: /^Titre/ }).inputValue()).toBe('Devis isolation');
  });

  it('asks before the ticket modal closes on Escape, its close button or a click outside with a change typed, and not without', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTickets(page, 'Copropriété Les Érables', [{ name: 'Relevé des compteurs' }]);
    await page.goto(`/admin/tickets/kanban/${project}`);
    await card(page, 'Relevé des compteurs').click();
    const modal = page.getByRole('dialog', { name: 'Modifier le ticket' });
    const name = modal.getByRole('textbox', { name: /^Nom/ });
    await expect.poll(() => name.inputValue()).toBe('Relevé des compteurs');

    // Nothing typed: Escape closes it at once.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await guardDialog(page).count()).toBe(0);

    await card(page, 'Relevé des compteurs').click();
    await expect.poll(() => name.inputValue()).toBe('Relevé des compteurs');
    await name.fill('Relevé des compteurs d’eau');
    // Escape, each time.
    for (let time = 0; time < 2; time += 1) {
      await name.press('Escape');
      await guardDialog(page).getByText(guardMessage).waitFor();
      await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
      await guardDialog(page).waitFor({ state: 'detached' });
      expect(await name.inputValue()).toBe('Relevé des compteurs d’eau');
    }

    // The close button asks too.
    await modal.getByRole('button', { name: 'Fermer' }).first().click();
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
    await guardDialog(page).waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('Relevé des compteurs d’eau');
    // A click outside it (on its overlay, once the dialog's own has faded) asks too.
    await expect.poll(() => page.locator('.mantine-Modal-overlay').count()).toBe(1);
    await page.mouse.click(5, 450);
    await guardDialog(page).getByText(guardMessage).waitFor();
    await guardDialog(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    // Leaving closes the modal, the ticket unchanged.
    await modal.waitFor({ state: 'detached' });
    await card(page, 'Relevé des compteurs').waitFor();
    expect(await card(page, 'Relevé des compteurs d’eau').count()).toBe(0);
  });
});
