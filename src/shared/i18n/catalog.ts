import enJs from './en/js.json';
import enMessages from './en/messages.json';
import frJs from './fr/js.json';
import frMessages from './fr/messages.json';
import { fallbackLocale, type Locale } from './locales';

export { defaultLocale, fallbackLocale, isLocale, locales, type Locale } from './locales';

export const domains = ['messages', 'js'] as const;
export type Domain = (typeof domains)[number];

export type Catalog = { [key: string]: string | number | boolean | Catalog };

export const catalogs: Record<Locale, Record<Domain, Catalog>> = {
  fr: { messages: frMessages, js: frJs },
  en: { messages: enMessages, js: enJs },
};

export function isDomain(value: unknown): value is Domain {
  return typeof value === 'string' && (domains as readonly string[]).includes(value);
}

export function mergeCatalogs(base: Catalog, override: Catalog): Catalog {
  const merged: Catalog = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? mergeCatalogs(current, value) : value;
  }
  return merged;
}

const resolved = new Map<string, Catalog>();

/**
 * The catalog of a locale and domain, with the fallback locale's keys filling the gaps: merged once,
 * as the catalogs never change (merging on every translation made the OpenAPI document's thousands
 * of them take 14 s).
 */
export function resolvedCatalog(locale: Locale, domain: Domain): Catalog {
  if (locale === fallbackLocale) return catalogs[locale][domain];
  const key = `${locale}:${domain}`;
  let catalog = resolved.get(key);
  if (!catalog)
    resolved.set(key, (catalog = mergeCatalogs(catalogs[fallbackLocale][domain], catalogs[locale][domain])));
  return catalog;
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: Catalog[string] | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates outside React (server replies, mails). Same conventions as i18next: "{{name}}"
 * placeholders and "_one"/"_other" plural suffixes chosen with the locale's plural rules.
 */
export function translate(
  locale: Locale,
  key: string,
  values: Record<string, string | number> = {},
  domain: Domain = 'messages',
): string {
  const catalog = resolvedCatalog(locale, domain);
  const pluralKey =
    typeof values.count === 'number' ? `${key}_${new Intl.PluralRules(locale).select(values.count)}` : undefined;
  const template =
    (pluralKey && (lookup(catalog, pluralKey) ?? lookup(catalog, `${key}_other`))) ?? lookup(catalog, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}
