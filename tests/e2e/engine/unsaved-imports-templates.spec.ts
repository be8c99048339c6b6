import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { useBrowserAndServer } from '../../support/browser';

// Spec 2.2 (issue 26): the task-template modal, the import modal and the import assistant's mapping
// ask before what was chosen or typed in them is lost — Escape, the close button, Annuler, another
// step, another page — as every other form does.
const started = useBrowserAndServer();

/** The dialog asking before unsaved data is lost, with the catalog's words. */
const guardDialog = (page: Page) => page.getByRole('dialog', { name: 'Modifications non enregistrées' });
const guardMessage = 'Vous avez des modifications non enregistrées. Voulez-vous vraiment quitter sans enregistrer ?';

/** The guard is shown; "Rester" keeps the form as it was. */
async function stay(page: Page): Promise<void> {
  await guardDialog(page).getByText(guardMessage).waitFor();
  await guardDialog(page).getByRole('button', { name: 'Rester' }).click();
  await guardDialog(page).waitFor({ state: 'detached' });
}

/** The guard is shown; "Quitter sans enregistrer" leaves. */
async function leave(page: Page): Promise<void> {
  await guardDialog(page).getByText(guardMessage).waitFor();
  await guardDialog(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
}

/** Chooses a file through the file chooser the input opens, as a user would. */
async function chooseFile(page: Page, input: Locator, name: string, content: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await input.click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

describe('unsaved choices in the task-template and import screens', () => {
  it('asks before the task-template modal closes with a template chosen: Escape, close button, Annuler', async () => {
    const page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Perrin' }]);
    await createRecords(page, 'template-tache', [
      { name: 'Rénovation', tasks: [{ taskName: 'Visite initiale', dueIn: 1, dueUnit: 'weeks' }] },
    ]);
    await page.goto(`/admin/projet/voir-ou-editer/${project!.id}#gantt`);
    const open = page.getByRole('button', { name: 'Appliquer un modèle de tâches' });
    const dialog = page.getByRole('dialog', { name: 'Appliquer un modèle de tâches' });
    const template = dialog.getByRole('combobox', { name: 'Modèle de tâches' });

    // Nothing chosen: Escape closes it at once.
    await open.click();
    await template.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await guardDialog(page).count()).toBe(0);

    await open.click();
    await template.click();
    await page.getByRole('option', { name: 'Rénovation' }).click();
    await dialog
      .getByText("Ce modèle crée 1 ticket dans le projet, à échéance comptée à partir d'aujourd'hui.")
      .waitFor();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // Escape, the close button and Annuler each ask; staying keeps the template chosen.
    await dialog.getByRole('heading', { name: 'Appliquer un modèle de tâches' }).press('Escape');
    await stay(page);
    expect(await template.inputValue()).toBe('Rénovation');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await stay(page);
    expect(await template.inputValue()).toBe('Rénovation');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await stay(page);
    expect(await template.inputValue()).toBe('Rénovation');
    // Leaving closes it, nothing applied.
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await leave(page);
    await dialog.waitFor({ state: 'detached' });
    const created = await page.request.get(
      path('api.resource.children', { resource: 'projet', id: project!.id, child: 'tickets' }),
    );
    expect(((await created.json()) as { total: number }).total).toBe(0);
  });

  it('asks before the import modal closes with a file chosen: Escape, close button, Annuler', async () => {
    const page = await started.openAsAdmin('/admin/liens-utiles');
    const open = page.getByRole('button', { name: 'Importer' });
    const dialog = page.getByRole('dialog', { name: 'Importer : Liens utiles' });

    // No file chosen: Annuler closes it at once.
    await open.click();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await guardDialog(page).count()).toBe(0);

    await open.click();
    await chooseFile(
      page,
      dialog.getByRole('button', { name: /^Fichier CSV ou Excel/ }),
      'liens.csv',
      'Adresse;Nom\nhttps://anah.gouv.fr;Anah\n',
    );
    await dialog.getByText('1 ligne à importer').waitFor();
    const address = dialog.getByLabel('Adresse (URL)');
    await address.selectOption({ label: 'Adresse' });
    await address.press('Escape');
    await stay(page);
    expect(await address.inputValue()).toBe('0');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await stay(page);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await stay(page);
    expect(await address.inputValue()).toBe('0');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await leave(page);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Aucun élément ne correspond.').waitFor();
  });

  it('asks before the import assistant’s changed mapping is left for another step or another page', async () => {
    const page = await started.openAsAdmin('/admin/import-individus');
    await chooseFile(
      page,
      page.getByRole('button', { name: /^Fichier CSV ou Excel/ }),
      'salon.csv',
      'Nom;Prénom;Email\nMoreau;Lina;lina.moreau@exemple.fr\n',
    );
    await page.getByRole('heading', { name: 'Import du fichier « salon.csv »' }).waitFor();
    const jobPath = new URL(page.url()).pathname;
    const email = page.getByLabel('Colonne : Particulier : email');
    await expect.poll(() => email.inputValue()).toBe('C');
    const steps = page.getByRole('navigation', { name: "Étapes de l'assistant d'import" });

    // Simulated once: the simulation step can be reached from the mapping.
    await page.getByRole('button', { name: 'Lancer la simulation' }).click();
    await page.getByRole('table', { name: 'Résultat de la simulation' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Modifier les correspondances' }).click();

    // Unchanged, the simulation step opens at once.
    await steps.getByRole('button', { name: /Simulation/ }).click();
    await page.getByRole('table', { name: 'Résultat de la simulation' }).waitFor();
    expect(await guardDialog(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Modifier les correspondances' }).click();

    // A column changed: another step, or another page, asks first.
    await email.fill('');
    await steps.getByRole('button', { name: /Simulation/ }).click();
    await stay(page);
    expect(await email.inputValue()).toBe('');
    await page.getByRole('link', { name: 'Nouvel import' }).click();
    await stay(page);
    expect(new URL(page.url()).pathname).toBe(jobPath);
    expect(await email.inputValue()).toBe('');
    await page.getByRole('link', { name: 'Nouvel import' }).click();
    await leave(page);
    await page.waitForURL((current) => current.pathname === '/admin/import-individus');
  }, 60_000);
});
