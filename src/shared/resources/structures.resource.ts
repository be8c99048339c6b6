import { z } from 'zod';
import { field } from './fields';
import { defineResource } from './resource';

/** An individual linked to a structure, with its link (GET /api/structures/get-individus-ajax/{id}). */
export const linkedIndividualSchema = z.object({
  id: z.number(),
  civility: z.string().nullable(),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  mobile: z.string(),
  function: z.string(),
  service: z.string(),
  leftStructure: z.boolean(),
});
export type LinkedIndividual = z.infer<typeof linkedIndividualSchema>;

/** A public structure's kind (spec 3: the public contact subtype). */
export const publicSubtypes = ['commune', 'epci', 'department', 'region', 'state', 'socialLandlord', 'other'] as const;
/** A structure's kind of contact. */
export const structureContactTypes = ['media', 'private', 'public'] as const;

/** A row of a structure's `addresses`, as the API answers it (its sub-fields below). */
export const structureAddressSchema = z.object({
  label: z.string(),
  address: z.string(),
  complement: z.string(),
  postalCode: z.string(),
  city: z.string(),
  commune: z.number().nullable(),
  main: z.boolean(),
});

/** A row of a structure's `qualifications`, as the RGE import writes it (its sub-fields below). */
export const structureQualificationSchema = z.object({
  code: z.string(),
  qualification: z.string(),
  domains: z.array(z.string()),
  metaDomains: z.array(z.string()),
  body: z.string(),
  certificate: z.string(),
  url: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  forIndividuals: z.boolean(),
  source: z.enum(['rge']),
  importedAt: z.string(),
});
export type StructureQualification = z.infer<typeof structureQualificationSchema>;
export type StructureAddress = z.infer<typeof structureAddressSchema>;
/** The text and choice fields of a structure, as a record holds them. */
export interface StructureValues {
  name: string;
  acronym: string;
  siret: string;
  email: string;
  phone: string;
  contactType: (typeof structureContactTypes)[number] | null;
  publicSubtype: (typeof publicSubtypes)[number] | null;
  inseeCode: string;
}

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
  behaviours: { modalCreate: true, modalEdit: true, audited: true },
  commands: [
    // maj-commune: the main address's commune from its postal code and city.
    { name: 'commune_update', kind: 'post', route: 'api.commune_update', action: 'update', batch: true },
    // rge-import/{id}: the structure's RGE qualifications from ADEME's open data, by SIRET.
    {
      name: 'rge_import',
      kind: 'post',
      route: 'api.structures.rge_import',
      action: 'update',
      callsExternalService: true,
    },
    // google-map/{id}: the main address on a map.
    { name: 'map', kind: 'page', route: 'admin.structures.map', action: 'show' },
  ],
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    acronym: field.text({ list: true, sortable: true, searchable: true, tab: 'general' }),
    siret: field.text({ format: 'siret', list: true, searchable: true, tab: 'general' }),
    email: field.email({ tab: 'general' }),
    phone: field.text({ format: 'phone', tab: 'general' }),
    website: field.url({ tab: 'general' }),
    contactType: field.select(structureContactTypes, { list: true, filter: true, tab: 'general' }),
    publicSubtype: field.select(publicSubtypes, { filter: true, tab: 'general' }),
    /** Field of activity: a NAF sub-class code ("62.01Z"), as SIRENE's APE code. */
    activity: field.text({ maxLength: 6, suggest: 'api.structures.naf_codes', filter: true, tab: 'general' }),
    // get-parents-ajax suggests them: never the structure itself nor those below it.
    parents: field.references('structures', { autocomplete: true, suggest: 'api.structures.parents', tab: 'general' }),
    service: field.reference('service', { filter: true, tab: 'general' }),
    /** Set by the commune update when the structure is linked through a contact type that says so. */
    inseeCode: field.text({ maxLength: 5, filter: true, tab: 'general' }),
    comments: field.textarea({ maxLength: 5000, tab: 'general' }),
    addresses: field.collection(
      {
        label: field.text(),
        address: field.text(),
        complement: field.text(),
        postalCode: field.text({ format: 'postalCode', maxLength: 5 }),
        city: field.text(),
        commune: field.reference('communes', { autocomplete: true, postalCodeFrom: 'postalCode' }),
        main: field.boolean(),
      },
      { tab: 'addresses' },
    ),
    // Written by the RGE import alone (rge-import/{id}); structure-qualification/index/{structure} lists them.
    qualifications: field.collection(
      {
        code: field.text(),
        qualification: field.text(),
        domains: field.texts(),
        metaDomains: field.texts(),
        body: field.text(),
        certificate: field.text(),
        url: field.url(),
        startDate: field.date(),
        endDate: field.date(),
        forIndividuals: field.boolean(),
        source: field.select(['rge']),
        importedAt: field.datetime(),
      },
      { readOnly: true },
    ),
    // Free label and value rows: what the fields above do not hold.
    additionalFields: field.collection({ label: field.text(), value: field.text() }, { tab: 'additional' }),
  },
});
