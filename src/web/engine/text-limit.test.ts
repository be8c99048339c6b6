import { describe, expect, it } from 'vitest';
import { cutToLimit, remainingCharacters } from './text-limit';

describe('text limit', () => {
  it('counts a line break as two characters', () => {
    expect(remainingCharacters('ab\ncd', 10)).toBe(4);
  });

  it('keeps an edit that fits', () => {
    expect(cutToLimit('abc', 'abcdef', 6)).toBe('abcdef');
  });

  it('cuts a paste at the end, in an empty field and after a line break', () => {
    expect(cutToLimit('', '0123456789', 4)).toBe('0123');
    expect(cutToLimit('a', 'a\nbcdef', 5)).toBe('a\nbc');
  });

  it('cuts what a paste inserted in the middle, keeping the text around it', () => {
    expect(cutToLimit('ab-cd', 'ab1234567-cd', 9)).toBe('ab1234-cd');
    // Over a selection: what it replaced is gone, the paste fills the room.
    expect(cutToLimit('un deux trois', 'un 123456789 trois', 12)).toBe('un 123 trois');
  });

  it('never keeps half of an emoji', () => {
    expect(cutToLimit('', 'ab😀', 3)).toBe('ab');
  });
});
