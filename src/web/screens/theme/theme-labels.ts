import type { TFunction } from 'i18next';
import { alertLevels, buttonLevels, type ThemeColorKey, type ThemeImageKey } from '../../../shared/theme/theme.schema';

const levelPattern = new RegExp(`^(${[...new Set([...buttonLevels, ...alertLevels])].join('|')})(Button)?(.+)$`);

/**
 * A theme key's visible label: its own for the page, login, header, side menu, links and images;
 * "<level>: <part>" for a button's, a badge's, an alert's or a widget's colour.
 */
export function themeFieldLabel(
  t: TFunction,
  key: ThemeColorKey | ThemeImageKey | 'loginBackgroundOpacity' | 'metaTitle',
): string {
  const own = `theme.fields.${key}`;
  const level = levelPattern.exec(key);
  if (!level) return t(own);
  const [, name, , part] = level;
  return t('theme.level_field', { level: t(`theme.levels.${name}`), part: t(`theme.parts.${part}`) });
}
