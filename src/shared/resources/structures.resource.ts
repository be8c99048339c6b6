import { field } from './fields';
import { defineResource } from './resource';

/** A public structure's kind (spec 3: the public contact subtype). */
export const publicSubtypes = ['commune', 'epci', 'department', 'region', 'state', 'socialLandlord', 'other'] as const;

/**
 * Structures: companies, public bodies and media the service works with, each with its addresses
 * (one of them the main one) and the territories it belongs to. Two structures may not share a name
 * and an acronym (case, accents, hyphens and spaces ignored).
 */
export const structures = defineResource({
  slug: 'structures',
  table: 'structures',
  menu: { section: 'contacts', icon: 'building' },
  titleField: 'name',
  behaviours: { modalCreate: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    acronym: field.text({ list: true, sortable: true, searchable: true, tab: 'general' }),
    siret: field.text({ format: 'siret', list: true, searchable: true, tab: 'general' }),
    email: field.email({ tab: 'general' }),
    phone: field.text({ format: 'phone', tab: 'general' }),
    website: field.url({ tab: 'general' }),
    contactType: field.select(['media', 'private', 'public'], { list: true, filter: true, tab: 'general' }),
    publicSubtype: field.select(publicSubtypes, { filter: true, tab: 'general' }),
    parents: field.references('structures', { autocomplete: true, tab: 'general' }),
    comments: field.textarea({ maxLength: 5000, tab: 'general' }),
    addresses: field.collection(
      {
        label: field.text(),
        address: field.text(),
        complement: field.text(),
        postalCode: field.text({ format: 'postalCode', maxLength: 5 }),
        city: field.text(),
        commune: field.reference('communes', { autocomplete: true }),
        main: field.boolean(),
      },
      { tab: 'addresses' },
    ),
  },
});
