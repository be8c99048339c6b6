import { describe, expect, it } from 'vitest';
import { resolvedCatalog, translate } from '../i18n/catalog';
import { isReference } from './field-kinds';
import { findResource, resources } from './registry';
import { formTabs } from './resource';

describe('resource declarations', () => {
  it('have unique slugs and tables', () => {
    expect(new Set(resources.map(({ slug }) => slug)).size).toBe(resources.length);
    expect(new Set(resources.map(({ table }) => table)).size).toBe(resources.length);
  });

  it('have French labels for the resource, every field, sub-field, tab and choice', () => {
    for (const definition of resources) {
      const { slug, fields } = definition;
      const subFields = Object.values(fields).flatMap((def) => Object.entries(def.fields ?? {}));
      const keys = [
        `resources.${slug}.label`,
        `resources.${slug}.singular`,
        ...Object.keys(fields).map((name) => `resources.${slug}.fields.${name}`),
        ...subFields.map(([name]) => `resources.${slug}.subfields.${name}`),
        ...[...Object.entries(fields), ...subFields].flatMap(([name, def]) =>
          (def.choices ?? []).map((choice) => `resources.${slug}.choices.${name}.${choice}`),
        ),
        ...(formTabs(definition).length > 1
          ? formTabs(definition).map(({ tab }) => `resources.${slug}.tabs.${tab}`)
          : []),
      ];
      for (const key of keys) expect(translate('fr', key), key).not.toBe(key);
    }
    expect(resolvedCatalog('fr', 'messages')).toHaveProperty('resources');
  });

  it('create in a modal only what can be created from one', () => {
    for (const { fields } of resources) {
      for (const def of Object.values(fields).filter((candidate) => candidate.createInModal)) {
        expect(findResource(def.target)?.behaviours.modalCreate, def.target).toBe(true);
      }
    }
  });

  it('point their references at declared resources', () => {
    const slugs = new Set(resources.map(({ slug }) => slug));
    for (const { fields } of resources) {
      for (const def of Object.values(fields)) {
        if (isReference(def)) expect(slugs.has(def.target ?? ''), def.target).toBe(true);
      }
    }
  });
});
