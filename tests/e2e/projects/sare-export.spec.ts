import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, settled, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();
let page: Page;

/** Clicks a download button and reads the file the browser saves. */
async function downloaded(button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

describe('the SARE export screen', () => {
  it('says in French what is wrong with the criteria, then downloads the acts chosen, as the file and as a spreadsheet', async () => {
    page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [
      { name: 'Rénovation de la maison Perret', status: 'internal' },
    ]);
    // ADEME's acts: the screen's starting criterion.
    const [kept] = await createRecords(page, 'commentaires-projet', [
      {
        project: project!.id,
        subject: 'Premier conseil',
        actDate: '2026-03-02',
        actType: 'A02',
        durationMinutes: 45,
        ademe: true,
      },
      { project: project!.id, subject: 'Visite', actDate: '2026-03-20', actType: 'A03', ademe: true },
    ]);

    await page.getByRole('navigation').getByRole('link', { name: 'Export SARE (ADEME)' }).click();
    await page.getByRole('heading', { name: 'Export SARE des actes de conseil', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Actes du' }).fill('31/03/2026');
    await page.getByRole('textbox', { name: 'Actes au' }).fill('01/03/2026');
    await page.getByRole('button', { name: 'Télécharger le fichier SARE' }).click();
    await page.getByText('La date de début doit précéder la date de fin.').waitFor();
    await settled(page);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Actes du' }).fill('01/03/2026');
    await page.getByRole('textbox', { name: 'Actes au' }).fill('31/03/2026');
    await page.getByRole('combobox', { name: "Type d'acte" }).click();
    await page.getByRole('option', { name: 'A02' }).click();
    const file = await downloaded('Télécharger le fichier SARE');
    expect(file.name).toMatch(/^export-sare-\d{4}-\d{2}-\d{2}\.txt$/);
    // The one A02 act of March: the A03 act is left out.
    const lines = file.bytes.toString('latin1').split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const columns = lines[0]!.split('|;|');
    expect(columns).toHaveLength(39);
    expect([columns[0], columns[3], columns[4], columns[5], columns[6]]).toEqual([
      String(kept!.id),
      'A02',
      '2026-03-02',
      '45',
      'M',
    ]);

    const sheet = await downloaded('Télécharger le tableur (XLSX)');
    expect(sheet.name).toMatch(/^export-sare-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // A zip file: an XLSX workbook.
    expect(sheet.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
