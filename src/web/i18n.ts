import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, fallbackLocale, isLocale, type Locale } from '../shared/i18n/locales';
import frJs from '../shared/i18n/fr/js.json';
import frMessages from '../shared/i18n/fr/messages.json';

/**
 * The same catalogs as the server. French, the default, is bundled: no request before the first
 * screen. English loads when a user's language asks for it (and then fills any key French lacks).
 */
void i18next.use(initReactI18next).init({
  resources: { fr: { messages: frMessages, js: frJs } },
  lng: defaultLocale,
  fallbackLng: fallbackLocale,
  ns: ['messages', 'js'],
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
  returnNull: false,
  partialBundledLanguages: true,
});

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

let english: Promise<void> | undefined;
function loadEnglish(): Promise<void> {
  english ??= Promise.all([import('../shared/i18n/en/messages.json'), import('../shared/i18n/en/js.json')]).then(
    ([messages, js]) => {
      i18next.addResourceBundle('en', 'messages', messages.default);
      i18next.addResourceBundle('en', 'js', js.default);
    },
  );
  return english;
}

/** The language last asked for: an earlier request still loading English must not override it. */
let wanted: Locale = defaultLocale;

/** Switches the screens' language; resolves once they show it. */
export async function applyLocale(locale: string | undefined): Promise<void> {
  const next: Locale = isLocale(locale) ? locale : defaultLocale;
  wanted = next;
  if (next === 'en' && !i18next.hasResourceBundle('en', 'messages')) {
    await loadEnglish();
    if (wanted !== next) return;
  }
  if (i18next.language !== next) await i18next.changeLanguage(next);
}

export default i18next;
