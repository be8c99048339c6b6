import { describe, expect, it } from 'vitest';
import { deadlineAlert, ticketStatusShown } from './ticket-board';

describe('a card orange for its deadline', () => {
  const today = '2026-03-10';
  it('says why: near within the warning days, overdue once the day is past', () => {
    expect(deadlineAlert('in_progress', '2026-03-13', today, 3)).toBe('near');
    expect(deadlineAlert('in_progress', '2026-03-10', today, 3)).toBe('near');
    expect(deadlineAlert('in_progress', '2026-03-09', today, 3)).toBe('overdue');
    expect(ticketStatusShown('in_progress', '2026-03-09', today, 3)).toBe('blocked');
  });

  it('says nothing when the deadline is not the reason', () => {
    expect(deadlineAlert('in_progress', '2026-03-14', today, 3)).toBeNull();
    expect(deadlineAlert('in_progress', null, today, 3)).toBeNull();
    // Blocked for its own reason, or finished: its status says it.
    expect(deadlineAlert('blocked', '2026-03-01', today, 3)).toBeNull();
    expect(deadlineAlert('done', '2026-03-01', today, 3)).toBeNull();
  });
});
