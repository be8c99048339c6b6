import { isReference, type FieldDef } from '../../src/shared/resources/fields';
import type { ResourceDefinition } from '../../src/shared/resources/resource';

function sampleValue(name: string, def: FieldDef, n: number): unknown {
  switch (def.kind) {
    case 'text':
    case 'textarea': {
      const text = `Élément ${name} ${n}`;
      // Short fields (codes) get digits, still different for every n.
      return def.maxLength !== undefined && def.maxLength < text.length ? String(n).padStart(def.maxLength, '0') : text;
    }
    case 'email':
      return `contact${n}@exemple.fr`;
    case 'url':
      return `https://exemple.fr/page-${n}`;
    case 'color':
      return '#1a2b3c';
    case 'integer':
      // A declared default is valid whatever bounds the resource's rules set.
      return typeof def.defaultValue === 'number' ? def.defaultValue : n;
    case 'boolean':
      return n % 2 === 0;
    case 'date':
      return `2026-01-${String((n % 28) + 1).padStart(2, '0')}`;
    case 'select':
      return def.choices?.[n % (def.choices?.length ?? 1)];
    case 'reference':
      return null;
    case 'references':
      return [];
    case 'texts':
      return ['01400'];
    case 'datetime':
      return `2026-03-${String((n % 28) + 1).padStart(2, '0')}T10:30:00.000Z`;
    case 'file':
      return `exemples/00000000-0000-4000-8000-${String(n).padStart(12, '0')}/modele-${n}.xlsx`;
    case 'collection': {
      // One row, unless a row needs a record to point at.
      const fields = def.fields ?? {};
      return Object.values(fields).some((sub) => sub.required && isReference(sub)) ? [] : [sampleRow(fields, n)];
    }
  }
}

export const sampleRow = (fields: Record<string, FieldDef>, n: number) =>
  Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, sampleValue(name, def, n)]));

/** Values a resource's business rules ask for (etapes: one finished step at most). */
const ruleAbiding: Record<string, Record<string, unknown>> = { etapes: { done: false } };

/** Valid values for every field of a resource; n varies them. */
export function sampleValues(definition: ResourceDefinition, n: number): Record<string, unknown> {
  return { ...sampleRow(definition.fields, n), ...ruleAbiding[definition.slug] };
}
