import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { boxOf, expectAccessible, settled, useBrowserAndServer } from '../../support/browser';
import {
  card,
  column,
  moveAnswered,
  openBoard,
  projectWithTickets,
  send,
  spoken,
  type StepName,
} from '../../support/ticket-board-page';

const started = useBrowserAndServer();

/** A day counted from today, as the API takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The board's steps, as its columns' headings name them. */
const steps: StepName[] = ['À faire', 'En cours', 'Validation', 'Terminé'];

describe('the board as an adviser uses it every day', () => {
  it('names the statuses apart from the steps, and says when the deadline is why a card is orange', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTickets(page, 'Maison Perrin', [
      { name: 'Dossier de subvention', deadline: inDays(-2) },
      { name: 'Relance du devis', deadline: inDays(1) },
      { name: 'Visite de fin de chantier', deadline: '2099-06-30' },
    ]);
    await openBoard(page, project);
    await card(page, 'Visite de fin de chantier').waitFor();
    const headings = await page
      .getByRole('group', { name: 'Colonnes du kanban' })
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(headings.map((text) => text.replace(/\d+ tickets?$/, ''))).toEqual(steps);

    const todo = column(page, 'À faire');
    // Overdue, near, far: the card says which, in words no step uses.
    await expect
      .poll(() => card(todo, 'Dossier de subvention').textContent())
      .toBe(`Dossier de subventionStatut : En retardÉchéance : ${inDays(-2).split('-').reverse().join('/')}`);
    expect(await card(todo, 'Relance du devis').textContent()).toBe(
      `Relance du devisStatut : Échéance procheÉchéance : ${inDays(1).split('-').reverse().join('/')}`,
    );
    expect(await card(todo, 'Visite de fin de chantier').textContent()).toBe(
      'Visite de fin de chantierStatut : Travail en coursÉchéance : 30/06/2099',
    );
    // The status filter's choices are none of the steps' names.
    const statusFilter = page.getByRole('combobox', { name: 'Statut' });
    const choices = (await statusFilter.getByRole('option').allTextContents()).filter((text) => text !== 'Tous');
    expect(choices).toEqual(['Travail en cours', 'Bloqué, échéance proche ou en retard', 'Étape terminée']);
    for (const choice of choices) expect(steps as string[]).not.toContain(choice);
    await settled(page);
    await expectAccessible(page);
  });

  it('cuts no column at 1 366 px with the menu open', async () => {
    const page = await started.openAsAdmin('/admin');
    await page.setViewportSize({ width: 1366, height: 768 });
    const { project } = await projectWithTickets(page, 'Maison Lemoine', [
      { name: 'Un ticket au nom assez long pour élargir sa carte dans la colonne' },
    ]);
    await openBoard(page, project);
    await card(page, 'Un ticket au nom assez long').waitFor();
    // The menu is open, its entries named beside their icons.
    const menu = page.getByRole('navigation', { name: 'Navigation principale' });
    expect((await boxOf(menu)).width).toBeGreaterThan(150);
    // The page itself does not scroll sideways; the four columns share the board's width, each whole
    // in view without scrolling (more steps than fit would scroll the board, never the page).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const board = page.getByRole('group', { name: 'Colonnes du kanban' });
    for (const name of steps) {
      const region = column(page, name);
      const [box, area] = [await boxOf(region), await boxOf(board)];
      expect(box.x, name).toBeGreaterThanOrEqual(Math.max(0, area.x) - 1);
      expect(box.x + box.width, name).toBeLessThanOrEqual(Math.min(1366, area.x + area.width) + 1);
    }
  });

  it('folds its filters behind a « Filtres » button on a phone', async () => {
    const page = await started.openAsAdmin('/admin');
    await page.setViewportSize({ width: 390, height: 844 });
    const { project } = await projectWithTickets(page, 'Maison Roux', [{ name: 'Prise de rendez-vous' }]);
    await openBoard(page, project);
    await card(page, 'Prise de rendez-vous').waitFor();
    const toggle = page.getByRole('button', { name: /^Filtres/ });
    // Polled: the panel folds once the page has measured the window.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    const filters = page.getByRole('search', { name: 'Filtres du kanban' });
    await expect.poll(() => filters.isVisible()).toBe(false);
    await toggle.click();
    await filters.getByRole('searchbox', { name: 'Rechercher' }).fill('rendez-vous');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('rendez-vous');
    // Folded again, it says that a criterion is in force.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => toggle.textContent()).toBe('Filtres1 filtre actif');
    // On a large screen, no button: the filters are shown.
    await page.setViewportSize({ width: 1366, height: 768 });
    await filters.getByRole('searchbox', { name: 'Rechercher' }).waitFor();
    expect(await toggle.count()).toBe(0);
  });

  it('says a refused keyboard move to a screen reader', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project, tickets } = await projectWithTickets(page, 'Maison Vidal', [{ name: 'Pose des fenêtres' }]);
    await openBoard(page, project);
    const windows = card(page, 'Pose des fenêtres');
    await windows.focus();
    await page.keyboard.press('Space');
    // Each key is acted on before the next (as a person hears it said): on a slow machine a key
    // pressed while the board still drew was lost, and the move never asked.
    await expect.poll(() => spoken(page)).toBe('« Pose des fenêtres » saisi, dans l’étape « À faire ».');
    // Meanwhile, a colleague deletes the ticket: the move the board still offers is refused.
    await send(page, 'POST', path('api.resource.delete', { resource: 'tickets', id: tickets[0]! }), {});
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => spoken(page)).toMatch(/^« Pose des fenêtres » au-dessus de l’étape « En cours »/);
    const answered = moveAnswered(page);
    await page.keyboard.press('Space');
    expect((await answered).status()).toBe(404);
    const said = page.getByRole('status').filter({ hasText: /^Déplacement refusé/ });
    await expect
      .poll(() => said.textContent())
      .toMatch(/^Déplacement refusé : « Pose des fenêtres » reste dans l’étape « À faire »\. \S/);
  });
});
