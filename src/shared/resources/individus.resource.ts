import { field } from './fields';
import { defineResource } from './resource';

/**
 * Individuals (particuliers): people the service advises or works with, and the structures they
 * work for. Two individuals may not share a first and last name (case, accents, hyphens and spaces
 * ignored).
 */
export const individuals = defineResource({
  slug: 'individus',
  table: 'individuals',
  menu: { section: 'contacts', icon: 'users' },
  titleField: 'lastName',
  titleSuffix: ['firstName'],
  behaviours: { modalCreate: true, audited: true },
  // maj-commune: the commune from the postal code and the city (cityOutside, the individual's only city text).
  commands: [{ name: 'commune_update', kind: 'post', route: 'api.commune_update', action: 'update', batch: true }],
  fields: {
    civility: field.select(['madame', 'monsieur'], { list: true, filter: true, tab: 'general' }),
    lastName: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    firstName: field.text({ list: true, sortable: true, searchable: true, tab: 'general' }),
    email: field.email({ list: true, searchable: true, tab: 'general' }),
    landline: field.text({ format: 'phone', list: true, tab: 'general' }),
    mobile: field.text({ format: 'mobile', list: true, tab: 'general' }),
    address: field.text({ tab: 'general' }),
    addressComplement: field.text({ tab: 'general' }),
    postalCode: field.text({ format: 'postalCode', maxLength: 5, list: true, filter: true, tab: 'general' }),
    commune: field.reference('communes', {
      autocomplete: true,
      postalCodeFrom: 'postalCode',
      list: true,
      filter: true,
      tab: 'general',
    }),
    cityOutside: field.text({ tab: 'general' }),
    comments: field.textarea({ maxLength: 5000, tab: 'general' }),
    structures: field.collection(
      {
        contactType: field.reference('types-contact'),
        structure: field.reference('structures', { autocomplete: true, enabledBy: 'contactType' }),
        function: field.text(),
        service: field.text(),
        directLine: field.text({ format: 'phone' }),
        standardLine: field.text({ format: 'phone' }),
        mobile: field.text({ format: 'mobile' }),
        email: field.email(),
        leftStructure: field.boolean(),
        comments: field.textarea({ maxLength: 2000 }),
      },
      { tab: 'structures' },
    ),
  },
});
