import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/catalog';
import { resources } from '../../shared/resources/registry';
import { addLabel } from './add-label';

const t = ((key: string) => translate('fr', key)) as unknown as TFunction;

describe('add labels', () => {
  it('name what every resource and every collection field adds, with its article', () => {
    const labels = resources.flatMap((definition) => [
      addLabel(t, definition.slug),
      ...Object.entries(definition.fields)
        .filter(([, def]) => def.kind === 'collection')
        .map(([name]) => addLabel(t, definition.slug, name)),
    ]);
    expect(labels.filter((label) => !/^Ajouter (un|une) [a-zé]/.test(label))).toEqual([]);
    expect(addLabel(t, 'individus')).toBe('Ajouter un particulier');
    expect(addLabel(t, 'etapes')).toBe('Ajouter une étape');
    expect(addLabel(t, 'structures', 'addresses')).toBe('Ajouter une adresse');
  });
});
