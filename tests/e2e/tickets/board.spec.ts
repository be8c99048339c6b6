import { describe, expect, it } from 'vitest';
import type { ResourcePage } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { errorToast, expectAccessible, settled, useBrowserAndServer } from '../../support/browser';
import {
  boardOf,
  card,
  column,
  columnEnd,
  drag,
  moveAnswered,
  moveThroughApi,
  openBoard,
  projectWithTickets,
  spoken,
  workflow,
} from '../../support/ticket-board-page';

const started = useBrowserAndServer();

describe('the tickets’ board', () => {
  it('draws each ticket in its step’s column, and saves a card dragged with the mouse to a reachable step', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTickets(page, 'Maison Dupont', [
      { name: 'Visite technique', deadline: '2099-03-15', color: '#1c7ed6' },
      { name: 'Devis isolation' },
      { name: 'Audit énergétique' },
    ]);
    await openBoard(page, project);
    await page.getByRole('heading', { name: 'Kanban du projet', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Projet : Maison Dupont' }).waitFor();
    await card(page, 'Visite technique').waitFor();
    expect(await boardOf(page)).toEqual({
      'À faire': ['Visite technique', 'Devis isolation', 'Audit énergétique'],
      'En cours': [],
      Validation: [],
      Terminé: [],
    });
    expect(await column(page, 'À faire').getByRole('heading').textContent()).toBe('À faire3 tickets');
    const visit = card(column(page, 'À faire'), 'Visite technique');
    expect(await visit.textContent()).toBe('Visite techniqueStatut : Travail en coursÉchéance : 15/03/2099');
    await expectAccessible(page);

    const saved = moveAnswered(page);
    await drag(page, card(page, 'Devis isolation'), columnEnd(page, 'En cours'));
    expect((await saved).status()).toBe(200);
    expect(await boardOf(page)).toMatchObject({
      'À faire': ['Visite technique', 'Audit énergétique'],
      'En cours': ['Devis isolation'],
    });
    // Within its column: Audit énergétique dropped on the top of Visite technique goes before it.
    const reordered = moveAnswered(page);
    await drag(page, card(page, 'Audit énergétique'), card(page, 'Visite technique'), { onto: 'top' });
    expect((await reordered).status()).toBe(200);

    await page.reload();
    await card(page, 'Visite technique').waitFor();
    expect(await boardOf(page)).toEqual({
      'À faire': ['Audit énergétique', 'Visite technique'],
      'En cours': ['Devis isolation'],
      Validation: [],
      Terminé: [],
    });
  });

  it('refuses a drop on a step the card’s step does not reach: the column is dimmed, the card stays, the reason is said in French', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTickets(page, 'Maison Leroy', [{ name: 'Relevé des compteurs' }]);
    await openBoard(page, project);
    const meter = card(page, 'Relevé des compteurs');
    const start = (await meter.boundingBox())!;
    const end = (await columnEnd(page, 'Terminé').boundingBox())!;
    await page.mouse.move(start.x + 20, start.y + 12);
    await page.mouse.down();
    await page.mouse.move(start.x + 30, start.y + 24, { steps: 3 });
    await page.mouse.move(end.x + end.width / 2, end.y + end.height - 12, { steps: 12 });
    // During the drag, the steps out of reach say so.
    await column(page, 'Terminé').getByText('Étape non accessible').waitFor();
    expect(await column(page, 'En cours').getByText('Étape non accessible').count()).toBe(0);
    await page.mouse.up();
    await errorToast(page, "Le ticket ne peut pas passer de l'étape « À faire » à l'étape « Terminé ».").waitFor();
    expect(await boardOf(page)).toMatchObject({ 'À faire': ['Relevé des compteurs'], Terminé: [] });
    await page.reload();
    await meter.waitFor();
    expect(await boardOf(page)).toMatchObject({ 'À faire': ['Relevé des compteurs'], Terminé: [] });
  });

  it('moves a card with the keyboard: Space picks it up, the arrows move it to the next step or up its column, Space drops it', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTickets(page, 'Maison Bernard', [
      { name: 'Pose de la VMC' },
      { name: 'Réception du chantier' },
      { name: 'Isolation des combles' },
    ]);
    await openBoard(page, project);
    const vmc = card(page, 'Pose de la VMC');
    await vmc.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => spoken(page)).toBe('« Pose de la VMC » saisi, dans l’étape « À faire ».');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => spoken(page)).toMatch(/^« Pose de la VMC » au-dessus de l’étape « En cours »/);
    const saved = moveAnswered(page);
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect
      .poll(() => spoken(page))
      .toBe('« Pose de la VMC » déposé dans l’étape « En cours », position 1 sur 1.');

    // Up within its column: before the card above it.
    await card(page, 'Isolation des combles').focus();
    await page.keyboard.press('Space');
    // An arrow before the pick-up is taken would be lost.
    await expect.poll(() => spoken(page)).toBe('« Isolation des combles » saisi, dans l’étape « À faire ».');
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => spoken(page))
      .toBe('« Isolation des combles » au-dessus de l’étape « À faire », position 1 sur 2.');
    const reordered = moveAnswered(page);
    await page.keyboard.press('Space');
    expect((await reordered).status()).toBe(200);

    await page.reload();
    await vmc.waitFor();
    expect(await boardOf(page)).toMatchObject({
      'À faire': ['Isolation des combles', 'Réception du chantier'],
      'En cours': ['Pose de la VMC'],
    });
  });

  it('asks a transition’s characteristics in a modal and records them; cancelling puts the card back', async () => {
    const page = await started.openAsAdmin('/admin');
    const { review } = { review: (await workflow(page)).Validation };
    const { project, tickets } = await projectWithTickets(page, 'Maison Petit', [
      { name: 'Dossier de subvention' },
      { name: 'Plan de financement' },
    ]);
    for (const ticket of tickets) await moveThroughApi(page, ticket, (await workflow(page))['En cours']);
    await openBoard(page, project);
    await card(page, 'Dossier de subvention').waitFor();

    await drag(page, card(page, 'Plan de financement'), columnEnd(page, 'Validation'));
    let dialog = page.getByRole('dialog', { name: 'Passage à l’étape « Validation »' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await boardOf(page)).toMatchObject({
      'En cours': ['Dossier de subvention', 'Plan de financement'],
      Validation: [],
    });

    await drag(page, card(page, 'Dossier de subvention'), columnEnd(page, 'Validation'));
    dialog = page.getByRole('dialog', { name: 'Passage à l’étape « Validation »' });
    await dialog.getByText('Ce passage demande les informations suivantes sur « Dossier de subvention ».').waitFor();
    expect(await boardOf(page)).toMatchObject({ Validation: ['Dossier de subvention'] });
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Montant' }).fill('1500');
    await dialog.getByRole('combobox', { name: 'Avis' }).click();
    await page.getByRole('option', { name: 'favorable', exact: true }).click();
    const saved = moveAnswered(page, 'api.tickets.add_transition');
    await dialog.getByRole('button', { name: 'Déplacer le ticket' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await card(page, 'Dossier de subvention').waitFor();
    expect(await boardOf(page)).toMatchObject({
      'En cours': ['Plan de financement'],
      Validation: ['Dossier de subvention'],
    });
    const recorded = (await (
      await page.request.get(
        path('api.resource.children', { resource: 'tickets', id: tickets[0]!, child: 'tickets-transitions' }),
      )
    ).json()) as ResourcePage;
    const toReview = recorded.items.find((item) => item.toStep === review);
    expect(toReview?.characteristics).toEqual([
      { characteristicName: 'Montant', value: '1500' },
      { characteristicName: 'Avis', value: 'favorable' },
    ]);
  });

  it('changes a card’s status with its comment, which is required', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project, tickets } = await projectWithTickets(page, 'Maison Garnier', [{ name: 'Commande des matériaux' }]);
    await openBoard(page, project);
    await page.getByRole('button', { name: 'Changer le statut de « Commande des matériaux »' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le statut de « Commande des matériaux »' });
    await dialog.getByRole('radio', { name: 'Bloqué' }).check();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Un commentaire est obligatoire pour changer le statut.').waitFor();
    await dialog.getByRole('textbox', { name: 'Commentaire' }).fill('En attente du fournisseur');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => card(page, 'Commande des matériaux').textContent())
      .toBe('Commande des matériauxStatut : Bloqué');
    await page.reload();
    await expect
      .poll(() => card(page, 'Commande des matériaux').textContent())
      .toBe('Commande des matériauxStatut : Bloqué');
    const recorded = (await (
      await page.request.get(
        path('api.resource.children', { resource: 'tickets', id: tickets[0]!, child: 'tickets-transitions' }),
      )
    ).json()) as ResourcePage;
    expect(recorded.items.map(({ comment, toStatus }) => ({ comment, toStatus }))).toContainEqual({
      comment: 'En attente du fournisseur',
      toStatus: 'blocked',
    });
  });
});
