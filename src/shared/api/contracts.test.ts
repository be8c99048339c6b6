import { describe, expect, it } from 'vitest';
import { apiContracts, contractGroups } from './contracts';

describe('the API contracts', () => {
  it('name each route in one feature group only, so merging the groups hides none', () => {
    const owners = new Map<string, string[]>();
    for (const [group, contracts] of Object.entries(contractGroups))
      for (const name of Object.keys(contracts)) owners.set(name, [...(owners.get(name) ?? []), group]);
    const shared = [...owners].filter(([, groups]) => groups.length > 1);
    expect(shared).toEqual([]);
    expect(Object.keys(apiContracts)).toHaveLength(owners.size);
  });
});
