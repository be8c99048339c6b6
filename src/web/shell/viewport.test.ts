import { describe, expect, it } from 'vitest';
import { autoEnlarges, sizeClass } from './viewport.hook';

describe('viewport rules', () => {
  it('gives the body size class at the spec breakpoints 768, 992 and 1200', () => {
    expect(sizeClass(320)).toBe('is-xs');
    expect(sizeClass(767)).toBe('is-xs');
    expect(sizeClass(768)).toBe('is-sm');
    expect(sizeClass(991)).toBe('is-sm');
    expect(sizeClass(992)).toBe('is-md');
    expect(sizeClass(1199)).toBe('is-md');
    expect(sizeClass(1200)).toBe('is-lg');
  });

  it('enlarges the side menu automatically from 768 to 1028 pixels', () => {
    expect(autoEnlarges(767)).toBe(false);
    expect(autoEnlarges(768)).toBe(true);
    expect(autoEnlarges(1028)).toBe(true);
    expect(autoEnlarges(1029)).toBe(false);
  });
});
