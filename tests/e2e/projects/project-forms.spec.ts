import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, settled, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

describe("a project's forms", () => {
  it('shows the forms its type calls for, saves the characteristics, highlights one in the header, writes the history, and the list filters on them', async () => {
    const page = await started.openAsAdmin('/admin');
    const [mission] = await createRecords(page, 'missions', [{ name: 'Conseil aux particuliers' }]);
    const [type] = await createRecords(page, 'types-projet', [{ name: 'Isolation', missions: [mission!.id] }]);
    const [surface, heating] = await createRecords(page, 'champs-de-formulaire', [
      {
        name: 'Surface habitable',
        type: 'number',
        unit: 'm²',
        thousandsSeparator: true,
        highlightColor: '#c92a2a',
        bold: true,
      },
      {
        name: 'Chauffage',
        type: 'select',
        options: [
          { label: 'Gaz', value: 'gaz' },
          { label: 'Fioul', value: 'fioul' },
        ],
      },
    ]);
    await createRecords(page, 'formulaires', [
      { name: 'Logement', columns: 2, projectTypes: [type!.id], fields: [surface!.id, heating!.id] },
      // Called for by another type: not shown.
      { name: 'Copropriété', columns: 1, projectTypes: [], fields: [surface!.id] },
    ]);
    const [project] = await createRecords(page, 'projet', [
      { name: 'Maison Perret', missions: [{ mission: mission!.id, projectType: type!.id, officer: null }] },
      { name: 'Maison Voisine', missions: [{ mission: mission!.id, projectType: type!.id, officer: null }] },
    ]);

    await page.goto(`/admin/projet/voir-ou-editer/${project!.id}#kanban-formulaires`);
    const form = page.getByRole('region', { name: 'Logement' });
    await form.getByText('0 champ(s) renseigné(s) sur 2').waitFor();
    expect(await page.getByRole('region', { name: 'Copropriété' }).count()).toBe(0);
    await form.getByRole('textbox', { name: 'Surface habitable' }).fill('1250');
    await form.getByRole('combobox', { name: 'Chauffage' }).click();
    await page.getByRole('option', { name: 'Gaz' }).click();
    await form.getByRole('button', { name: 'Enregistrer « Logement »' }).click();
    await toast(page, 'Caractéristiques enregistrées.').waitFor();
    await form.getByText('2 champ(s) renseigné(s) sur 2').waitFor();
    // The highlighted field, in the header, as French writes numbers (a narrow no-break space between thousands).
    const highlights = page.getByRole('definition');
    await expect.poll(() => highlights.allTextContents()).toContain('1\u202f250 m²');
    await settled(page);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Historique' }).click();
    await page.getByText(/Surface habitable : — → 1\u202f250 m²/).waitFor();
    await page.getByText(/Chauffage : — → Gaz/).waitFor();

    // The list's search panel: the projects heated by gas.
    await page.goto('/admin/projet');
    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    const filters = page.getByRole('search', { name: 'Filtres de recherche' });
    await filters.getByRole('combobox', { name: 'Caractéristique' }).click();
    await page.getByRole('option', { name: 'Chauffage' }).click();
    // A choice is chosen by its label, as the forms show it.
    await filters.getByRole('combobox', { name: 'Valeur de la caractéristique' }).click();
    await page.getByRole('option', { name: 'Gaz' }).click();
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get(`caracteristique[${heating!.id}]`)).toBe('gaz');
    await page.getByRole('link', { name: 'Maison Perret', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Maison Voisine', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^Filtres de recherche.*1 filtre actif/ }).waitFor();
  });
});
