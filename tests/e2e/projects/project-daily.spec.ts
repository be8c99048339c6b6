import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, listRow, settled, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** Saves one form's characteristics of a project through the API, with the page's session. */
async function saveCharacteristics(page: Page, projet: number, form: number, values: Record<string, unknown>) {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.post(path('api.projects.characteristics', { projet, form }), {
    data: { values },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  if (response.status() !== 200) throw new Error(`characteristics: ${response.status()} ${await response.text()}`);
}

const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('the project list and page, as an adviser uses them each day', () => {
  it('filters on a characteristic by the label the forms show', async () => {
    const page = await started.openAsAdmin('/admin');
    const [mission] = await createRecords(page, 'missions', [{ name: 'Conseil aux particuliers' }]);
    const [type] = await createRecords(page, 'types-projet', [
      { name: 'Maison individuelle', missions: [mission!.id] },
    ]);
    const [heating] = await createRecords(page, 'champs-de-formulaire', [
      {
        name: 'Mode de chauffage',
        type: 'select',
        options: [
          { label: 'Chauffage électrique', value: 'electrique' },
          { label: 'Chaudière gaz', value: 'gaz' },
        ],
      },
    ]);
    const [form] = await createRecords(page, 'formulaires', [
      { name: 'Logement', projectTypes: [type!.id], fields: [heating!.id] },
    ]);
    const row = { mission: mission!.id, projectType: type!.id, officer: null };
    const [heated] = await createRecords(page, 'projet', [
      { name: 'Maison Perret', missions: [row] },
      { name: 'Maison Voisine', missions: [row] },
    ]);
    await saveCharacteristics(page, heated!.id, form!.id, { [heating!.id]: 'electrique' });

    await page.goto('/admin/projet');
    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    const filters = page.getByRole('search', { name: 'Filtres de recherche' });
    await filters.getByRole('combobox', { name: 'Caractéristique' }).click();
    await page.getByRole('option', { name: 'Mode de chauffage' }).click();
    // The value is chosen among the labels the forms show, not typed as a stored code.
    await filters.getByRole('combobox', { name: 'Valeur de la caractéristique' }).click();
    await page.getByRole('option', { name: 'Chauffage électrique' }).click();
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => searchParam(page, `caracteristique[${heating!.id}]`)).toBe('electrique');
    await listRow(page, 'Maison Perret').waitFor();
    await expect.poll(() => listRow(page, 'Maison Voisine').count()).toBe(0);
  });

  it('keeps the list when a day is impossible, saying so under the field, or when a range ends before it starts', async () => {
    const page = await started.openAsAdmin('/admin');
    await createRecords(page, 'projet', [{ name: 'Maison Girard' }]);
    await page.goto('/admin/projet');
    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    const filters = page.getByRole('search', { name: 'Filtres de recherche' });
    await listRow(page, 'Maison Girard').waitFor();

    // An impossible day: the field says why, the list stays, the criterion is not applied.
    const from = filters.getByRole('textbox', { name: 'Date de création : à partir du' });
    await from.fill('31/02/2026');
    await filters.getByText("La date n'est pas valide.").waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await listRow(page, 'Maison Girard').waitFor();
    expect(await page.getByText('Page non trouvée').count()).toBe(0);
    expect(searchParam(page, 'creationDateDu')).toBeNull();
    await settled(page);
    await expectAccessible(page);

    // A range ending before it starts says so, as the kanban's filters do.
    await from.fill('10/03/2026');
    await filters.getByRole('textbox', { name: "Date de création : jusqu'au" }).fill('01/03/2026');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await filters
      .getByRole('alert')
      .filter({ hasText: 'Date de création : La date de début doit être antérieure à la date de fin.' })
      .waitFor();
    expect(searchParam(page, 'creationDateDu')).toBeNull();
    await listRow(page, 'Maison Girard').waitFor();
  });

  it("offers a mission row only its mission's project types, and lists the states in their order, the current one marked", async () => {
    const page = await started.openAsAdmin('/admin');
    const [advice, condo] = await createRecords(page, 'missions', [{ name: 'Conseil' }, { name: 'Copropriétés' }]);
    await createRecords(page, 'types-projet', [
      { name: 'Maison', missions: [advice!.id] },
      { name: 'Immeuble', missions: [condo!.id] },
    ]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Roux' }]);

    await page.goto(`/admin/projet/editer/${project!.id}#missions`);
    await page.getByRole('button', { name: 'Ajouter une mission', exact: true }).click();
    const missionRow = page.getByRole('group', { name: 'Mission n° 1' });
    await missionRow.getByRole('combobox', { name: /^Mission/ }).click();
    await page.getByRole('option', { name: 'Conseil', exact: true }).click();
    await missionRow.getByRole('combobox', { name: 'Type de projet' }).click();
    await page.getByRole('option', { name: 'Maison', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Immeuble' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Maison', exact: true }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été mises à jour.').waitFor();

    // A new project starts "À traiter"; the menu lists the six built-in states in their order (not
    // the alphabet's), the current one marked.
    await page.goto(`/admin/projet/voir-ou-editer/${project!.id}`);
    await page.getByRole('button', { name: "Changer l'état du projet, actuellement : À traiter" }).click();
    const items = page.getByRole('menuitem');
    await expect
      .poll(() => items.allTextContents())
      .toEqual(['À traiterÉtat actuel', "En cours d'instruction", 'Déposé', 'En travaux', 'En paiement', 'Clôturé']);
    expect(await page.getByRole('menuitem', { name: /À traiter/ }).getAttribute('aria-current')).toBe('true');
    await page.getByRole('menuitem', { name: 'Déposé' }).click();
    await toast(page, 'État du projet modifié : Déposé.').waitFor();
    await settled(page);
    await expectAccessible(page);
    // And back to an earlier one.
    await page.getByRole('button', { name: "Changer l'état du projet, actuellement : Déposé" }).click();
    expect(await page.getByRole('menuitem', { name: /Déposé/ }).getAttribute('aria-current')).toBe('true');
    await page.getByRole('menuitem', { name: /À traiter/ }).click();
    await toast(page, 'État du projet modifié : À traiter.').waitFor();
    await page.getByRole('button', { name: "Changer l'état du projet, actuellement : À traiter" }).waitFor();
  });

  it('puts a selection of projects in a state, and exports a selection', async () => {
    const page = await started.openAsAdmin('/admin');
    await createRecords(page, 'etats-projet', [{ name: 'Archivé' }]);
    await createRecords(page, 'projet', [{ name: 'Lot Alpha' }, { name: 'Lot Bravo' }, { name: 'Lot Charlie' }]);
    await page.goto('/admin/projet?q=Lot');
    await listRow(page, 'Lot Charlie').waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner Lot Alpha' }).check();
    await page.getByRole('checkbox', { name: 'Sélectionner Lot Bravo' }).check();
    await page.getByRole('combobox', { name: 'Nouvel état des projets sélectionnés' }).click();
    await page
      .getByRole('listbox', { name: 'Nouvel état des projets sélectionnés' })
      .getByRole('option', { name: 'Archivé' })
      .click();
    await page.getByRole('button', { name: "Changer l'état de la sélection" }).click();
    const dialog = page.getByRole('dialog', { name: "Passer 2 projets à l'état « Archivé » ?" });
    await dialog.getByRole('button', { name: "Changer l'état de la sélection" }).click();
    await toast(page, "2 projets sont passés à l'état « Archivé ».").waitFor();
    await expect.poll(() => listRow(page, 'Lot Alpha').getByRole('cell', { name: 'Archivé' }).count()).toBe(1);
    await expect.poll(() => listRow(page, 'Lot Bravo').getByRole('cell', { name: 'Archivé' }).count()).toBe(1);
    expect(await listRow(page, 'Lot Charlie').getByRole('cell', { name: 'Archivé' }).count()).toBe(0);

    // The selection exported, and it alone.
    await page.getByRole('checkbox', { name: 'Sélectionner Lot Charlie' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter la sélection (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^projets-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain('Lot Charlie');
    expect(text).not.toContain('Lot Alpha');
    await toast(page, 'Export terminé : 1 projet.').waitFor();
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter la sélection (Excel)' }).click(),
    ]);
    expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('copies a project from the list, saying first what the copy takes and leaves', async () => {
    const page = await started.openAsAdmin('/admin');
    await createRecords(page, 'projet', [{ name: 'Lot Delta', creationDate: '2024-05-06' }]);
    await page.goto('/admin/projet?q=Delta');
    await listRow(page, 'Lot Delta').getByRole('button', { name: 'Dupliquer « Lot Delta »' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dupliquer « Lot Delta » ?' });
    await dialog
      .getByText(/^Copiés : la fiche .*les co-porteurs, les partenaires et les caractéristiques\.$/)
      .waitFor();
    await dialog.getByText(/^Non copiés : les documents, les actes de conseil, les tickets/).waitFor();
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    await page.getByRole('heading', { name: 'Copie de Lot Delta', level: 1 }).waitFor();
    await toast(page, 'Le projet « Copie de Lot Delta » a été créé.').waitFor();
  });
});
