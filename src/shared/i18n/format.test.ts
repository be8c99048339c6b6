import { describe, expect, it } from 'vitest';
import {
  formatDateTimeInput,
  formatDuration,
  formatMonthYear,
  formatPersonName,
  maskMonthYear,
  parseDateTimeInput,
  parseMonthYear,
} from './format';

describe('typed dates (spec 5)', () => {
  it('accepts dd/mm/yyyy - hh:mm when it names a real moment', () => {
    const date = parseDateTimeInput('29/02/2028 - 14:35');
    expect(date && formatDateTimeInput(date)).toBe('29/02/2028 - 14:35');
    expect(parseDateTimeInput('05/11/2026')?.getHours()).toBe(0);
  });

  it('refuses impossible dates and times rather than rolling them over', () => {
    for (const text of [
      '31/02/2026 - 10:00',
      '29/02/2027',
      '12/13/2026',
      '01/01/2026 - 24:00',
      '01/01/2026 - 10:60',
      '1/1/2026',
      'demain',
    ]) {
      expect(parseDateTimeInput(text), text).toBeNull();
    }
  });

  it('masks month-year as 99/9999 and accepts real months only', () => {
    expect(maskMonthYear('032026')).toBe('03/2026');
    expect(maskMonthYear('0a3/20267')).toBe('03/2026');
    expect(parseMonthYear('03/2026')).toBe('2026-03');
    expect(parseMonthYear('13/2026')).toBeNull();
    expect(parseMonthYear('00/2026')).toBeNull();
    expect(formatMonthYear('2026-03')).toBe('03/2026');
    // What is being typed reads as typed.
    expect(formatMonthYear('13/20')).toBe('13/20');
  });
});

describe('durations and names, written one way', () => {
  it('reads minutes as hours and minutes', () => {
    expect(formatDuration(90)).toBe('1 h 30');
    expect(formatDuration(200)).toBe('3 h 20');
    expect(formatDuration(125)).toBe('2 h 05');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(-90)).toBe('-1 h 30');
  });

  it('names a person "Nom Prénom", else by their email', () => {
    expect(formatPersonName({ firstName: 'Camille', lastName: 'Martin', email: 'c@x.fr' })).toBe('Martin Camille');
    expect(formatPersonName({ firstName: ' ', lastName: 'Martin', email: 'c@x.fr' })).toBe('Martin');
    expect(formatPersonName({ firstName: 'Camille', lastName: null })).toBe('Camille');
    expect(formatPersonName({ firstName: '', lastName: '', email: 'c@x.fr' })).toBe('c@x.fr');
  });
});
