import { z } from 'zod';
import { communeByPostalCodeSchema } from '../resources/communes.resource';
import {
  dismissBodySchema,
  duplicatePageSchema,
  duplicateScanResultSchema,
  mergeHistoryEntrySchema,
} from '../resources/contact-duplicates';
import { MAX_INTEGER, recordId } from '../resources/fields';
import { resourceRecordSchema, resourceRecordViewSchema } from '../resources/resource';
import {
  linkedIndividualSchema,
  publicSubtypes,
  structureAddressSchema,
  structureContactTypes,
  structureQualificationSchema,
} from '../resources/structures.resource';
import { structureMapSchema } from '../map/structure-map';
import { suggestionReply, termQuery } from './common.schemas';
import { defineContracts, operation } from './contract';
import { pagingSchema, wholeNumber } from './paging';

/** Pairs per page of the duplicates' list. */
export const DUPLICATES_PAGE_SIZE = 25;

const suggestions = operation({ query: termQuery, reply: z.array(suggestionReply) });
const territory = z.object({
  id: z.number(),
  name: z.string(),
  acronym: z.string(),
  contactType: z.string().nullable(),
  publicSubtype: z.string().nullable(),
});

/** The contacts: structures' and individuals' own routes, duplicates, communes. */
export const contactContracts = defineContracts({
  'api.resource.ajax_create': {
    // Any resource's record: generic by design, the route validates it with that resource's own schema.
    POST: operation({ body: z.record(z.string(), z.unknown()), reply: resourceRecordSchema, status: 201 }),
  },
  'api.structures.find': { GET: suggestions },
  'api.structures.load': {
    GET: operation({ reply: resourceRecordViewSchema.extend({ mainAddress: structureAddressSchema.nullable() }) }),
  },
  'api.structures.individuals': { GET: operation({ reply: z.array(linkedIndividualSchema) }) },
  'api.structures.parents': {
    GET: operation({
      query: termQuery.extend({
        record: wholeNumber(1, MAX_INTEGER).optional().describe('openapi.parameters.edited_structure'),
      }),
      reply: z.array(suggestionReply),
    }),
  },
  'api.structures.territories': {
    GET: operation({ reply: z.object({ parents: z.array(territory), children: z.array(territory) }) }),
  },
  'api.structures.project_json': {
    GET: operation({
      reply: z.object({
        structure: z.object({
          id: z.number(),
          name: z.string(),
          acronym: z.string(),
          siret: z.string(),
          email: z.string(),
          phone: z.string(),
          contactType: z.enum(structureContactTypes).nullable(),
          publicSubtype: z.enum(publicSubtypes).nullable(),
          inseeCode: z.string(),
          mainAddress: structureAddressSchema.nullable(),
        }),
        individuals: z.array(
          linkedIndividualSchema.pick({ id: true, civility: true, lastName: true, firstName: true, function: true }),
        ),
        projects: z.array(z.never()),
      }),
    }),
  },
  'api.structures.naf_codes': {
    GET: operation({ query: termQuery, reply: z.array(z.object({ value: z.string(), label: z.string() })) }),
  },
  'api.structures.qualifications': { GET: operation({ reply: z.array(structureQualificationSchema) }) },
  'api.structures.map': { GET: operation({ reply: structureMapSchema }) },
  'api.communes.by_postal_code': {
    GET: operation({
      // Any text: the route answers its own French message when it is not 5 digits.
      query: z.object({ code: z.string().optional().describe('openapi.parameters.postal_code') }),
      reply: z.array(communeByPostalCodeSchema),
    }),
  },
  'api.duplicates.list': {
    GET: operation({
      query: pagingSchema(DUPLICATES_PAGE_SIZE),
      reply: duplicatePageSchema,
    }),
  },
  'api.duplicates.scan': { POST: operation({ reply: duplicateScanResultSchema }) },
  'api.duplicates.merge': {
    POST: operation({
      // Each resource's own fields' choices: the route checks them with mergeBodySchema.
      body: z.object({
        kept: recordId,
        removed: recordId,
        choices: z.record(z.string(), z.enum(['kept', 'removed', 'both'])).optional(),
      }),
      reply: z.object({ kept: z.number(), removed: z.number(), movedLinks: z.number() }),
    }),
  },
  'api.duplicates.dismiss': {
    POST: operation({ body: dismissBodySchema, reply: z.object({ dismissed: z.tuple([z.number(), z.number()]) }) }),
  },
  'api.duplicates.history': { GET: operation({ reply: z.array(mergeHistoryEntrySchema) }) },
});
