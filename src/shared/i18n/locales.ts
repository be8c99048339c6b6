/**
 * The languages, without their catalogs: what the web app may import without bundling every
 * language's texts (it loads English only for a user who chose it). French first; English fills any
 * key French lacks.
 */
export const locales = ['fr', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fr';
export const fallbackLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
