import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources/registry';
import { formTabs } from '../../shared/resources/resource';
import { formTabHashes, formTabOfHash, hashOfFormTab } from './form-tab-hash';

describe('form tab hashes', () => {
  it('give every declared form tab a French word without accents, in kebab-case, distinct within its form', () => {
    for (const definition of resources) {
      const tabs = formTabs(definition).map(({ tab }) => tab);
      for (const tab of tabs) {
        expect(formTabHashes[tab], `${definition.slug}: ${tab}`).toMatch(/^[a-z]+(-[a-z]+)*$/);
      }
      expect(new Set(tabs.map(hashOfFormTab)).size, definition.slug).toBe(tabs.length);
    }
  });

  it('read the French word and the tab name the addresses carried before', () => {
    expect(hashOfFormTab('workflow')).toBe('enchainement');
    expect(formTabOfHash('enchainement')).toBe('workflow');
    expect(formTabOfHash('workflow')).toBe('workflow');
    expect(hashOfFormTab('identity')).toBe('identite');
    expect(formTabOfHash('identite')).toBe('identity');
  });
});
