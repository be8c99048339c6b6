import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResourceRecordView } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();
let page: Page;

/** A row of the pairs, found by the links its two records make. */
const pairRow = (first: string, second: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: first, exact: true }) })
    .filter({ has: page.getByRole('link', { name: second, exact: true }) });

async function shown(resource: string, id: number): Promise<ResourceRecordView> {
  return (await (await page.request.get(path('api.resource.item', { resource, id }))).json()) as ResourceRecordView;
}

describe('duplicates', () => {
  it('finds a probable duplicate, merges it keeping a value of the other record, and shows the merge in the history', async () => {
    page = await started.openAsAdmin('/admin');
    const [contactType] = await createRecords(page, 'types-contact', [{ name: 'Artisan partenaire' }]);
    const [structure] = await createRecords(page, 'structures', [{ name: 'Menuiserie des Monts du Lyonnais' }]);
    const [kept, removed] = await createRecords(page, 'individus', [
      { civility: 'madame', lastName: 'Dupont', firstName: 'Marie', email: 'marie.dupont@exemple.fr' },
      {
        lastName: 'Dupond',
        firstName: 'Marie',
        email: 'm.dupond@exemple.fr',
        mobile: '06 12 34 56 78',
        structures: [{ contactType: contactType!.id, structure: structure!.id, function: 'Gérante' }],
      },
    ]);

    await page.getByRole('navigation').getByRole('link', { name: 'Doublons' }).click();
    await page.getByRole('heading', { name: 'Doublons', level: 1 }).waitFor();
    await page.getByRole('button', { name: "Lancer l'analyse" }).click();
    await toast(page, 'Analyse terminée').waitFor();
    const row = pairRow('Dupont Marie', 'Dupond Marie');
    await row.getByText('Noms proches').waitFor();
    await expectAccessible(page);

    await row.getByRole('link', { name: 'Fusionner « Dupont Marie » et « Dupond Marie »' }).click();
    await page.getByRole('heading', { name: 'Fusionner deux fiches', level: 1 }).waitFor();
    const keptRecord = page.getByRole('radiogroup', { name: 'Fiche conservée' });
    expect(await keptRecord.getByRole('radio', { name: /^Fiche A : Dupont Marie/ }).isChecked()).toBe(true);
    // By default the filled-in value: the mobile and the structure link only B has.
    expect(
      await page
        .getByRole('radiogroup', { name: 'Téléphone mobile' })
        .getByRole('radio', { name: '06 12 34 56 78' })
        .isChecked(),
    ).toBe(true);
    // The newer record's name by default: the user keeps the older spelling, and the newer email.
    await page.getByRole('radiogroup', { name: 'Nom' }).getByRole('radio', { name: 'Dupont' }).check();
    await page.getByRole('radiogroup', { name: 'Email' }).getByRole('radio', { name: 'm.dupond@exemple.fr' }).check();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Fusionner les fiches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fusionner les fiches' });
    await dialog.getByText('« Dupond Marie » sera supprimée et ses liens reportés sur « Dupont Marie ».').waitFor();
    await dialog.getByRole('button', { name: 'Fusionner les fiches' }).click();

    await toast(page, 'Les fiches ont été fusionnées.').waitFor();
    await page.waitForURL(path('admin.resource.show', { resource: 'individus', id: kept!.id }));
    const history = page.getByRole('region', { name: 'Historique' });
    await history.getByText(`Fusion de « Dupond Marie » (n° ${removed!.id})`, { exact: false }).waitFor();
    expect(await history.textContent()).toContain('Valeurs reprises : Email, Téléphone mobile, Structures.');

    const merged = await shown('individus', kept!.id);
    expect(merged).toMatchObject({
      civility: 'madame',
      lastName: 'Dupont',
      email: 'm.dupond@exemple.fr',
      mobile: '06 12 34 56 78',
      structures: [expect.objectContaining({ structure: structure!.id, function: 'Gérante' })],
    });
    expect(
      (await page.request.get(path('api.resource.item', { resource: 'individus', id: removed!.id }))).status(),
    ).toBe(404);

    // The pair is gone from the list.
    await page.goto(path('admin.duplicates'));
    await page.getByRole('heading', { name: 'Doublons', level: 1 }).waitFor();
    await page.getByText(/^Dernière analyse le/).waitFor();
    expect(await pairRow('Dupont Marie', 'Dupond Marie').count()).toBe(0);
  });
});
