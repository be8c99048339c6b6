import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, rowIn, settled, shownValue, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** Follows a download link and reads the file the browser saves. */
async function downloaded(page: Page, link: Locator): Promise<{ name: string; columns: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = (await readFile((await download.path())!)).toString('latin1');
  return { name: download.suggestedFilename(), columns: text.replace(/\r\n$/, '').split('|;|') };
}

describe('an advice act for ADEME (issue 26, items 1 and 8)', () => {
  it('is recorded from the SARE lists’ French labels, shows them, has its own SARE file, and the SARE screen counts the ADEME acts before downloading', async () => {
    const page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [{ name: 'Rénovation maison Garnier' }]);
    // Two acts outside ADEME's reporting, already there.
    await createRecords(page, 'commentaires-projet', [
      { project: project!.id, subject: 'Appel hors ADEME', actDate: '2026-03-01', ademe: false },
      { project: project!.id, subject: 'Courriel hors ADEME', actDate: '2026-03-02', ademe: false },
    ]);

    // The act, added from the project's page, its lists chosen by their French labels.
    await page.goto(`/admin/projet/voir-ou-editer/${project!.id}#conseils`);
    await page.getByRole('button', { name: 'Ajouter un acte de conseil' }).click();
    const form = page.getByRole('dialog', { name: 'Ajouter un acte de conseil' });
    await form.getByLabel(/^Objet/).fill('Conseil isolation');
    await form.getByLabel(/^Date de l'acte/).fill('10/03/2026');
    await form.getByRole('checkbox', { name: 'ADEME' }).check();
    await form.getByRole('combobox', { name: "Types d'information" }).click();
    await page.getByRole('option', { name: 'Information technique' }).click();
    await page.getByRole('option', { name: 'Information financière' }).click();
    // A click elsewhere in the form closes the list.
    await form.getByLabel(/^Objet/).click();
    await form.getByRole('combobox', { name: 'Poursuite de service envisagée' }).click();
    await page.getByRole('option', { name: 'Réalisation audit énergétique' }).click();
    await form.getByLabel(/^Objet/).click();
    // The choices read as their labels in the form too.
    await form.getByText('Information technique', { exact: true }).waitFor();
    await form.getByText('Réalisation audit énergétique', { exact: true }).waitFor();
    await settled(page);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été enregistrées.').waitFor();
    const row = rowIn(page, 'Actes de conseil', 'Conseil isolation');
    await row.waitFor();

    // Its row offers its own SARE file: columns 22 and 27 in ADEME's words.
    const fromRow = await downloaded(
      page,
      row.getByRole('link', { name: 'Télécharger le fichier SARE de l’acte « Conseil isolation »' }),
    );
    expect(fromRow.name).toMatch(/^export-sare-acte-\d+-\d{4}-\d{2}-\d{2}\.txt$/);
    expect(fromRow.columns).toHaveLength(39);
    expect([fromRow.columns[21], fromRow.columns[26]]).toEqual([
      'INFORMATION TECHNIQUE_/_INFORMATION FINANCIERE',
      'REALISATION AUDIT ENERGETIQUE',
    ]);

    // Its page shows the labels, never the codes, and offers the same file.
    await row.getByRole('link', { name: 'Voir « Conseil isolation »' }).click();
    await page.getByRole('heading', { name: 'Conseil isolation', level: 1 }).waitFor();
    expect(await shownValue(page, "Types d'information").textContent()).toBe(
      'Information technique, Information financière',
    );
    expect(await shownValue(page, 'Poursuite de service envisagée').textContent()).toBe(
      'Réalisation audit énergétique',
    );
    await settled(page);
    await expectAccessible(page);
    const fromPage = await downloaded(page, page.getByRole('link', { name: 'Télécharger le fichier SARE de l’acte' }));
    expect(fromPage.columns).toEqual(fromRow.columns);

    // The SARE screen starts on the ADEME acts and says how many the file will hold.
    await page.getByRole('navigation').getByRole('link', { name: 'Export SARE (ADEME)' }).click();
    await page.getByRole('heading', { name: 'Export SARE des actes de conseil', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Actes ADEME' }).inputValue()).toBe('Actes ADEME seulement');
    await page.getByRole('status').filter({ hasText: 'Le fichier contiendra 1 acte.' }).waitFor();
    await settled(page);
    await expectAccessible(page);
    // The other acts, counted as the criteria change.
    await page.getByRole('combobox', { name: 'Actes ADEME' }).click();
    await page.getByRole('option', { name: 'Actes hors ADEME seulement' }).click();
    await page.getByRole('status').filter({ hasText: 'Le fichier contiendra 2 actes.' }).waitFor();
    await page.getByRole('textbox', { name: 'Actes au' }).fill('01/03/2026');
    await page.getByRole('status').filter({ hasText: 'Le fichier contiendra 1 acte.' }).waitFor();
    await page.getByRole('combobox', { name: "Type d'acte" }).click();
    await page.getByRole('option', { name: 'A04', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Aucun acte ne correspond à ces critères' }).waitFor();
    await page.getByRole('textbox', { name: 'Actes du' }).fill('02/03/2026');
    // Dates in the wrong order: said under the field, before any download.
    await page.getByText('La date de début doit précéder la date de fin.').waitFor();
  }, 60_000);
});
