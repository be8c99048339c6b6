import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, listRow, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

const ROWS = 2_000;

/** A workbook as people send them: a notes tab first, then the contacts, one of them without a valid email. */
async function contactsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Notes').addRow(['Contacts du salon de l’habitat 2026']);
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(['Nom', 'Prénom', 'Email', 'Organisme']);
  for (let n = 1; n <= ROWS; n += 1) {
    sheet.addRow([
      `Visiteur${n}`,
      `Prénom ${n}`,
      n === 7 ? 'pas-une-adresse' : `visiteur${n}@exemple.fr`,
      `Entreprise ${n % 5}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const currentStep = (page: Page) =>
  page.getByRole('navigation', { name: "Étapes de l'assistant d'import" }).locator('[aria-current="step"]').innerText();

describe('the contacts import assistant', () => {
  it('takes a user from the file to the import: tab, mapping, simulation, import with its progress, and undo', async () => {
    const page = await started.openAsAdmin('/admin');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Import de contacts' })
      .click();
    await page.getByRole('heading', { name: 'Import de contacts' }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^Fichier CSV ou Excel/ }).click();
    await (
      await chooser
    ).setFiles({
      name: 'salon-2026.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await contactsWorkbook(),
    });

    // The file's page: the mapping step, on the first tab.
    await page.getByRole('heading', { name: 'Import du fichier « salon-2026.xlsx »' }).waitFor();
    expect(await currentStep(page)).toContain('Correspondances');
    await page.getByLabel('Onglet').selectOption({ label: '1 – Contacts' });
    await page.getByText(`${ROWS} lignes à importer`).waitFor();
    await page.getByRole('table', { name: 'Aperçu des premières lignes' }).getByText('visiteur1@exemple.fr').waitFor();
    await page.getByRole('button', { name: "Proposer les colonnes d'après les en-têtes" }).click();
    expect(await page.getByLabel('Colonne : Particulier : nom').inputValue()).toBe('A');
    expect(await page.getByLabel('Colonne : Particulier : prénom').inputValue()).toBe('B');
    expect(await page.getByLabel('Colonne : Particulier : email').inputValue()).toBe('C');
    await page.getByLabel('Colonne : Structure : nom').fill('D');
    await page.getByLabel('Colonne : Lien avec la structure : fonction').fill('D');
    await expectAccessible(page);

    // Link fields need a contact type before the structure: the simulation says so row by row.
    await page.getByLabel('Colonne : Lien avec la structure : fonction').fill('');
    await page.getByRole('button', { name: 'Lancer la simulation' }).click();
    await page.getByRole('table', { name: 'Résultat de la simulation' }).waitFor({ timeout: 60_000 });
    expect(await currentStep(page)).toContain('Simulation');
    const simulation = page.getByRole('table', { name: 'Résultat de la simulation' });
    expect(await simulation.locator('tbody tr').allInnerTexts()).toEqual([
      'Structures\t5\t0\t0',
      `Particuliers\t0\t0\t${ROWS}`,
    ]);
    const refused = page.getByRole('table', { name: 'Lignes refusées : Particuliers' });
    expect(await refused.locator('tbody tr').first().innerText()).toBe(
      '2\tLien avec la structure : type de contact\tChoisissez le type de contact avant la structure.\t' +
        'Corrigez les erreurs signalées dans le fichier, puis relancez la simulation.',
    );

    // Back to the mapping: individuals without their structure this time.
    await page.getByRole('button', { name: 'Modifier les correspondances' }).click();
    await page.getByLabel('Colonne : Structure : nom').fill('');
    await page.getByRole('button', { name: 'Lancer la simulation' }).click();
    await simulation.getByText(`${ROWS - 1}`).waitFor({ timeout: 60_000 });
    expect(await simulation.locator('tbody tr').allInnerTexts()).toEqual([`Particuliers\t${ROWS - 1}\t0\t1`]);
    expect(await refused.locator('tbody tr').allInnerTexts()).toEqual([
      "8\tParticulier : email\tL'adresse email n'est pas valide\tCorrigez les erreurs signalées dans le fichier, puis relancez la simulation.",
    ]);

    // The import runs in the background: its progress, rows processed out of the total.
    await page.getByRole('button', { name: "Lancer l'import" }).click();
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^Particuliers : \\d+ / ${ROWS} lignes$`) })
      .waitFor();
    expect(await currentStep(page)).toContain('Import');

    // The page can be left: the list of imports leads back to it, where the import stands.
    await page.getByRole('link', { name: 'Nouvel import' }).click();
    await page
      .getByRole('table', { name: 'Imports précédents' })
      .getByRole('link', { name: 'salon-2026.xlsx' })
      .click();
    // The list names the status too: the job's page is there once its results table is.
    await page.getByRole('heading', { name: 'Import du fichier « salon-2026.xlsx »' }).waitFor();
    await page.getByRole('table', { name: "Résultat de l'import" }).waitFor({ timeout: 60_000 });
    await page.getByText('Import terminé').waitFor();
    expect(await page.getByRole('table', { name: "Résultat de l'import" }).locator('tbody tr').allInnerTexts()).toEqual(
      [`Particuliers\t${ROWS - 1}\t0\t1`],
    );

    // Undone as a whole, after a confirmation.
    await page.getByRole('button', { name: "Annuler l'import" }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler cet import ?' });
    await dialog.getByRole('button', { name: "Annuler l'import" }).click();
    await page.getByRole('status').filter({ hasText: "L'import a été annulé." }).waitFor();
    await page.getByText('Import annulé').waitFor();
    await page.goto(`${started.server.baseUrl}/admin/individus?q=Visiteur`);
    await page.getByText('Aucun élément ne correspond.').waitFor();
  }, 240_000);

  it("imports projects: the file's content chosen, a characteristic column added by its field's name, a refused row said", async () => {
    const page = await started.openAsAdmin('/admin');
    const [mission] = await createRecords(page, 'missions', [{ name: 'Conseil habitat' }]);
    const [type] = await createRecords(page, 'types-projet', [{ name: 'Isolation', missions: [mission!.id] }]);
    const [field] = await createRecords(page, 'champs-de-formulaire', [{ name: 'Surface chauffée', type: 'number' }]);
    await createRecords(page, 'formulaires', [{ name: 'Logement', projectTypes: [type!.id], fields: [field!.id] }]);
    await page.goto(`${started.server.baseUrl}${path('admin.import_assistant')}`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^Fichier CSV ou Excel/ }).click();
    await (
      await chooser
    ).setFiles({
      name: 'projets-2026.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Nom,Nom du porteur,Prénom du porteur,Mission 1,Type 1,Surface chauffée\n' +
          'Maison Lefèvre,Lefèvre,Anne,Conseil habitat,Isolation,"98,5"\n' +
          'Maison Roux,Roux,Luc,Mission inconnue,Isolation,70\n',
      ),
    });
    await page.getByRole('heading', { name: 'Import du fichier « projets-2026.csv »' }).waitFor();
    await page.getByLabel('Contenu du fichier').selectOption({ label: 'Projets' });
    await page.getByLabel('Colonne : Projet : nom').fill('A');
    await page.getByLabel('Colonne : Particulier : nom').fill('B');
    await page.getByLabel('Colonne : Particulier : prénom').fill('C');
    await page.getByLabel('Colonne : Mission 1 : mission').fill('D');
    await page.getByLabel('Colonne : Mission 1 : type de projet').fill('E');
    await page.getByLabel('Caractéristique (nom du champ de formulaire)').fill('Surface chauffée');
    await page.getByRole('button', { name: 'Ajouter la caractéristique' }).click();
    await page.getByLabel('Colonne : Caractéristique : Surface chauffée').fill('F');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Lancer la simulation' }).click();
    const simulation = page.getByRole('table', { name: 'Résultat de la simulation' });
    await simulation.waitFor({ timeout: 60_000 });
    expect(await simulation.locator('tbody tr').allInnerTexts()).toEqual(['Particuliers\t2\t0\t0', 'Projets\t1\t0\t1']);
    const refused = page.getByRole('table', { name: 'Lignes refusées : Projets' });
    expect(await refused.locator('tbody tr').allInnerTexts()).toEqual([
      "3\tMission 1 : mission\tAucune mission ne s'appelle « Mission inconnue ».\t" +
        'Corrigez les erreurs signalées dans le fichier, puis relancez la simulation.',
    ]);

    await page.getByRole('button', { name: "Lancer l'import" }).click();
    const result = page.getByRole('table', { name: "Résultat de l'import" });
    await result.waitFor({ timeout: 60_000 });
    await page.getByText('Import terminé').waitFor();
    expect(await result.locator('tbody tr').allInnerTexts()).toEqual(['Particuliers\t2\t0\t0', 'Projets\t1\t0\t1']);
    await page.goto(`${started.server.baseUrl}/admin/projet?q=Maison`);
    await listRow(page, 'Maison Lefèvre').waitFor();
    expect(await listRow(page, 'Maison Roux').count()).toBe(0);
  }, 120_000);
});
