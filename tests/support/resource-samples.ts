import type { FieldDef } from '../../src/shared/resources/fields';
import type { ResourceDefinition } from '../../src/shared/resources/resource';

function sampleValue(name: string, def: FieldDef, n: number): unknown {
  switch (def.kind) {
    case 'text':
    case 'textarea':
      return `Élément ${name} ${n}`;
    case 'email':
      return `contact${n}@exemple.fr`;
    case 'url':
      return `https://exemple.fr/page-${n}`;
    case 'color':
      return '#1a2b3c';
    case 'integer':
      return n;
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
  }
}

/** Valid values for every field of a resource; n varies them. */
export function sampleValues(definition: ResourceDefinition, n: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(definition.fields).map(([name, def]) => [name, sampleValue(name, def, n)]));
}
