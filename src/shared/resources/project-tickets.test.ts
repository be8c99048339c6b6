import { describe, expect, it } from 'vitest';
import { dueDate } from './project-tickets';

describe('a prefilled task’s due date', () => {
  it('adds days and weeks across months and years', () => {
    expect(dueDate('2026-03-14', 0, 'days')).toBe('2026-03-14');
    expect(dueDate('2026-03-14', 20, 'days')).toBe('2026-04-03');
    expect(dueDate('2026-12-28', 2, 'weeks')).toBe('2027-01-11');
    // The change to summer time (29 March 2026 in France) does not shift the day.
    expect(dueDate('2026-03-28', 1, 'days')).toBe('2026-03-29');
  });

  it('adds calendar months, the 31st becoming the last day of a shorter month', () => {
    expect(dueDate('2026-03-14', 1, 'months')).toBe('2026-04-14');
    expect(dueDate('2026-01-31', 1, 'months')).toBe('2026-02-28');
    expect(dueDate('2028-01-31', 1, 'months')).toBe('2028-02-29');
    expect(dueDate('2026-08-31', 1, 'months')).toBe('2026-09-30');
    expect(dueDate('2026-11-30', 3, 'months')).toBe('2027-02-28');
    expect(dueDate('2026-05-31', 12, 'months')).toBe('2027-05-31');
  });
});
