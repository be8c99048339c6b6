import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();
let page: Page;

async function openAsAdmin(url: string): Promise<void> {
  page = await started.openAsAdmin(url);
}

const rowTitles = () => page.locator('tbody tr td:nth-child(2)').allTextContents();

/** Chooses the file through the file chooser the input opens, as a user would. */
async function chooseFile(name: string, content: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Fichier CSV ou Excel/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

describe('import', () => {
  it('reports the rows in error and imports nothing, then imports the corrected file', async () => {
    await openAsAdmin('/admin/liens-utiles');
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer : Liens utiles' });

    await chooseFile('liens.csv', '\uFEFFAdresse;Nom\nhttps://anah.gouv.fr;Anah\npas une adresse;Mauvais lien\n');
    await dialog.getByText('2 lignes à importer').waitFor();
    // The wizard moved on: the mapping step is current, the file step done, the hidden target follows.
    const steps = dialog.getByRole('navigation', { name: "Étapes de l'import" });
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain('Correspondance des colonnes');
    await steps
      .getByRole('button', { name: /Fichier/ })
      .getByLabel('étape terminée')
      .waitFor();
    expect(await dialog.locator('input[name="target"]').inputValue()).toBe('mapping');
    // Nom is recognised from its header; the address column is chosen by hand.
    expect(await dialog.getByLabel('Nom').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Adresse (URL)').inputValue()).toBe('');
    await dialog.getByRole('table', { name: 'Aperçu des premières lignes' }).getByText('Mauvais lien').waitFor();
    await dialog.getByLabel('Adresse (URL)').selectOption({ label: 'Adresse' });
    await expectAccessible(page);

    await dialog.getByRole('button', { name: "Lancer l'import" }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: "Le fichier contient des erreurs : rien n'a été importé." })
      .waitFor();
    const report = dialog.getByRole('table', { name: 'Erreurs par ligne' });
    expect(await report.locator('tbody tr').allInnerTexts()).toEqual(["3\tAdresse (URL)\tL'url n'est pas valide"]);
    // The file chosen is not imported: closing asks first (spec 2.2).
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page
      .getByRole('dialog', { name: 'Modifications non enregistrées' })
      .getByRole('button', { name: 'Quitter sans enregistrer' })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Aucun élément ne correspond.').waitFor();

    await page.getByRole('button', { name: 'Importer' }).click();
    await chooseFile(
      'liens.csv',
      'Adresse (URL);Nom\nhttps://anah.gouv.fr;Anah\nhttps://france-renov.gouv.fr;France Rénov\n',
    );
    await dialog.getByText('2 lignes à importer').waitFor();
    await dialog.getByRole('button', { name: "Lancer l'import" }).click();
    await page.getByRole('status').filter({ hasText: '2 éléments importés' }).waitFor();
    await expect.poll(() => rowTitles()).toEqual(['Anah', 'France Rénov']);
    await dialog.waitFor({ state: 'hidden' });
  });
});
