import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import type { ResourcePage } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { errorToast, expectAccessible, settled, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

type StepName = 'À faire' | 'En cours' | 'Validation' | 'Terminé';
let steps: Record<StepName, number> | undefined;

/** Sends a JSON request with the page's session, as a second tab would. */
async function send(page: Page, method: 'POST' | 'PUT', url: string, data: object) {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': session.csrfToken } });
  if (response.status() >= 300) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * The workflow, created once: À faire → En cours → Validation (asking an amount and an opinion) →
 * Terminé; Validation may go back to En cours.
 */
async function workflow(page: Page): Promise<Record<StepName, number>> {
  if (steps) return steps;
  const [todo, doing, review, done] = await createRecords(page, 'etapes', [
    { name: 'À faire' },
    { name: 'En cours' },
    { name: 'Validation' },
    { name: 'Terminé', done: true },
  ]);
  const put = (id: number, values: object) =>
    send(page, 'PUT', path('api.resource.item', { resource: 'etapes', id }), values);
  await put(todo!.id, { name: 'À faire', reachableSteps: [doing!.id] });
  await put(doing!.id, {
    name: 'En cours',
    reachableSteps: [todo!.id, review!.id],
    transitions: [
      {
        target: review!.id,
        characteristics: [
          { characteristicName: 'Montant', characteristicType: 'number' },
          { characteristicName: 'Avis', characteristicType: 'choice', characteristicOptions: 'favorable, défavorable' },
        ],
      },
    ],
  });
  await put(review!.id, { name: 'Validation', reachableSteps: [doing!.id, done!.id] });
  steps = { 'À faire': todo!.id, 'En cours': doing!.id, Validation: review!.id, Terminé: done!.id };
  return steps;
}

/** A project and its tickets (in the first step, in this order), created through the API. */
async function projectWithTickets(page: Page, name: string, tickets: Record<string, unknown>[]) {
  await workflow(page);
  const [project] = await createRecords(page, 'projet', [{ name }]);
  const created = await createRecords(
    page,
    'tickets',
    tickets.map((values) => ({ project: project!.id, ...values })),
  );
  return { project: project!.id, tickets: created.map(({ id }) => id) };
}

/** A move through the API (the board's own route), as another adviser's screen would send it. */
const moveThroughApi = (page: Page, ticket: number, step: number) =>
  send(page, 'POST', path('api.tickets.move'), { ticket, step, before: null });

const column = (page: Page, name: StepName) => page.getByRole('region', { name: new RegExp(`^${name}\\s`) });
/** A card, by its ticket's name (its accessible name starts with it). */
const card = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${name}`) });
/** The names of a column's cards, top to bottom. */
const namesIn = (page: Page, name: StepName) =>
  column(page, name).locator('[aria-roledescription="ticket déplaçable"] > span:first-child').allTextContents();
/** Every column's cards, as an adviser reads the board. */
const boardOf = async (page: Page) =>
  Object.fromEntries(
    await Promise.all(
      (['À faire', 'En cours', 'Validation', 'Terminé'] as const).map(async (name) => [
        name,
        await namesIn(page, name),
      ]),
    ),
  ) as Record<StepName, string[]>;

/**
 * Drags with the mouse, as a person would: press on the card, move a little (the drag starts after
 * 6 px), move to the target, release. `target`: a card (dropped on its upper part: before it) or a
 * column (its empty space under its cards: its end).
 */
async function drag(page: Page, from: Locator, to: Locator, { onto = 'end' }: { onto?: 'top' | 'end' } = {}) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + 20, start.y + 12);
  await page.mouse.down();
  await page.mouse.move(start.x + 30, start.y + 24, { steps: 3 });
  const y = onto === 'top' ? end.y + end.height / 4 : end.y + end.height - 12;
  await page.mouse.move(end.x + end.width / 2, y, { steps: 12 });
  await page.mouse.up();
}
/** The column's list, whose empty space is its end. */
const columnEnd = (page: Page, name: StepName) => column(page, name).getByRole('list');

/** What the drag and drop's live region last said (read by screen readers, hidden from view). */
const spoken = (page: Page) => page.getByRole('status').and(page.locator('[aria-live="assertive"]')).textContent();

const boardPath = (project: number) => path('admin.tickets.board', { projet: project });
/**
 * Opens a project's board, once laid out: the header's link to the project comes after the cards
 * and pushes them down, so a card measured before it would be missed by the mouse.
 */
async function openBoard(page: Page, project: number) {
  await page.goto(boardPath(project));
  await page.getByRole('link', { name: /^Projet : / }).waitFor();
}
/** Waits for the move's answer (move-ajax or add-transition-ajax). */
const moveAnswered = (page: Page, route: 'api.tickets.move' | 'api.tickets.add_transition' = 'api.tickets.move') =>
  page.waitForResponse((response) => new URL(response.url()).pathname === path(route));

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
    expect(await visit.textContent()).toBe('Visite techniqueStatut : En coursÉchéance : 15/03/2099');
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
    for (const ticket of tickets) await moveThroughApi(page, ticket, steps!['En cours']);
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

  it('lets two advisers move different cards of one board at once: both then see every card once, in the same order', async () => {
    const first = await started.openAsAdmin('/admin');
    const names = ['Carte 1', 'Carte 2', 'Carte 3', 'Carte 4', 'Carte 5', 'Carte 6'];
    const { project } = await projectWithTickets(
      first,
      'Copropriété Les Tilleuls',
      names.map((name) => ({ name })),
    );
    const adviser = await createUserWithProfile(first, {
      email: 'conseillere.kanban@exemple.fr',
      permissions: ['tickets.consult', 'tickets.modify', 'projet.consult'],
    });
    const second = await started.openAsAdmin('/admin');
    await logInAs(second, adviser);
    await Promise.all([openBoard(first, project), openBoard(second, project)]);
    await Promise.all([card(first, 'Carte 6').waitFor(), card(second, 'Carte 6').waitFor()]);

    // Round 1: each takes a card to En cours at the same time.
    await Promise.all(
      [
        [first, 'Carte 1'],
        [second, 'Carte 2'],
      ].map(async ([page, name]) => {
        const saved = moveAnswered(page as Page);
        await drag(page as Page, card(page as Page, name as string), columnEnd(page as Page, 'En cours'));
        expect((await saved).status()).toBe(200);
      }),
    );
    // Each sees the other's move within a poll (5 s) before going on, as a person would.
    for (const page of [first, second]) {
      await expect
        .poll(async () => (await namesIn(page, 'En cours')).sort(), { timeout: 15_000 })
        .toEqual(['Carte 1', 'Carte 2']);
    }
    // Round 2: one reorders À faire, the other sends another card to En cours.
    await Promise.all([
      (async () => {
        const saved = moveAnswered(first);
        await drag(first, card(first, 'Carte 5'), card(first, 'Carte 3'), { onto: 'top' });
        expect((await saved).status()).toBe(200);
      })(),
      (async () => {
        const saved = moveAnswered(second);
        await drag(second, card(second, 'Carte 6'), columnEnd(second, 'En cours'));
        expect((await saved).status()).toBe(200);
      })(),
    ]);
    // Again without reloading.
    await expect.poll(() => namesIn(first, 'En cours'), { timeout: 15_000 }).toContain('Carte 6');
    await expect.poll(() => namesIn(second, 'À faire'), { timeout: 15_000 }).toEqual(['Carte 5', 'Carte 3', 'Carte 4']);

    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([card(first, 'Carte 6').waitFor(), card(second, 'Carte 6').waitFor()]);
    const [seenFirst, seenSecond] = await Promise.all([boardOf(first), boardOf(second)]);
    expect(seenFirst).toEqual(seenSecond);
    expect(seenFirst['À faire']).toEqual(['Carte 5', 'Carte 3', 'Carte 4']);
    // Cartes 1 and 2 were saved at the same moment, in either order; Carte 6 came after both.
    expect([...seenFirst['En cours']].sort()).toEqual(['Carte 1', 'Carte 2', 'Carte 6']);
    expect(seenFirst['En cours'][2]).toBe('Carte 6');
    expect(Object.values(seenFirst).flat().sort()).toEqual(names);
  });

  it('keeps the board still while a card is held, and shows another adviser’s move once it is let go', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project, tickets } = await projectWithTickets(page, 'Maison Garnier', [
      { name: 'Carte tenue' },
      { name: 'Carte déplacée ailleurs' },
    ]);
    await openBoard(page, project);
    await card(page, 'Carte tenue').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => spoken(page)).toBe('« Carte tenue » saisi, dans l’étape « À faire ».');

    const boardRoute = path('api.tickets.board');
    let boardsAsked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === boardRoute) boardsAsked += 1;
    });
    await moveThroughApi(page, tickets[1]!, steps!['En cours']);
    // Two polls after the move: the first already saw a new version.
    for (let poll = 0; poll < 2; poll += 1) {
      await page.waitForResponse((response) => new URL(response.url()).pathname === path('api.tickets.board_version'));
    }
    expect(boardsAsked).toBe(0);
    expect(await namesIn(page, 'À faire')).toEqual(['Carte tenue', 'Carte déplacée ailleurs']);

    await page.keyboard.press('Escape');
    await expect.poll(() => namesIn(page, 'En cours')).toEqual(['Carte déplacée ailleurs']);
    expect(boardsAsked).toBe(1);
  });

  it('leaves aside a board answer on its way when a card is picked up, and asks again once it is let go', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project, tickets } = await projectWithTickets(page, 'Maison Lefèvre', [
      { name: 'Carte saisie' },
      { name: 'Carte déplacée entre-temps' },
    ]);
    await openBoard(page, project);
    // The board's next answer is held back, as on a slow network, until the card is picked up.
    const boardRoute = path('api.tickets.board');
    let letThrough: () => void = () => {};
    const pickedUp = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(
      (url) => url.pathname === boardRoute,
      async (route) => {
        const response = await route.fetch();
        await pickedUp;
        await route.fulfill({ response });
      },
    );
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === boardRoute);
    await moveThroughApi(page, tickets[1]!, steps!['En cours']);
    await asked;

    await card(page, 'Carte saisie').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => spoken(page)).toBe('« Carte saisie » saisi, dans l’étape « À faire ».');
    const answered = page.waitForEvent('requestfinished', (request) => new URL(request.url()).pathname === boardRoute);
    letThrough();
    await answered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await namesIn(page, 'À faire')).toEqual(['Carte saisie', 'Carte déplacée entre-temps']);

    await page.keyboard.press('Escape');
    await expect.poll(() => namesIn(page, 'En cours')).toEqual(['Carte déplacée entre-temps']);
  });

  it('filters the global board in its address, and refuses a deadline range ending before it starts', async () => {
    const page = await started.openAsAdmin('/admin');
    await projectWithTickets(page, 'Maison Moreau', [
      { name: 'Échéance de mars', deadline: '2098-03-15' },
      { name: 'Échéance de juin', deadline: '2098-06-15' },
    ]);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Kanban global', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Kanban global', level: 1 }).waitFor();
    await card(page, 'Échéance de juin').waitFor();
    const filters = page.getByRole('search', { name: 'Filtres du kanban' });
    await filters.getByRole('textbox', { name: 'Échéance : à partir du' }).fill('20/03/2098');
    await filters.getByRole('textbox', { name: 'Échéance : jusqu’au' }).fill('10/03/2098');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await filters.getByText('La date de début doit être antérieure à la date de fin.').waitFor();
    expect(new URL(page.url()).searchParams.has('echeanceDu')).toBe(false);
    // The server says the same to whoever asks it directly.
    const refused = await page.request.get(
      path('api.tickets.board', { echeanceDu: '2098-03-20', echeanceAu: '2098-03-10' }),
    );
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('La date de début doit être antérieure à la date de fin.');

    await filters.getByRole('textbox', { name: 'Échéance : à partir du' }).fill('01/03/2098');
    await filters.getByRole('textbox', { name: 'Échéance : jusqu’au' }).fill('31/03/2098');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('echeanceAu')).toBe('2098-03-31');
    await expect.poll(() => card(page, 'Échéance de juin').count()).toBe(0);
    await card(page, 'Échéance de mars').waitFor();
    expect(new URL(page.url()).searchParams.get('echeanceDu')).toBe('2098-03-01');
    await expectAccessible(page);
  });
});
