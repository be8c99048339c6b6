import { describe, expect, it } from 'vitest';
import { readableContrast } from '../../shared/theme/contrast';
import { themeColorDefaults, themeContrastPairs } from '../../shared/theme/theme.schema';
import { readImage } from '../settings/theme-images';
import { demoHousePng, demoThemeColors } from './demo-theme';

describe('the demo theme', () => {
  it('keeps every text colour readable on its background', () => {
    const colours = { ...themeColorDefaults, ...demoThemeColors } as Record<string, unknown> as Record<string, string>;
    const unreadable = themeContrastPairs
      .filter(([text, background]) => !readableContrast(colours[text]!, colours[background]!))
      .map(([text, background]) => `${text}/${background}`);
    expect(unreadable).toEqual([]);
  });

  it('draws real PNG images of the size asked', () => {
    expect(readImage(demoHousePng(32))).toEqual({ format: 'png', width: 32, height: 32 });
  });
});
