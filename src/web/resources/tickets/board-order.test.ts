import { describe, expect, it } from 'vitest';
import type { BoardCard, BoardColumn } from '../../../shared/resources/ticket-board';
import { applyMove, beforeOf, canReach, cardsByColumn, planMove, slotAt } from './board-order';

const card = (id: number, step: number): BoardCard => ({
  id,
  name: `Ticket ${id}`,
  step,
  boardPosition: id * 1024,
  project: { id: 1, title: 'Maison Dupont', owner: 'Dupont Marie' },
  color: null,
  status: 'in_progress',
  deadlineAlert: null,
  deadline: null,
  attributions: [],
  taskType: null,
  subTasks: { done: 0, total: 0 },
  comments: 0,
  meeting: null,
});
const columns: BoardColumn[] = [
  { id: 10, name: 'À faire', done: false, reachableSteps: [20], transitionsAsking: [] },
  { id: 20, name: 'En cours', done: false, reachableSteps: [10, 30], transitionsAsking: [] },
  { id: 30, name: 'Terminé', done: true, reachableSteps: [], transitionsAsking: [] },
];
// Column 10: 1, 2, 3; column 20: 4, 5; column 30: empty.
const cards = [card(1, 10), card(2, 10), card(3, 10), card(4, 20), card(5, 20)];
const ids = (list: BoardCard[]) => list.map(({ id }) => id);
const columnIds = (list: BoardCard[]) => [...cardsByColumn(columns, list)].map(([step, inIt]) => [step, ids(inIt)]);

describe('the board’s moves', () => {
  it('puts a card before the card it is dropped above, in another column', () => {
    const plan = planMove(cards, 1, 20, 5);
    expect(plan).toEqual({ ticket: 1, step: 20, before: 5 });
    expect(columnIds(applyMove(cards, plan!))).toEqual([
      [10, [2, 3]],
      [20, [4, 1, 5]],
      [30, []],
    ]);
  });

  it('moves a card within its own column, and changes nothing when it is dropped where it was', () => {
    expect(planMove(cards, 1, 10, 3)).toEqual({ ticket: 1, step: 10, before: 3 });
    expect(ids(applyMove(cards, planMove(cards, 1, 10, null)!))).toEqual([2, 3, 1, 4, 5]);
    expect(ids(applyMove(cards, planMove(cards, 3, 10, 1)!))).toEqual([3, 1, 2, 4, 5]);
    expect(planMove(cards, 1, 10, 2)).toBeNull();
    expect(planMove(cards, 3, 10, null)).toBeNull();
    expect(planMove(cards, 2, 10, 2)).toBeNull();
  });

  it('puts a card at the end of a column when dropped below its cards', () => {
    expect(columnIds(applyMove(cards, planMove(cards, 2, 30, null)!))).toEqual([
      [10, [1, 3]],
      [20, [4, 5]],
      [30, [2]],
    ]);
  });

  it('finds the place at a height: before the first card whose middle is below it, else the end', () => {
    const slots = { ids: [4, 5], middles: [100, 200], slots: [60, 160, 243] };
    expect(slotAt(slots, 20)).toBe(0);
    expect(slotAt(slots, 150)).toBe(1);
    expect(slotAt(slots, 260)).toBe(2);
    expect(beforeOf(slots, 1)).toBe(5);
    expect(beforeOf(slots, 2)).toBeNull();
  });

  it('keeps the other cards’ objects, so their memoized views are not drawn again', () => {
    const moved = applyMove(cards, { ticket: 1, step: 20, before: null });
    expect(moved.filter(({ id }) => id !== 1).every((kept) => cards.includes(kept))).toBe(true);
  });

  it('lets a card go to its own column or a step its step reaches, no other', () => {
    expect(canReach(columns, 10, 10)).toBe(true);
    expect(canReach(columns, 10, 20)).toBe(true);
    expect(canReach(columns, 10, 30)).toBe(false);
    expect(canReach(columns, 30, 20)).toBe(false);
  });
});
