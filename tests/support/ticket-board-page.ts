import type { Locator, Page } from 'playwright-core';
import type { SessionPayload } from '../../src/shared/account/account.schema';
import { path } from '../../src/shared/routes';
import { createRecords } from './api-as-page';

/** The tickets' board as its browser tests drive it: a workflow, projects with tickets, columns, cards, drags. */
export type StepName = 'À faire' | 'En cours' | 'Validation' | 'Terminé';
/** Each test server's workflow, by its address: created once a server. */
const workflows = new Map<string, Record<StepName, number>>();

/** Sends a JSON request with the page's session, as a second tab would. */
export async function send(page: Page, method: 'POST' | 'PUT', url: string, data: object) {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': session.csrfToken } });
  if (response.status() >= 300) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * The workflow, created once: À faire → En cours → Validation (asking an amount and an opinion) →
 * Terminé; Validation may go back to En cours.
 */
export async function workflow(page: Page): Promise<Record<StepName, number>> {
  const server = new URL(page.url()).origin;
  const known = workflows.get(server);
  if (known) return known;
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
  const steps = { 'À faire': todo!.id, 'En cours': doing!.id, Validation: review!.id, Terminé: done!.id };
  workflows.set(server, steps);
  return steps;
}

/** A project and its tickets (in the first step, in this order), created through the API. */
export async function projectWithTickets(page: Page, name: string, tickets: Record<string, unknown>[]) {
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
export const moveThroughApi = (page: Page, ticket: number, step: number) =>
  send(page, 'POST', path('api.tickets.move'), { ticket, step, before: null });

export const column = (page: Page, name: StepName) => page.getByRole('region', { name: new RegExp(`^${name}\\s`) });
/** A card, by its ticket's name (its accessible name starts with it). */
export const card = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^${name}`) });
/** The names of a column's cards, top to bottom. */
export const namesIn = (page: Page, name: StepName) =>
  column(page, name).locator('[aria-roledescription="ticket déplaçable"] > span:first-child').allTextContents();
/** Every column's cards, as an adviser reads the board. */
export const boardOf = async (page: Page) =>
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
export async function drag(page: Page, from: Locator, to: Locator, { onto = 'end' }: { onto?: 'top' | 'end' } = {}) {
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
export const columnEnd = (page: Page, name: StepName) => column(page, name).getByRole('list');

/** What the drag and drop's live region last said (read by screen readers, hidden from view). */
export const spoken = (page: Page) =>
  page.getByRole('status').and(page.locator('[aria-live="assertive"]')).textContent();

export const boardPath = (project: number) => path('admin.tickets.board', { projet: project });
/**
 * Opens a project's board, once laid out: the header's link to the project comes after the cards
 * and pushes them down, so a card measured before it would be missed by the mouse.
 */
export async function openBoard(page: Page, project: number) {
  await page.goto(boardPath(project));
  await page.getByRole('link', { name: /^Projet : / }).waitFor();
}
/** Waits for the move's answer (move-ajax or add-transition-ajax). */
export const moveAnswered = (
  page: Page,
  route: 'api.tickets.move' | 'api.tickets.add_transition' = 'api.tickets.move',
) => page.waitForResponse((response) => new URL(response.url()).pathname === path(route));
