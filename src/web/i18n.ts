import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs, defaultLocale, fallbackLocale, isLocale, type Locale } from '../shared/i18n/catalog';

/** The same catalogs as the server, bundled: no request before the first screen. */
void i18next.use(initReactI18next).init({
  resources: catalogs,
  lng: defaultLocale,
  fallbackLng: fallbackLocale,
  ns: ['messages', 'js'],
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export function applyLocale(locale: string | undefined): void {
  const next: Locale = isLocale(locale) ? locale : defaultLocale;
  if (i18next.language !== next) void i18next.changeLanguage(next);
}

export default i18next;
