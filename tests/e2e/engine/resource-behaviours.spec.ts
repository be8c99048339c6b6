import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResourcePage } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import {
  expectAccessible,
  dropClickGuardGone,
  listRow,
  settled,
  shownValue,
  toast,
  useBrowserAndServer,
} from '../../support/browser';

// Every test shares one server and database: record names are unique across the file.
const started = useBrowserAndServer();
let page: Page;

async function openAsAdmin(url: string): Promise<void> {
  page = await started.openAsAdmin(url);
}

const save = () => page.getByRole('button', { name: 'Enregistrer' }).click();
const showPage = (title: string) => page.getByRole('heading', { name: title, level: 1 }).waitFor();

/** The text a field's aria-describedby points at: how its error reaches a screen reader. */
const description = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** Picks an option of a Mantine select (its listbox opens in a portal). */
async function choose(select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** How many live records of a resource match a search, asked of the API as a second tab would. */
async function countMatching(resource: string, q: string): Promise<number> {
  const response = await page.request.get(path('api.resource.collection', { resource, q }));
  return ((await response.json()) as ResourcePage).total;
}

describe('tabbed form', () => {
  it('keeps the active tab in the hash and the anchor field, and marks the tab holding an error', async () => {
    await openAsAdmin('/admin/etapes/ajouter');
    await page.getByRole('heading', { name: 'Ajouter une étape', level: 1 }).waitFor();
    const tabNames = await page.getByRole('tab').allTextContents();
    expect(tabNames).toEqual(['Général', 'Enchaînement', 'Notifications']);
    expect(await page.getByRole('tab', { name: 'Général' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('tab', { name: 'Enchaînement' }).click();
    await page.waitForURL((current) => current.hash === '#enchainement');
    // The hidden field a classic form post would carry; it has no role, only its name.
    const anchor = page.locator('input[name="anchor"]');
    await expect.poll(() => anchor.inputValue()).toBe('enchainement');

    await page.reload();
    await page.getByRole('tab', { name: 'Enchaînement', selected: true }).waitFor();
    expect(await anchor.inputValue()).toBe('enchainement');
    await page.getByRole('button', { name: 'Ajouter une transition', exact: true }).waitFor();

    // Saved from another tab: the name's tab says it holds the error.
    await save();
    const invalidTab = page.getByRole('tab', { name: 'Général (contient une erreur)' });
    await invalidTab.waitFor();
    expect(await page.getByRole('tab', { name: 'Enchaînement' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page);

    await invalidTab.click();
    const name = page.getByLabel(/^Nom/);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await page
      .getByRole('tabpanel', { name: /^Général/ })
      .getByText('Ce champ est obligatoire.')
      .waitFor();
    expect(await description(name)).toBe('Ce champ est obligatoire.');
    await expectAccessible(page);
    await expect.poll(() => new URL(page.url()).hash).toBe('#general');

    await name.fill('Premier contact');
    await page.getByRole('tab', { name: 'Général', exact: true }).waitFor();
    await save();
    await showPage('Premier contact');
  });
});

describe('repeatable collection', () => {
  const label = 'Tâches préremplies';
  /** What one row is called. */
  const rowName = 'Tâche';
  const taskRow = (index: number) => page.getByRole('group', { name: `${rowName} n° ${index}`, exact: true });
  /** The rows shown are exactly these numbers. */
  async function expectRowNumbers(...indexes: number[]): Promise<void> {
    for (const index of indexes) await taskRow(index).waitFor();
    expect(await page.getByRole('group', { name: new RegExp(`^${rowName} n° \\d+$`) }).count()).toBe(indexes.length);
  }

  async function fillTask(index: number, task: { name: string; type?: string; dueIn: string; unit: string }) {
    const scope = taskRow(index);
    await scope.getByLabel(/^Intitulé de la tâche/).fill(task.name);
    if (task.type) await choose(scope.getByRole('combobox', { name: 'Type de tâche' }), task.type);
    await scope.getByLabel(/^Échéance/).fill(task.dueIn);
    await choose(scope.getByRole('combobox', { name: /^Unité/ }), task.unit);
  }

  it('numbers new rows with the next free index, never a removed one, and saves the rows', async () => {
    await openAsAdmin('/admin/template-tache/ajouter');
    await createRecords(page, 'types-tache', [{ name: 'Visite technique' }]);
    await page.reload();
    await page.getByLabel(/^Nom/).fill('Parcours copropriété');
    const add = page.getByRole('button', { name: 'Ajouter une tâche', exact: true });

    await add.click();
    await add.click();
    await expectRowNumbers(1, 2);
    await page.getByRole('button', { name: `Retirer : ${rowName} n° 1` }).click();
    await add.click();
    await expectRowNumbers(2, 3);

    await fillTask(2, { name: 'Visite des parties communes', type: 'Visite technique', dueIn: '2', unit: 'semaines' });
    await fillTask(3, { name: 'Relance du syndic', dueIn: '1', unit: 'mois' });
    await expectAccessible(page);
    await save();
    await showPage('Parcours copropriété');
    const [first, second, ...others] = await shownValue(page, label).getByRole('listitem').allTextContents();
    expect(first).toBe(
      'Intitulé de la tâche : Visite des parties communes, Type de tâche : Visite technique, Échéance : 2, Unité : semaines',
    );
    expect(second).toMatch(/^Intitulé de la tâche : Relance du syndic, .*Échéance : 1, Unité : mois$/);
    expect(others).toEqual([]);
  });
});

describe('edit-link fields (spec 2.2)', () => {
  it('link to adding a record while none is chosen, then to editing the chosen one', async () => {
    await openAsAdmin('/admin/template-tache/ajouter');
    const [projectType] = await createRecords(page, 'types-projet', [{ name: 'Rénovation de maison' }]);
    await page.reload();
    const add = page.getByRole('link', { name: 'Ajouter un type de projet', exact: true });
    expect(await add.getAttribute('href')).toBe('/admin/types-projet/ajouter');
    await choose(page.getByRole('combobox', { name: 'Type de projet' }), 'Rénovation de maison');
    const edit = page.getByRole('link', { name: 'Modifier : Type de projet' });
    expect(await edit.getAttribute('href')).toBe(`/admin/types-projet/editer/${projectType!.id}`);
  });
});

describe('workflow steps', () => {
  it('orders the steps by dragging one with the mouse; the first position is 0', async () => {
    await openAsAdmin('/admin/etapes/organiser');
    await createRecords(page, 'etapes', [{ name: 'Accueil' }, { name: 'Diagnostic' }, { name: 'Travaux' }]);
    await page.reload();
    const mine = ['Accueil', 'Diagnostic', 'Travaux'];
    // Other tests of this file made steps too: the order of these three is what matters.
    const order = async () =>
      (await page.getByRole('list').locator('li').allTextContents()).filter((name) => mine.includes(name));
    await expect.poll(order).toEqual(['Accueil', 'Diagnostic', 'Travaux']);
    const from = await page.getByRole('button', { name: 'Déplacer « Travaux »' }).boundingBox();
    const to = await page.getByRole('button', { name: 'Déplacer « Accueil »' }).boundingBox();
    // A pointer drag in small steps, as a hand would move it: dnd-kit follows the pointer.
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2 - 10, { steps: 20 });
    await page.mouse.up();
    await expect.poll(order).toEqual(['Travaux', 'Accueil', 'Diagnostic']);
    // dnd-kit ends the drop with a short animation, and swallows clicks for 50 ms after it.
    await settled(page);
    await dropClickGuardGone(page);
    await page.getByRole('button', { name: "Enregistrer l'ordre" }).click();
    await toast(page, 'Les données ont été enregistrées.').waitFor();
    await page.waitForURL((current) => current.pathname === '/admin/etapes');
    const saved = await page.request.get(path('api.resource.collection', { resource: 'etapes', tri: 'position' }));
    const steps: { name: string; position: number }[] = (await saved.json()).items;
    // Saved positions run 0, 1, 2… in the new order.
    expect(steps.map(({ position }) => position)).toEqual(steps.map((_step, index) => index));
    expect(steps.map(({ name }) => name).filter((name) => mine.includes(name))).toEqual([
      'Travaux',
      'Accueil',
      'Diagnostic',
    ]);
  });

  async function createStep(name: string): Promise<void> {
    await page.goto('/admin/etapes/ajouter');
    await page.getByLabel(/^Nom/).fill(name);
    await page.getByLabel('État terminé').check();
    await save();
  }

  it('refuses a second step marked finished, on its field, and creates nothing', async () => {
    await openAsAdmin('/admin/etapes');
    await createStep('Dossier clos');
    await showPage('Dossier clos');

    await createStep('Dossier archivé');
    await page.getByText("Une autre étape est déjà marquée avec l'état terminé").waitFor();
    const done = page.getByLabel('État terminé');
    expect(await done.getAttribute('aria-invalid')).toBe('true');
    expect(await description(done)).toBe("Une autre étape est déjà marquée avec l'état terminé");
    expect(new URL(page.url()).pathname).toBe('/admin/etapes/ajouter');
    expect(await countMatching('etapes', 'Dossier archivé')).toBe(0);
  });

  it('suggests users after a few letters, and names the chosen one on the show page', async () => {
    await openAsAdmin('/admin/etapes/ajouter');
    await page.getByLabel(/^Nom/).fill('Visite réalisée');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/autocomplete')) asked.push(new URL(request.url()).searchParams.get('term') ?? '');
    });

    const users = page.getByRole('combobox', { name: "Utilisateurs notifiés à l'entrée" });
    await users.pressSequentially('ad', { delay: 50 });
    await page.getByRole('option', { name: 'Principal Administrateur' }).click();
    // Keys closer than 300 ms apart make one request, for the whole term.
    expect(asked).toEqual(['ad']);
    await save();
    await showPage('Visite réalisée');
    expect(await shownValue(page, "Utilisateurs notifiés à l'entrée").textContent()).toBe('Principal Administrateur');

    // Editing shows the chosen user by name, not by id.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('tabpanel', { name: 'Notifications' }).getByText('Principal Administrateur').waitFor();
  });
});

describe('publication', () => {
  async function workbookBytes(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Suivi').addRow(['Poste de travaux', 'Entreprise']);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('uploads a file with the form, gives it back from the show page, and publishes it from the list', async () => {
    await openAsAdmin('/admin/fichier-type/ajouter');
    const bytes = await workbookBytes();
    await page.getByLabel(/^Nom/).fill('Grille de suivi');
    // The file input is a button opening the system's file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^Fichier/ }).click();
    await (
      await chooser
    ).setFiles({
      name: 'grille-suivi.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    await page.getByRole('link', { name: 'grille-suivi.xlsx' }).waitFor();
    await expectAccessible(page);
    await save();
    await showPage('Grille de suivi');

    const download = page.waitForEvent('download');
    await shownValue(page, 'Fichier').getByRole('link', { name: 'grille-suivi.xlsx' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('grille-suivi.xlsx');
    expect(readFileSync((await file.path())!).equals(bytes)).toBe(true);

    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    const publish = page.getByRole('button', { name: 'Publier « Grille de suivi »' });
    expect(await publish.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page);
    await publish.click();
    await toast(page, 'La publication a bien été effectuée.').waitFor();
    const unpublish = page.getByRole('button', { name: 'Dépublier « Grille de suivi »' });
    expect(await unpublish.getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await unpublish.click();
    await toast(page, 'La dépublication a bien été effectuée.').waitFor();
    expect(await publish.getAttribute('aria-pressed')).toBe('false');

    // A double click flips it once: what the list shows stays what is stored.
    const toggles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/publication/')) toggles.push(request.url());
    });
    await publish.dblclick();
    await toast(page, 'La publication a bien été effectuée.').waitFor();
    expect(toggles).toHaveLength(1);
    await page.reload();
    expect(await unpublish.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('activation', () => {
  const state = (title: string) => listRow(page, title).getByRole('cell', { name: /^(Activé|Désactivé)$/ });

  async function applyBatch(action: string, titles: string[]): Promise<void> {
    for (const title of titles) await page.getByRole('checkbox', { name: `Sélectionner ${title}` }).click();
    await choose(page.getByRole('combobox', { name: 'Action groupée' }), action);
    await page.getByRole('button', { name: 'Appliquer' }).click();
    // The dialog names the action and the count: "Désactiver 2 éléments ?", confirmed by "Désactiver".
    const verb = action.replace(' la sélection', '');
    const count = titles.length === 1 ? '1 élément' : `${titles.length} éléments`;
    await page
      .getByRole('dialog', { name: `${verb} ${count} ?` })
      .getByRole('button', { name: verb })
      .click();
    await toast(page, titles.length === 1 ? '1 élément traité.' : `${titles.length} éléments traités.`).waitFor();
  }

  it('disables a selection and enables a row back with the batch actions', async () => {
    await openAsAdmin('/admin/types-projet');
    await createRecords(page, 'types-projet', [
      { name: 'Rénovation globale' },
      { name: 'Rénovation par gestes' },
      { name: 'Rénovation de copropriété' },
    ]);
    await page.reload();
    await page.getByRole('columnheader', { name: 'État' }).waitFor();
    expect(await state('Rénovation globale').textContent()).toBe('Activé');

    await applyBatch('Désactiver la sélection', ['Rénovation globale', 'Rénovation par gestes']);
    await expect.poll(() => state('Rénovation globale').textContent()).toBe('Désactivé');
    expect(await state('Rénovation par gestes').textContent()).toBe('Désactivé');
    expect(await state('Rénovation de copropriété').textContent()).toBe('Activé');

    await applyBatch('Activer la sélection', ['Rénovation par gestes']);
    await expect.poll(() => state('Rénovation par gestes').textContent()).toBe('Activé');
    expect(await state('Rénovation globale').textContent()).toBe('Désactivé');
  });
});

describe('preview', () => {
  it("opens a row's fields and history in a dialog, closed with Fermer", async () => {
    await openAsAdmin('/admin/types-projet');
    const [mission] = await createRecords(page, 'missions', [{ name: 'Petit tertiaire privé', acronym: 'PTP' }]);
    await createRecords(page, 'types-projet', [{ name: 'Local commercial', missions: [mission!.id] }]);
    await page.reload();

    // A rarer action: in the row's "more actions" menu.
    await page.getByRole('button', { name: "Plus d'actions pour « Local commercial »" }).click();
    await page.getByRole('menuitem', { name: 'Aperçu de « Local commercial »' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aperçu : Local commercial' });
    await dialog.getByRole('heading', { name: 'Historique' }).waitFor();
    expect(await shownValue(dialog, 'Nom').textContent()).toBe('Local commercial');
    expect(await shownValue(dialog, 'Missions').textContent()).toBe('Petit tertiaire privé');
    await dialog.getByText(/Créé le \d\d\/\d\d\/\d{4} \d\d:\d\d — Principal Administrateur/).waitFor();
    await expectAccessible(page);

    // The footer's button; the header's cross bears the same name.
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/types-projet');
  });
});
