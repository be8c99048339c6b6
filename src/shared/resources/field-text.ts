import { formatDate, formatDateTime, formatMonthYear } from '../i18n/format';
import type { FieldDef } from './fields';
import type { ReferenceTitles } from './resource';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Rich text's words, for lists and exports: tags dropped, the usual entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface FieldTextContext {
  slug: string;
  titles: ReferenceTitles;
  /** Translates a catalog key (the server's locale-bound translate, or the web's t). */
  t: (key: string) => string;
}

/**
 * A value as a person reads it, in one line: Oui/Non, dd/mm/yyyy, a referenced record's title,
 * a collection's rows. Exports and collection summaries use it. `key` is the field's name, or
 * "<collection>.<sub-field>" inside a collection (the key of its reference titles).
 */
export function fieldText(key: string, def: FieldDef, value: unknown, context: FieldTextContext): string {
  const { slug, titles, t } = context;
  const name = key.split('.').pop()!;
  if (value === null || value === undefined) return '';
  switch (def.kind) {
    case 'boolean':
      return t(value ? 'engine.yes' : 'engine.no');
    case 'date':
      return value ? formatDate(String(value)) : '';
    case 'datetime':
      return value ? formatDateTime(String(value)) : '';
    case 'month-year':
      return formatMonthYear(String(value));
    case 'select':
      return t(`resources.${slug}.choices.${name}.${String(value)}`);
    case 'reference':
      return titles[key]?.[String(value)] ?? '';
    case 'references':
      return (value as number[]).map((id) => titles[key]?.[String(id)] ?? '').join(', ');
    case 'texts':
      return (value as string[]).join(', ');
    case 'richtext':
      return htmlToText(String(value));
    case 'permissions': {
      // "Liens utiles : Ajouter, Consulter ; Étapes : Consulter"
      const byResource = new Map<string, string[]>();
      for (const key of value as string[]) {
        const [resource = '', group = ''] = key.split('.');
        byResource.set(resource, [...(byResource.get(resource) ?? []), t(`permissions.groups.${group}`)]);
      }
      return [...byResource]
        .map(([resource, groups]) => `${t(`resources.${resource}.label`)} : ${groups.join(', ')}`)
        .join(' ; ');
    }
    case 'file':
      return String(value).split('/').pop() ?? '';
    case 'collection':
      // Each row as "label : value" pairs; empty values are left out.
      return (value as Record<string, unknown>[])
        .map((row) =>
          Object.entries(def.fields ?? {})
            .flatMap(([sub, subDef]) => {
              const text = fieldText(`${key}.${sub}`, subDef, row[sub], context);
              return text === '' ? [] : [`${t(`resources.${slug}.subfields.${sub}`)} : ${text}`];
            })
            .join(', '),
        )
        .join(' | ');
    default:
      return String(value);
  }
}
