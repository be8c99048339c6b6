import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, queuedTimersRun, useBrowserAndServer } from '../../support/browser';

// What a screen reader says in the French interface comes from the catalogs, never a library's
// English defaults.
const started = useBrowserAndServer();
let page: Page;

/** The text a control's aria-describedby points at. */
const description = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

describe('the sort screen', () => {
  it('announces in French an item picked up, moved and dropped with the keyboard', async () => {
    page = await started.openAsAdmin('/admin/types-tache/organiser');
    await createRecords(page, 'types-tache', [{ name: 'Appel' }, { name: 'Visite' }, { name: 'Relance' }]);
    await page.reload();
    const handle = page.getByRole('button', { name: 'Déplacer « Relance »' });
    expect(await handle.getAttribute('aria-roledescription')).toBe('élément déplaçable');
    await expectAccessible(page);
    expect(await description(handle)).toBe(
      'Pour déplacer un élément, placez-vous sur sa poignée et appuyez sur Espace ou Entrée. Déplacez-le avec ' +
        'les flèches haut et bas, puis appuyez de nouveau sur Espace ou Entrée pour le déposer, ou sur Échap ' +
        'pour annuler.',
    );
    // dnd-kit's live region: a status read out as soon as it changes.
    const liveRegion = page.getByRole('status').filter({ hasText: '« Relance »' });

    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion.textContent()).toBe('« Relance » saisi, en position 3 sur 3.');
    // dnd-kit listens for the arrows from a timer it queues at the pick-up.
    await queuedTimersRun(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => liveRegion.textContent()).toBe('« Relance » déplacé en position 2 sur 3.');
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion.textContent()).toBe('« Relance » déposé en position 2 sur 3.');
    await expect
      .poll(() =>
        page.getByRole('list', { name: 'Organiser : Types de tâche' }).getByRole('listitem').allTextContents(),
      )
      .toEqual(['Appel', 'Relance', 'Visite']);

    // Escape puts it back where it was, and says so.
    await page.getByRole('button', { name: 'Déplacer « Appel »' }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '« Appel »' }).textContent())
      .toBe('« Appel » saisi, en position 1 sur 3.');
    await queuedTimersRun(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '« Appel »' }).textContent())
      .toBe('Déplacement annulé : « Appel » reste en position 1 sur 3.');
    expect(await page.content()).not.toMatch(/Picked up|Draggable item|To pick up a draggable item/);
  });
});

describe('the shell', () => {
  it('names the display-settings button and its panel in French', async () => {
    page = await started.openAsAdmin('/admin');
    await page.getByRole('button', { name: "Paramètres d'affichage" }).click();
    const panel = page.getByRole('dialog', { name: "Paramètres d'affichage" });
    await panel.getByRole('radiogroup', { name: 'Langue' }).waitFor();
    await panel.getByRole('button', { name: 'Fermer' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Display settings' }).count()).toBe(0);
  });

  it("names the date picker's month and year controls in French", async () => {
    page = await started.openAsAdmin('/admin/utilisateurs/ajouter');
    await page.getByRole('tab', { name: 'Accès' }).click();
    await page.getByRole('button', { name: "Choisir la date : Date d'expiration" }).click();
    const picker = page.getByRole('dialog', { name: "Choisir la date : Date d'expiration" });
    await picker.getByRole('button', { name: 'Mois précédent' }).waitFor();
    await picker.getByRole('button', { name: 'Mois suivant' }).waitFor();
    await picker.getByRole('button', { name: "Choisir le mois dans l'année" }).click();
    await picker.getByRole('button', { name: 'Année précédente' }).waitFor();
    await picker.getByRole('button', { name: "Choisir l'année dans la décennie" }).click();
    await picker.getByRole('button', { name: 'Décennie suivante' }).waitFor();
  });
});
