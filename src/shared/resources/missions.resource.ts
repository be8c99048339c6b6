import { field } from './fields';
import { defineResource } from './resource';

/**
 * The service's missions (e.g. "Conseil aux particuliers"): project types and users follow them.
 * A mission belongs to a service, opens to access profiles, and sees all projects or only those
 * attached to it.
 */
export const missions = defineResource({
  slug: 'missions',
  table: 'missions',
  menu: { section: 'other', icon: 'flag' },
  titleField: 'name',
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    acronym: field.text({ maxLength: 30, list: true, sortable: true, searchable: true }),
    service: field.reference('service', { list: true, filter: true }),
    accessProfiles: field.references('groupes', { list: true, filter: true }),
    allProjects: field.boolean({ list: true, filter: true }),
    externalGroups: field.references('groupes'),
    correspondingMissions: field.references('missions'),
  },
});
