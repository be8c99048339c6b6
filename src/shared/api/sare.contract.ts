import { z } from 'zod';
import { actTypes } from '../resources/commentaires-projet.resource';
import { dateValue, MAX_INTEGER } from '../resources/fields';
import { defineContracts, operation } from './contract';
import { wholeNumber } from './paging';
import { xlsxType } from './resources.contract';

/** ADEME's SARE file: Windows-1252 text, or a spreadsheet. */
const sareTypes = ['text/plain; charset=windows-1252', xlsxType] as const;
/** The file ADEME takes (the default), or the same selection as a spreadsheet with the column names, to check by hand. */
export const sareFormats = ['txt', 'xlsx'] as const;

const id = wholeNumber(1, MAX_INTEGER);
/** The acts a SARE file holds: act dates from and to, mission, adviser, act type, ADEME acts or the others. */
const filters = {
  du: dateValue.optional().describe('openapi.parameters.date_from'),
  au: dateValue.optional().describe('openapi.parameters.date_to'),
  mission: id.optional().describe('openapi.parameters.mission'),
  conseiller: id.optional().describe('openapi.parameters.adviser'),
  typeActe: z.enum(actTypes, 'validation.choice').optional().describe('openapi.parameters.act_type'),
  ademe: z.enum(['true', 'false'], 'validation.choice').optional().describe('openapi.parameters.ademe'),
};
const format = z.enum(sareFormats, 'validation.choice').optional().describe('openapi.parameters.sare_format');
const datesInOrder = {
  check: (query: { du?: string; au?: string }) => !query.du || !query.au || query.du <= query.au,
  error: { message: 'projects.sare.bad_dates', path: ['au'] },
};

/** The SARE export's filters (query string): the file and its count read the same. */
export const sareFiltersSchema = z.object(filters).refine(datesInOrder.check, datesInOrder.error);
export type SareFilters = z.infer<typeof sareFiltersSchema>;
/** The export's query: its filters and the file's format. */
export const sareQuerySchema = z.object({ ...filters, format }).refine(datesInOrder.check, datesInOrder.error);
export type SareQuery = z.infer<typeof sareQuerySchema>;

/** The advice acts' routes in ADEME's SARE format: the file, how many acts it would hold, one act's file. */
export const sareContracts = defineContracts({
  'api.project_comments.sare_export': { GET: operation({ query: sareQuerySchema, file: sareTypes }) },
  'api.project_comments.sare_count': {
    GET: operation({ query: sareFiltersSchema, reply: z.object({ count: z.number() }) }),
  },
  'api.project_comments.sare_export_act': { GET: operation({ query: z.object({ format }), file: sareTypes }) },
});
