import { describe, expect, it } from 'vitest';
import { resolvedCatalog, translate } from '../i18n/catalog';
import { resources } from './registry';

describe('resource declarations', () => {
  it('have unique slugs and tables', () => {
    expect(new Set(resources.map(({ slug }) => slug)).size).toBe(resources.length);
    expect(new Set(resources.map(({ table }) => table)).size).toBe(resources.length);
  });

  it('have French labels for the resource and every field', () => {
    for (const { slug, fields } of resources) {
      const keys = [
        `resources.${slug}.label`,
        `resources.${slug}.singular`,
        ...Object.keys(fields).map((name) => `resources.${slug}.fields.${name}`),
      ];
      for (const key of keys) expect(translate('fr', key), key).not.toBe(key);
    }
    expect(resolvedCatalog('fr', 'messages')).toHaveProperty('resources');
  });

  it('point their references at declared resources', () => {
    const slugs = new Set(resources.map(({ slug }) => slug));
    for (const { fields } of resources) {
      for (const def of Object.values(fields)) {
        if (def.kind === 'reference' || def.kind === 'references') expect(slugs.has(def.target ?? '')).toBe(true);
      }
    }
  });
});
