import { describe, expect, it } from 'vitest';
import { translate } from './i18n/catalog';
import { can, groupOf, holdsAll, type PermissionHolder } from './permissions';
import { findResource, resources } from './resources/registry';
import { permissionGroupsOf } from './resources/resource';

const holder = (permissions: string[], { isAdmin = false, serviceId = 7 as number | null } = {}): PermissionHolder => ({
  isAdmin,
  permissions,
  serviceId,
});

describe('can()', () => {
  it('gives an administrator every action, with or without a service', () => {
    const administrator = holder([], { isAdmin: true, serviceId: null });
    for (const action of ['list', 'show', 'create', 'update', 'delete', 'export', 'sort', 'impersonate'] as const) {
      expect(can(administrator, 'individus', action)).toBe(true);
    }
  });

  it("gives each group's actions on its resource, and nothing on another", () => {
    const consult = holder(['individus.consult']);
    expect(can(consult, 'individus', 'list')).toBe(true);
    expect(can(consult, 'individus', 'show')).toBe(true);
    expect(can(consult, 'individus', 'update')).toBe(false);
    expect(can(consult, 'individus', 'export')).toBe(false);
    expect(can(consult, 'structures', 'list')).toBe(false);

    const modify = holder(['etapes.modify']);
    expect(can(modify, 'etapes', 'update')).toBe(true);
    expect(can(modify, 'etapes', 'sort')).toBe(true);
    expect(can(modify, 'etapes', 'show')).toBe(false);

    const other = holder(['utilisateurs.other']);
    expect(can(other, 'utilisateurs', 'export')).toBe(true);
    expect(can(other, 'utilisateurs', 'delete')).toBe(false);

    expect(can(holder(['liens-utiles.add']), 'liens-utiles', 'create')).toBe(true);
    expect(can(holder(['liens-utiles.delete']), 'liens-utiles', 'delete')).toBe(true);
  });

  it('refuses creating to a user without a service, whatever the profile grants (spec 6)', () => {
    const withoutService = holder(['liens-utiles.add', 'liens-utiles.modify'], { serviceId: null });
    expect(can(withoutService, 'liens-utiles', 'create')).toBe(false);
    expect(can(withoutService, 'liens-utiles', 'update')).toBe(true);
  });

  it('gives "log in as" only through its own permission, never through "other" (spec 6)', () => {
    expect(can(holder(['utilisateurs.other']), 'utilisateurs', 'impersonate')).toBe(false);
    const impersonate = holder(['utilisateurs.impersonate']);
    expect(can(impersonate, 'utilisateurs', 'impersonate')).toBe(true);
    expect(can(impersonate, 'utilisateurs', 'export')).toBe(false);
    expect(can(impersonate, 'utilisateurs', 'show')).toBe(false);
  });

  it('grants nothing to a user without profiles', () => {
    expect(can(holder([]), 'liens-utiles', 'list')).toBe(false);
  });
});

describe('groupOf()', () => {
  it('places each action in its group of the access profile screen', () => {
    expect(groupOf('create')).toBe('add');
    expect(groupOf('list')).toBe('consult');
    expect(groupOf('show')).toBe('consult');
    expect(groupOf('update')).toBe('modify');
    expect(groupOf('sort')).toBe('modify');
    expect(groupOf('delete')).toBe('delete');
    expect(groupOf('export')).toBe('other');
    expect(groupOf('impersonate')).toBe('impersonate');
  });
});

describe('permissionGroupsOf()', () => {
  it('offers "log in as" as a group of its own on the users alone, labelled on the profile screen', () => {
    expect(permissionGroupsOf(findResource('utilisateurs')!)).toEqual([
      'add',
      'consult',
      'modify',
      'delete',
      'other',
      'impersonate',
    ]);
    expect(permissionGroupsOf(findResource('individus')!)).toEqual(['add', 'consult', 'modify', 'delete', 'other']);
    const offering = resources.filter((definition) => permissionGroupsOf(definition).includes('impersonate'));
    expect(offering.map(({ slug }) => slug)).toEqual(['utilisateurs']);
    expect(translate('fr', 'permissions.groups.impersonate')).toBe('Se connecter en tant que');
  });
});

describe('holdsAll()', () => {
  it('holds what is among the permissions, an administrator everything', () => {
    expect(holdsAll(holder(['a.consult', 'b.modify']), ['b.modify'])).toBe(true);
    expect(holdsAll(holder(['a.consult']), ['a.consult', 'b.modify'])).toBe(false);
    expect(holdsAll(holder([]), [])).toBe(true);
    expect(holdsAll(holder([], { isAdmin: true }), ['a.consult'])).toBe(true);
  });
});
