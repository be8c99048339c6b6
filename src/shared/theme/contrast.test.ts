import { describe, expect, it } from 'vitest';
import { contrastRatio, readableContrast } from './contrast';
import { themeColorDefaults, themeContrastPairs } from './theme.schema';

describe('contrastRatio', () => {
  it('gives the known ratios of WCAG pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The same whichever colour comes first.
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
    expect(contrastRatio('#FFFF00', '#000000')).toBeCloseTo(19.56, 2);
  });

  it('says 4.5:1 is the least readable text contrast', () => {
    expect(readableContrast('#767676', '#ffffff')).toBe(true);
    expect(readableContrast('#777777', '#ffffff')).toBe(false);
  });

  it('finds every default pair of the theme readable', () => {
    const unreadable = themeContrastPairs
      .filter(([text, background]) => !readableContrast(themeColorDefaults[text], themeColorDefaults[background]))
      .map(([text, background]) => `${text}/${background}`);
    expect(unreadable).toEqual([]);
  });
});
