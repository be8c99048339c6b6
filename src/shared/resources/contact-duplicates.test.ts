import { describe, expect, it } from 'vitest';
import { combinedValue, defaultMergeChoice, mergeBodySchema, mergedValues } from './contact-duplicates';
import { structures } from './structures.resource';

const fields = structures.fields;
const address = (label: string, main: boolean) => ({ label, main });

describe('merging two records', () => {
  it('keeps by default the filled-in value, both different lists, else the newer record’s', () => {
    expect(defaultMergeChoice(fields.email!, 'a@exemple.fr', '', false)).toBe('kept');
    expect(defaultMergeChoice(fields.email!, '', 'b@exemple.fr', true)).toBe('removed');
    expect(defaultMergeChoice(fields.email!, 'a@exemple.fr', 'b@exemple.fr', true)).toBe('kept');
    expect(defaultMergeChoice(fields.email!, 'a@exemple.fr', 'b@exemple.fr', false)).toBe('removed');
    expect(defaultMergeChoice(fields.parents!, [1], [2], true)).toBe('both');
    expect(defaultMergeChoice(fields.parents!, [1], [1], false)).toBe('kept');
  });

  it('combines lists without repeating a value, one main address kept', () => {
    expect(combinedValue(fields.parents!, [3, 1], [1, 2])).toEqual([3, 1, 2]);
    expect(
      combinedValue(fields.addresses!, [address('Siège', true)], [address('Dépôt', false), address('Agence', true)]),
    ).toEqual([address('Siège', true), address('Dépôt', false), address('Agence', false)]);
    // The kept record has no main address: the other's stays the main one.
    expect(combinedValue(fields.addresses!, [], [address('Agence', true)])).toEqual([address('Agence', true)]);
  });

  it('gives the kept record the chosen values and says where each came from', () => {
    const kept = { name: 'Mairie', email: '', phone: '04 00 00 00 01', updatedAt: '2026-01-02T00:00:00Z' };
    const removed = {
      name: 'MAIRIE',
      email: 'm@exemple.fr',
      phone: '04 00 00 00 02',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const { values, choices } = mergedValues(structures, kept, removed, { name: 'removed' });
    expect(values).toMatchObject({ name: 'MAIRIE', email: 'm@exemple.fr', phone: '04 00 00 00 01' });
    expect(choices).toMatchObject({ name: 'removed', email: 'removed', phone: 'kept' });
  });

  it('takes "both" for lists only, and no unknown field', () => {
    const schema = mergeBodySchema(structures);
    expect(schema.safeParse({ kept: 1, removed: 2, choices: { parents: 'both' } }).success).toBe(true);
    expect(schema.safeParse({ kept: 1, removed: 2, choices: { name: 'both' } }).success).toBe(false);
    expect(schema.safeParse({ kept: 1, removed: 2, choices: { password: 'kept' } }).success).toBe(false);
  });
});
