import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, queuedTimersRun, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();
let page: Page;

async function openAsAdmin(url: string): Promise<void> {
  page = await started.openAsAdmin(url);
}

const rows = () => page.getByRole('form', { name: /./ }).locator('tbody tr');
const rowTitles = () => page.locator('tbody tr td:nth-child(2)').allTextContents();
const filterButton = () => page.getByRole('button', { name: /^Filtres de recherche/ });

describe('list screen', () => {
  it('filters with the search panel, counts active filters, keeps them in the URL, and resets them', async () => {
    await openAsAdmin('/admin/types-reunion');
    await createRecords(page, 'types-reunion', [
      { name: 'Comité de pilotage', onKanban: true, upcomingInHistory: false },
      { name: 'Réunion de chantier', onKanban: true, upcomingInHistory: true },
      { name: 'Permanence Énergie', onKanban: false, upcomingInHistory: true },
    ]);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(3);
    await expectAccessible(page);

    await filterButton().click();
    await page.getByLabel('Affiché sur le kanban').selectOption({ label: 'Oui' });
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await filterButton().filter({ hasText: '1 filtre actif' }).waitFor();

    // Accents and case do not matter.
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('CHANTIER');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => rowTitles()).toEqual(['Réunion de chantier']);
    await filterButton().filter({ hasText: '2 filtres actifs' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('CHANTIER');

    await page.reload();
    await expect.poll(() => rowTitles()).toEqual(['Réunion de chantier']);
    await page.getByRole('button', { name: 'Réinitialiser les critères' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await filterButton().textContent()).toBe('Filtres de recherche');

    // The spec's routes for the filter form (GET with the criteria) and for removing them lead to the list.
    await page.goto('/admin/types-reunion/filtre-de-recherche?q=chantier');
    await expect.poll(() => rowTitles()).toEqual(['Réunion de chantier']);
    expect(new URL(page.url()).pathname).toBe('/admin/types-reunion');
    await filterButton().filter({ hasText: '1 filtre actif' }).waitFor();
    await page.goto('/admin/types-reunion/reinitialisation-criteres');
    await expect.poll(() => rows().count()).toBe(3);
  });

  it('sorts by a column', async () => {
    await openAsAdmin('/admin/liens-utiles');
    await createRecords(page, 'liens-utiles', [
      { name: 'Bêta', url: 'https://exemple.fr/b' },
      { name: 'Alpha', url: 'https://exemple.fr/a' },
      { name: 'Gamma', url: 'https://exemple.fr/g' },
    ]);
    await page.reload();
    await expect.poll(() => rowTitles()).toEqual(['Alpha', 'Bêta', 'Gamma']);
    await page.getByRole('button', { name: 'Trier par Nom' }).click();
    await expect.poll(() => rowTitles()).toEqual(['Gamma', 'Bêta', 'Alpha']);
    expect(await page.getByRole('columnheader', { name: /Nom/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('names a row’s action in a tooltip under the pointer and on keyboard focus, until Escape', async () => {
    await openAsAdmin('/admin/liens-utiles');
    await createRecords(page, 'liens-utiles', [{ name: 'Delta', url: 'https://exemple.fr/d' }]);
    await page.reload();
    const tooltip = page.getByRole('tooltip');
    await page.getByRole('link', { name: 'Voir « Delta »' }).hover();
    await expect.poll(() => tooltip.textContent()).toBe('Voir « Delta »');
    await page.getByRole('heading', { level: 1 }).hover();
    await expect.poll(() => tooltip.count()).toBe(0);

    await page.getByRole('link', { name: 'Voir « Delta »' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => tooltip.textContent()).toBe('Modifier « Delta »');
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
  });

  it('selects a range with shift-click, and deletes a selection through the batch dialog', async () => {
    await openAsAdmin('/admin/thematiques-projet');
    const names = ['Audit', 'Chauffage', 'Isolation', 'Menuiseries', 'Ventilation'];
    await createRecords(
      page,
      'thematiques-projet',
      names.map((name) => ({ name })),
    );
    await page.reload();
    await expect.poll(() => rows().count()).toBe(5);

    // Nothing chosen: the spec's two messages.
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Veuillez sélectionner une action' }).waitFor();
    await page.getByRole('combobox', { name: 'Action groupée' }).click();
    await page.getByRole('option', { name: 'Supprimer la sélection' }).click();
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Veuillez sélectionner des élements à traiter' }).waitFor();

    await page.getByRole('checkbox', { name: 'Sélectionner Chauffage' }).click();
    await page.getByRole('checkbox', { name: 'Sélectionner Menuiseries' }).click({ modifiers: ['Shift'] });
    await page.getByText('3 éléments sélectionnés').waitFor();
    for (const name of ['Chauffage', 'Isolation', 'Menuiseries']) {
      expect(await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).isChecked()).toBe(true);
    }
    expect(await page.getByRole('checkbox', { name: 'Sélectionner Audit' }).isChecked()).toBe(false);

    const batch = page.waitForRequest((request) => request.url().endsWith('/api/thematiques-projet/actions-groupes'));
    await page.getByRole('button', { name: 'Appliquer' }).click();
    // The dialog names the action, the count and the records; deleting is confirmed by a red "Supprimer"
    // (the theme's danger button, #c92a2a unless changed).
    const dialog = page.getByRole('dialog', { name: 'Supprimer 3 éléments ?' });
    await dialog.getByText('Éléments concernés : Chauffage, Isolation, Menuiseries.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Supprimer' });
    expect(await confirm.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(201, 42, 42)');
    await confirm.click();
    expect((await batch).postDataJSON()).toMatchObject({ _action: 'delete' });
    await page.getByRole('status').filter({ hasText: '3 éléments traités.' }).waitFor();
    await expect.poll(() => rowTitles()).toEqual(['Audit', 'Ventilation']);

    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await page.getByText('2 éléments sélectionnés').waitFor();
  });

  it('deletes a row through the delete dialog, and refuses to delete a linked one', async () => {
    await openAsAdmin('/admin/thematiques-projet');
    const [parent] = await createRecords(page, 'thematiques-projet', [{ name: 'Énergies renouvelables' }]);
    await createRecords(page, 'thematiques-projet', [
      { name: 'Solaire thermique', parent: parent!.id },
      { name: 'Éphémère' },
    ]);
    await page.reload();

    await page.getByRole('button', { name: 'Supprimer « Éphémère »' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suppression' });
    await dialog.getByText('Voulez-vous vraiment supprimer « Éphémère » ?').waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('status').filter({ hasText: "L'élément a été supprimé." }).waitFor();
    await expect.poll(() => rowTitles()).not.toContain('Éphémère');

    await page.getByRole('button', { name: 'Supprimer « Énergies renouvelables »' }).click();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "L'élément que vous tentez de supprimer est lié à un ou plusieurs autres éléments" })
      .waitFor();
    expect(await rowTitles()).toContain('Énergies renouvelables');
    // The child shows its parent's title, not its id.
    await page
      .getByRole('row', { name: /Solaire thermique/ })
      .getByText('Énergies renouvelables')
      .waitFor();
  });
});

describe('export', () => {
  it('exports the filtered list, showing the row count first, as CSV and as XLSX', async () => {
    await openAsAdmin('/admin/reference-partenaire');
    await createRecords(page, 'reference-partenaire', [
      { name: 'Anah' },
      { name: 'Action Logement' },
      { name: 'Région' },
    ]);
    await page.goto('/admin/reference-partenaire?q=a&tri=name&ordre=desc');
    await expect.poll(() => rowTitles()).toEqual(['Anah', 'Action Logement']);

    await page.getByRole('button', { name: 'Exporter' }).click();
    await page.getByRole('menuitem', { name: 'Exporter en CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter : Références partenaires (CSV)' });
    await dialog.getByText('2 lignes à exporter').waitFor();
    const csvDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: "Lancer l'export" }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^reference-partenaire-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text).toBe('\uFEFFNom\r\nAnah\r\nAction Logement\r\n');
    await page.getByRole('status').filter({ hasText: 'Export terminé : 2 lignes.' }).waitFor();

    await page.getByRole('button', { name: 'Exporter' }).click();
    await page.getByRole('menuitem', { name: 'Exporter en Excel (XLSX)' }).click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('dialog', { name: /XLSX/ }).getByRole('button', { name: "Lancer l'export" }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await (await xlsxDownload).path())!);
    const values = workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[])[1]);
    expect(values).toEqual(['Nom', 'Anah', 'Action Logement']);
  });
});

describe('forms', () => {
  it('validates in French, creates, clones a prefilled form and shows the history', async () => {
    await openAsAdmin('/admin/liens-utiles/ajouter');
    await page.getByRole('heading', { name: 'Ajouter un lien utile', level: 1 }).waitFor();
    await page.getByLabel(/^Adresse \(URL\)/).fill('pas une adresse');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce champ est obligatoire.').waitFor();
    await page.getByText("L'url n'est pas valide").waitFor();
    await expectAccessible(page);

    await page.getByLabel(/^Nom/).fill('France Rénov');
    await page.getByLabel(/^Adresse \(URL\)/).fill('https://france-renov.gouv.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'France Rénov', level: 1 }).waitFor();
    await page.getByText(/Créé le \d\d\/\d\d\/\d{4} \d\d:\d\d — Principal Administrateur/).waitFor();

    await page.getByRole('link', { name: 'Dupliquer' }).click();
    await page.getByRole('heading', { name: 'Dupliquer : France Rénov' }).waitFor();
    expect(await page.getByLabel(/^Adresse \(URL\)/).inputValue()).toBe('https://france-renov.gouv.fr');
    await page.getByLabel(/^Nom/).fill('France Rénov (copie)');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'France Rénov (copie)', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await expect.poll(() => rowTitles()).toEqual(expect.arrayContaining(['France Rénov', 'France Rénov (copie)']));
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await openAsAdmin('/admin/types-reunion/ajouter');
    await page.getByLabel(/^Nom/).fill('Visite à domicile');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Tableau de bord' })
      .click();
    const guard = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
    await guard.getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/types-reunion/ajouter');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Tableau de bord' })
      .click();
    await guard.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await page.waitForURL((current) => current.pathname === '/admin');
  });
});

describe('arranging', () => {
  it('moves a record with the keyboard and saves the order', async () => {
    await openAsAdmin('/admin/types-tache');
    await createRecords(page, 'types-tache', [{ name: 'Appel' }, { name: 'Courrier' }, { name: 'Visite' }]);
    await page.reload();
    await expect.poll(() => rowTitles()).toEqual(['Appel', 'Courrier', 'Visite']);
    await page.getByRole('link', { name: 'Organiser' }).click();
    const handle = page.getByRole('button', { name: 'Déplacer « Appel »' });
    await handle.focus();
    // dnd-kit moves one place per key press, and says so in its live region.
    const liveRegion = page.getByRole('status').filter({ hasText: '« Appel »' });
    for (const [key, said] of [
      ['Space', '« Appel » saisi, en position 1 sur 3.'],
      ['ArrowDown', '« Appel » déplacé en position 2 sur 3.'],
      ['ArrowDown', '« Appel » déplacé en position 3 sur 3.'],
      ['Space', '« Appel » déposé en position 3 sur 3.'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => liveRegion.textContent()).toBe(said);
      await queuedTimersRun(page);
    }
    await expect
      .poll(() => page.getByRole('list').locator('li').allTextContents())
      .toEqual(['Courrier', 'Visite', 'Appel']);
    await page.getByRole('button', { name: "Enregistrer l'ordre" }).click();
    await page.waitForURL((current) => current.pathname === '/admin/types-tache');
    await expect.poll(() => rowTitles()).toEqual(['Courrier', 'Visite', 'Appel']);
  });
});
