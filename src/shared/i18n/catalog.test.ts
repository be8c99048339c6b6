import { describe, expect, it } from 'vitest';
import { catalogs, mergeCatalogs, resolvedCatalog, translate } from './catalog';
import { formatDate, formatDateTime, formatTime } from './format';

function keysOf(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('catalogs', () => {
  it('have the same keys in French and English', () => {
    for (const domain of ['messages', 'js'] as const) {
      expect(keysOf(catalogs.fr[domain]).sort()).toEqual(keysOf(catalogs.en[domain]).sort());
    }
  });

  it("quote the spec's messages word for word", () => {
    expect(translate('fr', 'errors.pages.403.title')).toBe('Accès protégé');
    expect(translate('fr', 'errors.pages.404.title')).toBe('Page non trouvée');
    expect(translate('fr', 'errors.pages.429.title')).toBe('Accès temporairement bloqué');
    expect(translate('fr', 'errors.pages.500.title')).toBe('Une erreur est survenue');
    expect(translate('fr', 'errors.csrf')).toBe('Jeton CSRF invalide');
    expect(translate('fr', 'validation.email')).toBe("L'adresse email n'est pas valide");
  });

  it('fill a missing French key from English', () => {
    const merged = mergeCatalogs({ a: { b: 'en b', c: 'en c' } }, { a: { b: 'fr b' } });
    expect(merged).toEqual({ a: { b: 'fr b', c: 'en c' } });
    expect(resolvedCatalog('fr', 'messages')).toMatchObject({ login: { title: 'Connexion' } });
  });

  it('distinguish one entry from many entries', () => {
    expect(translate('fr', 'entries.count', { count: 0 })).toBe('0 élément');
    expect(translate('fr', 'entries.count', { count: 1 })).toBe('1 élément');
    expect(translate('fr', 'entries.count', { count: 2 })).toBe('2 éléments');
    expect(translate('en', 'entries.count', { count: 1 })).toBe('1 entry');
    expect(translate('en', 'entries.count', { count: 0 })).toBe('0 entries');
  });

  it('interpolate values and return the key itself when it is unknown', () => {
    expect(translate('fr', 'dashboard.welcome', { name: 'Camille' })).toBe('Bonjour Camille');
    expect(translate('fr', 'no.such.key')).toBe('no.such.key');
  });
});

describe('date formats', () => {
  const date = new Date(2026, 2, 7, 9, 5);
  it('write dates dd/mm/yyyy and times HH:mm, 24-hour by default', () => {
    expect(formatDate(date)).toBe('07/03/2026');
    expect(formatTime(new Date(2026, 2, 7, 21, 30))).toBe('21:30');
    expect(formatDateTime(date)).toBe('07/03/2026 09:05');
  });
});
