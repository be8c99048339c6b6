import { z } from 'zod';
import { auditPageSchema } from '../resources/audit';
import { recordId } from '../resources/fields';
import { importAnalysisSchema, importResultSchema } from '../resources/import';
import {
  batchReplySchema,
  resourcePageSchema,
  resourceRecordSchema,
  resourceRecordViewSchema,
} from '../resources/resource';
import { defineContracts, operation } from './contract';

/** The spreadsheet type of the exports. */
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The generic routes of every resource (engine/resource.routes.ts). What fits any resource: the
 * engine validates each with its resource's own schemas (inputSchema, its filters and history
 * kinds), and documents its record and input in the OpenAPI document's components.
 */
const listQuery = z.record(z.string(), z.union([z.string(), z.number()]));
// Any resource's record: generic by design, the engine validates it with that resource's inputSchema.
export const recordInput = z.record(z.string(), z.unknown());
const list = operation({ query: listQuery, reply: resourcePageSchema });
const create = operation({ body: recordInput, reply: resourceRecordSchema, status: 201 });
const update = operation({ body: recordInput, reply: resourceRecordSchema });
const remove = operation({ reply: z.object({ deleted: z.number() }) });
/** A record command's reply: its message, and a page to load anew (log in as). */
const command = operation({ reply: z.object({ message: z.string(), location: z.string().optional() }) });

export const resourceContracts = defineContracts({
  'api.resource.collection': { GET: list, POST: create },
  'api.resource.item': { GET: operation({ reply: resourceRecordViewSchema }), PUT: update },
  'api.resource.modal_create': { POST: create },
  'api.resource.modal_edit': { PUT: update, POST: update },
  'api.resource.delete': { POST: remove, PUT: remove },
  'api.resource.batch': {
    POST: operation({
      body: z.object({ ids: z.array(recordId).default([]), _action: z.string().default('') }),
      reply: batchReplySchema,
    }),
  },
  'api.resource.reorder': {
    POST: operation({ body: z.object({ ids: z.array(recordId).min(1, 'batch.no_items') }), status: 204 }),
  },
  'api.resource.autocomplete': {
    GET: operation({
      query: z.object({ term: z.string().optional() }),
      reply: z.array(z.object({ value: z.number(), label: z.string() })),
    }),
  },
  'api.resource.export': { GET: operation({ query: listQuery, file: ['text/csv', xlsxType] }) },
  'api.resource.import_analyse': { POST: operation({ upload: true, reply: importAnalysisSchema }) },
  'api.resource.import': {
    POST: operation({ upload: true, query: z.object({ mapping: z.string().optional() }), reply: importResultSchema }),
  },
  // Exactly OK, as text: the list flips its icon on that reply alone.
  'api.resource.publish': { GET: operation({ file: ['text/plain'] }) },
  'api.resource.history': {
    GET: operation({
      query: z.object({ page: z.number().optional(), parPage: z.number().optional(), type: z.string().optional() }),
      reply: auditPageSchema,
    }),
  },
  'api.resource.children': { GET: list, POST: create },
  'api.resource.child': { GET: operation({ reply: resourceRecordViewSchema }), PUT: update },
  'api.resource.child_delete': { POST: remove, PUT: remove },
  // The record commands (RecordCommand.route).
  'api.users.password_link': { POST: command },
  'api.users.impersonate': { POST: command },
  'api.structures.rge_import': { POST: command },
  'api.commune_update': { POST: command },
});
