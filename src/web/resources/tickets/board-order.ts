import type { BoardCard, BoardColumn } from '../../../shared/resources/ticket-board';

/** A column's drop target id (its list: the cards are not drop targets, their places are read from the page). */
export type DropId = `column:${number}`;
export const columnDropId = (step: number): DropId => `column:${step}`;
export const stepOfDropId = (id: string | number): number => Number(String(id).slice('column:'.length));

/** A move as the board computes it: where the card goes, and the card it now stands before (null: the end). */
export interface PlannedMove {
  ticket: number;
  step: number;
  before: number | null;
}

/** The cards of each column, in order (the board's cards come in their columns' order). */
export function cardsByColumn(columns: BoardColumn[], cards: BoardCard[]): Map<number, BoardCard[]> {
  const byColumn = new Map<number, BoardCard[]>(columns.map((column) => [column.id, []]));
  for (const card of cards) byColumn.get(card.step)?.push(card);
  return byColumn;
}

/** Whether a card of step `from` may be dropped in step `to`: its own column, or one its step reaches. */
export function canReach(columns: BoardColumn[], from: number, to: number): boolean {
  return from === to || (columns.find((column) => column.id === from)?.reachableSteps.includes(to) ?? false);
}

/** Where a card dropped before `before` (null: the end) in `step` goes; null when it stays where it is. */
export function planMove(cards: BoardCard[], active: number, step: number, before: number | null): PlannedMove | null {
  const card = cards.find((candidate) => candidate.id === active);
  if (!card || before === active) return null;
  if (card.step === step) {
    const column = cards.filter((candidate) => candidate.step === step);
    const next = column[column.findIndex((candidate) => candidate.id === active) + 1]?.id ?? null;
    if (next === before) return null;
  }
  return { ticket: active, step, before };
}

/**
 * The places a card may take in a column: before each of its other cards, then at its end, as
 * vertical positions (the gap above each card, below the last), read from the page.
 */
export interface ColumnSlots {
  /** The other cards of the column, top to bottom: a slot k is before the k-th, the last one at the end. */
  ids: number[];
  /** Each card's middle, and the y of each slot (one more than the cards). */
  middles: number[];
  slots: number[];
}

/** The list of a step's cards on the page. */
export const columnList = (step: number) => document.querySelector<HTMLElement>(`[data-step="${step}"]`);

/** A column's slots for the card `active` (left out of them), read from the page. */
export function readSlots(step: number, active: number): ColumnSlots {
  const list = columnList(step);
  const items = [...(list?.querySelectorAll<HTMLElement>('[data-card]') ?? [])].filter(
    (item) => Number(item.dataset.card) !== active,
  );
  const rects = items.map((item) => item.getBoundingClientRect());
  const top = list?.getBoundingClientRect().top ?? 0;
  return {
    ids: items.map((item) => Number(item.dataset.card)),
    middles: rects.map((rect) => rect.top + rect.height / 2),
    slots: [...rects.map((rect) => rect.top - 3), rects.length > 0 ? rects.at(-1)!.bottom + 3 : top + 8],
  };
}

/** The slot at a vertical position: before the first card whose middle is below it, else the end. */
export function slotAt(slots: ColumnSlots, y: number): number {
  const index = slots.middles.findIndex((middle) => middle > y);
  return index === -1 ? slots.ids.length : index;
}

/** The card a slot stands before (null: the end). */
export const beforeOf = (slots: ColumnSlots, slot: number): number | null => slots.ids[slot] ?? null;

/** The board's cards once a card is moved as planned (its object replaced, the others kept as they are). */
export function applyMove(cards: BoardCard[], move: PlannedMove, moved?: BoardCard): BoardCard[] {
  const card = cards.find((candidate) => candidate.id === move.ticket);
  if (!card) return cards;
  const placed = moved ?? { ...card, step: move.step };
  const rest = cards.filter((candidate) => candidate.id !== move.ticket);
  let at = move.before === null ? -1 : rest.findIndex((candidate) => candidate.id === move.before);
  if (at === -1) {
    // At the column's end: after its last card, or anywhere when it has none (grouping keeps the order).
    const last = rest.findLastIndex((candidate) => candidate.step === move.step);
    at = last === -1 ? rest.length : last + 1;
  }
  return [...rest.slice(0, at), placed, ...rest.slice(at)];
}
