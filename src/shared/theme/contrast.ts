/**
 * WCAG 2's contrast ratio between two #rrggbb colours, from 1 (the same) to 21 (black on white).
 * RGAA (criterion 3.2) asks at least 4.5:1 for text of ordinary size.
 */
export const minimumTextContrast = 4.5;

function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [red, green, blue] = match.slice(1).map((pair) => {
    const channel = parseInt(pair, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Whether text of this colour is readable enough on that background. */
export const readableContrast = (text: string, background: string): boolean =>
  contrastRatio(text, background) >= minimumTextContrast;
