import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResourceRecordView } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { errorToast, expectAccessible, listRow, shownValue, toast, useBrowserAndServer } from '../../support/browser';

// Every test shares one server and database: record names are unique across the file.
const started = useBrowserAndServer();
let page: Page;

/** Picks an option of a Mantine select (its listbox opens in a portal). */
async function choose(select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A record as the API shows it, asked with the page's session as a second tab would. */
async function shown(resource: string, id: number): Promise<ResourceRecordView> {
  return (await (await page.request.get(path('api.resource.item', { resource, id }))).json()) as ResourceRecordView;
}

/** The communes these tests need: the server starts with LOAD_COMMUNES=false. */
async function createCommunes(): Promise<Record<string, number>> {
  const communes = await createRecords(page, 'communes', [
    { inseeCode: '01053', name: 'Bourg-en-Bresse', postalCodes: ['01000'], department: '01' },
    { inseeCode: '01354', name: 'Saint-Genis-Pouilly', postalCodes: ['01630'], department: '01' },
  ]);
  return Object.fromEntries(communes.map((commune) => [String(commune.inseeCode), commune.id]));
}

const mainAddress = (postalCode: string, city: string) => ({
  label: 'Siège',
  address: '1 place de la Mairie',
  complement: '',
  postalCode,
  city,
  commune: null,
  main: true,
});

describe('commune update', () => {
  let communes: Record<string, number>;

  it("sets an individual's commune from its screen, and says in French why it cannot", async () => {
    page = await started.openAsAdmin('/admin/individus');
    communes = await createCommunes();
    const [found, empty] = await createRecords(page, 'individus', [
      { lastName: 'Bresse', firstName: 'Alice', postalCode: '01000', cityOutside: 'BOURG EN BRESSE' },
      { lastName: 'Sansville', firstName: 'Bob', postalCode: '01000', cityOutside: '' },
    ]);

    await page.goto(path('admin.resource.show', { resource: 'individus', id: found!.id }));
    await page.getByRole('heading', { name: 'Bresse', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Mettre à jour la commune' }).click();
    await toast(page, 'La commune a été mise à jour : Bourg-en-Bresse (01053).').waitFor();
    await shownValue(page, 'Commune').getByText('Bourg-en-Bresse').waitFor();
    await expectAccessible(page);

    await page.goto(path('admin.resource.show', { resource: 'individus', id: empty!.id }));
    await page.getByRole('button', { name: 'Mettre à jour la commune' }).click();
    await errorToast(page, 'Le code postal ou la ville est vide : impossible de retrouver la commune.').waitFor();
    expect((await shown('individus', empty!.id)).commune).toBeNull();
  });

  it('runs as a batch action over a selection, naming each structure it could not update', async () => {
    page = await started.openAsAdmin('/admin/structures');
    const [pouilly, nowhere] = await createRecords(page, 'structures', [
      { name: 'Mairie de Saint-Genis', addresses: [mainAddress('01630', 'ST GENIS POUILLY')] },
      { name: 'Mairie introuvable', addresses: [mainAddress('01630', 'Atlantis')] },
    ]);
    await page.reload();
    for (const title of ['Mairie de Saint-Genis', 'Mairie introuvable']) {
      await page.getByRole('checkbox', { name: `Sélectionner ${title}` }).click();
    }
    await choose(page.getByRole('combobox', { name: 'Action groupée' }), 'Mettre à jour la commune');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mettre à jour la commune : 2 éléments ?' });
    await dialog.getByText('Éléments concernés : Mairie de Saint-Genis, Mairie introuvable.').waitFor();
    await dialog.getByRole('button', { name: 'Mettre à jour la commune' }).click();
    await toast(page, '1 élément traité.').waitFor();
    await errorToast(
      page,
      'Mairie introuvable : Aucune commune ne correspond au code postal 01630 et à la ville « Atlantis ».',
    ).waitFor();

    const addressesOf = async (id: number) => (await shown('structures', id)).addresses as { commune: number }[];
    expect((await addressesOf(pouilly!.id))[0]?.commune).toBe(communes['01354']);
    expect((await addressesOf(nowhere!.id))[0]?.commune).toBeNull();
  });
});

describe("individual's structures", () => {
  it('keeps the structure input disabled until the contact type is chosen', async () => {
    page = await started.openAsAdmin('/admin/individus/ajouter');
    await createRecords(page, 'types-contact', [{ name: 'Maire', updatesInseeCode: true }]);
    await createRecords(page, 'structures', [{ name: 'Mairie de Viriat' }]);
    await page.reload();
    await page.getByLabel(/^Nom/).fill('Perrin');
    await page.getByRole('tab', { name: 'Structures' }).click();
    await page.getByRole('button', { name: 'Ajouter une structure', exact: true }).click();
    const link = page.getByRole('group', { name: 'Structure n° 1', exact: true });
    const structure = link.getByRole('combobox', { name: 'Structure', exact: true });
    expect(await structure.isDisabled()).toBe(true);
    await link.getByText("Choisissez d'abord : Type de contact").waitFor();
    await expectAccessible(page);

    await choose(link.getByRole('combobox', { name: 'Type de contact' }), 'Maire');
    await expect.poll(() => structure.isEnabled()).toBe(true);
    await structure.fill('viriat');
    await page.getByRole('option', { name: 'Mairie de Viriat' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Perrin', level: 1 }).waitFor();
  });
});

describe('duplicates', () => {
  it('links the refused duplicate to the existing record', async () => {
    page = await started.openAsAdmin('/admin/individus/ajouter');
    const [existing] = await createRecords(page, 'individus', [{ lastName: 'Lefèvre', firstName: 'Jean-Pierre' }]);
    await page.getByLabel(/^Nom/).fill('LEFEVRE');
    await page.getByLabel('Prénom').fill('jean pierre');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Un particulier du même nom existe déjà' });
    await alert.getByText('Un particulier du même nom existe déjà : Lefèvre Jean-Pierre').waitFor();
    await expectAccessible(page);

    await alert.getByRole('link', { name: 'Ouvrir la fiche existante' }).click();
    // Leaving the unsaved form asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await page.waitForURL(
      (url) => url.pathname === path('admin.resource.show', { resource: 'individus', id: existing!.id }),
    );
    await page.getByRole('heading', { name: 'Lefèvre', level: 1 }).waitFor();
  });
});

describe('structure edited in a modal', () => {
  it('is saved from the list without leaving it, a duplicate naming the existing one', async () => {
    page = await started.openAsAdmin('/admin/structures');
    const [agency] = await createRecords(page, 'structures', [
      { name: 'Agence locale', acronym: 'ALEC' },
      { name: 'Espace conseil', acronym: 'ECF' },
    ]);
    await page.reload();
    await page.getByRole('button', { name: "Plus d'actions pour « Espace conseil »" }).click();
    await page.getByRole('menuitem', { name: 'Modifier « Espace conseil » dans une fenêtre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier : Espace conseil' });
    const name = dialog.getByLabel(/^Nom/);
    await expect.poll(() => name.inputValue()).toBe('Espace conseil');
    await dialog.getByRole('button', { name: 'Fermer' }).waitFor();
    await expectAccessible(page);

    await name.fill('AGENCE LOCALE');
    await dialog.getByLabel('Sigle').fill('alec');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Une structure du même nom et du même sigle' });
    await alert.getByRole('link', { name: 'Ouvrir la fiche existante' }).waitFor();
    expect(await alert.getByRole('link').getAttribute('href')).toBe(
      path('admin.resource.show', { resource: 'structures', id: agency!.id }),
    );

    await dialog.getByLabel('Sigle').fill('EC');
    await name.fill('Espace conseil France Rénov');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été mises à jour.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await listRow(page, 'Espace conseil France Rénov').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/structures');
  });
});
