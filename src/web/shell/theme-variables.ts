import {
  Button,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import type { AlertLevel, ButtonLevel } from '../../shared/theme/theme.schema';

/**
 * The theme editor's colours in Mantine: they are CSS variables of the theme's stylesheet
 * (/theme.css, linked from the page's head by the server, so the first paint has them), which
 * Mantine's own variables and variant colours point to. A variable the stylesheet lacks (the Vite
 * dev server's page) falls back to Mantine's colour.
 */
const themeVar = (key: string, fallback: string) =>
  `var(--theme-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}, ${fallback})`;

/**
 * Mantine's text, link and primary colours. Not its body colour, which papers, cards and menus take
 * too: the page's background is the body's alone (in the theme's stylesheet).
 */
export const themeCssVariables: ReturnType<CSSVariablesResolver>['light'] = {
  '--mantine-color-text': themeVar('pageText', 'var(--mantine-color-black)'),
  '--mantine-color-anchor': themeVar('link', 'var(--mantine-color-blue-9)'),
  '--mantine-primary-color-filled': themeVar('primaryButtonBackground', 'var(--mantine-color-blue-8)'),
  '--mantine-primary-color-filled-hover': themeVar('primaryButtonHoverBackground', 'var(--mantine-color-blue-9)'),
};

/** A button's or badge's level from its Mantine colour ("red", "green.8"…); none: primary. */
const buttonLevels: Record<string, ButtonLevel> = {
  blue: 'primary',
  gray: 'default',
  green: 'success',
  orange: 'warning',
  yellow: 'warning',
  red: 'danger',
  cyan: 'info',
  teal: 'info',
};
const alertLevels: Record<string, AlertLevel> = {
  blue: 'info',
  cyan: 'info',
  green: 'success',
  orange: 'warning',
  yellow: 'warning',
  red: 'danger',
};

const colourName = (color: string | undefined, primary: string) => (color ?? primary).split('.')[0]!;

function buttonLevelOf(color: string | undefined, primary: string, variant: string): ButtonLevel | undefined {
  if (variant === 'default') return 'default';
  return variant === 'filled' ? buttonLevels[colourName(color, primary)] : undefined;
}

/**
 * Filled (and default) buttons and badges take their level's colours; light ones given a colour
 * (alerts, a red icon button) their level's alert colours; any other keeps Mantine's.
 */
export const themeVariantColors: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  const level = buttonLevelOf(input.color, input.theme.primaryColor, input.variant);
  if (level) {
    const part = (name: string, fallback: string) => themeVar(`${level}Button${name}`, fallback);
    return {
      background: part('Background', colours.background),
      hover: part('HoverBackground', colours.hover),
      color: part('Text', colours.color),
      hoverColor: part('HoverText', colours.hoverColor ?? colours.color),
      border: `1px solid ${part('Border', 'transparent')}`,
    };
  }
  const alert = input.variant === 'light' && input.color ? alertLevels[colourName(input.color, '')] : undefined;
  if (alert) {
    return {
      ...colours,
      background: themeVar(`${alert}AlertBackground`, colours.background),
      hover: themeVar(`${alert}AlertBackground`, colours.hover),
      color: themeVar(`${alert}AlertText`, colours.color),
      border: `1px solid ${themeVar(`${alert}AlertBorder`, 'transparent')}`,
    };
  }
  return colours;
};

/** A themed button's border when hovered (the theme's stylesheet applies it): Mantine has no such variable. */
export const themedButton = Button.extend({
  vars: (theme, props) => {
    const level = buttonLevelOf(props.color, theme.primaryColor, props.variant ?? 'filled');
    return level
      ? { root: { ['--button-hover-bd' as '--button-bd']: themeVar(`${level}ButtonHoverBorder`, 'transparent') } }
      : { root: {} };
  },
});
