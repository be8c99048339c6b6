import type { BoardCard, BoardColumn } from '../../../shared/resources/ticket-board';

/** A drop target's id: a card's own id, or its column's (its empty space, the end of the column). */
export type DropId = number | `column:${number}`;
export const columnDropId = (step: number): DropId => `column:${step}`;

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

/**
 * Where a card dropped on `over` goes. On a card of another column: before it. On a card of its own
 * column: where that card was (after it when moving down, as a sortable list does). On a column's
 * empty space: at its end. Null when nothing changes.
 */
export function planMove(cards: BoardCard[], active: number, over: DropId): PlannedMove | null {
  const card = cards.find((candidate) => candidate.id === active);
  if (!card || over === active) return null;
  if (typeof over === 'string') {
    const step = Number(over.slice('column:'.length));
    const column = cards.filter((candidate) => candidate.step === step);
    if (column.at(-1)?.id === active) return null;
    return { ticket: active, step, before: null };
  }
  const target = cards.find((candidate) => candidate.id === over);
  if (!target) return null;
  const column = cards.filter((candidate) => candidate.step === target.step);
  const from = column.findIndex((candidate) => candidate.id === active);
  const to = column.findIndex((candidate) => candidate.id === over);
  if (from !== -1 && from < to) {
    // Moving down its own column: after the target.
    return { ticket: active, step: target.step, before: column[to + 1]?.id ?? null };
  }
  if (column[to - 1]?.id === active) return null;
  return { ticket: active, step: target.step, before: target.id };
}

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

/** The card's place in its column as the board shows it: position (from 1) and the column's count. */
export function placeInColumn(cards: BoardCard[], id: number): { position: number; count: number } {
  const card = cards.find((candidate) => candidate.id === id);
  const column = cards.filter((candidate) => candidate.step === card?.step);
  return { position: column.findIndex((candidate) => candidate.id === id) + 1, count: column.length };
}
