import { translate, type Locale } from '../../shared/i18n/catalog';
import { fieldsOfType } from '../../shared/import-assistant/import-assistant';

/** A CSV cell, always quoted. */
const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The projects file's template (spec 9): one column per field a projects file maps — the project,
 * its 30 missions (mission, project type, officer each), 4 co-owners and 4 partners (each with its
 * liaison officer), its owner (individual and structure) — named as the mapping names them, so the
 * assistant's suggestion maps every column; then one example characteristic column, to be renamed
 * after a form field. UTF-8 with a byte order mark, for spreadsheet programs.
 */
export function projectTemplateCsv(locale: Locale): string {
  const headers = [
    ...fieldsOfType('projets').map(({ key }) => translate(locale, `resources.templates-import.choices.field.${key}`)),
    translate(locale, 'resources.templates-import.choices.field.characteristic_add'),
  ];
  return `\uFEFF${headers.map(cell).join(',')}\r\n`;
}
