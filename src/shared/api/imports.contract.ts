import { z } from 'zod';
import {
  importAdvice,
  importConfigSchema,
  importStatuses,
  importSteps,
  importTypes,
  type ImportConfig,
  type ImportJob,
  type ImportPreview,
  type ImportStepReport,
} from '../import-assistant/import-assistant';
import type { UploadedFile } from '../resources/fields';
import { defineContracts, operation } from './contract';

// Typed against the payloads' interfaces: a schema that drifts from them fails to compile.
const previewSchema: z.ZodType<ImportPreview> = z.object({
  sheets: z.array(z.string()),
  sheet: z.number(),
  columnCount: z.number(),
  headers: z.array(z.string()).nullable(),
  sample: z.array(z.array(z.string())),
  rowCount: z.number(),
});
const configSchema: z.ZodType<ImportConfig> = z.object({
  type: z.enum(importTypes),
  sheet: z.number(),
  header: z.boolean(),
  numericColumns: z.boolean(),
  fields: z.array(z.object({ field: z.string(), column: z.string(), searchCriterion: z.boolean() })),
});
const stepResultSchema = z.object({ created: z.number(), updated: z.number(), rejected: z.number() });
const jobSchema: z.ZodType<ImportJob> = z.object({
  id: z.number(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sheets: z.array(z.string()),
  status: z.enum(importStatuses),
  run: z.enum(['simulation', 'import']).nullable(),
  step: z.enum(importSteps).nullable(),
  processed: z.number(),
  total: z.number(),
  results: z.partialRecord(z.enum(importSteps), stepResultSchema),
  error: z.string().nullable(),
  config: configSchema.nullable(),
  simulatedConfig: configSchema.nullable(),
  canUndo: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
const stepReportSchema: z.ZodType<ImportStepReport> = z.object({
  step: z.enum(importSteps),
  result: stepResultSchema.nullable(),
  rejections: z.array(
    z.object({ row: z.number(), field: z.string().nullable(), message: z.string(), advice: z.enum(importAdvice) }),
  ),
  page: z.number(),
  pageSize: z.number(),
});
const stepReport = operation({ query: z.object({ page: z.string().optional() }), reply: stepReportSchema });
const uploadedFileSchema: z.ZodType<UploadedFile> = z.object({ path: z.string(), name: z.string(), size: z.number() });

/** The contacts import assistant's routes, and the uploads'. */
export const importContracts = defineContracts({
  'api.import_assistant.upload': {
    POST: operation({
      upload: true,
      query: z.object({ nom: z.string().optional() }),
      reply: z.object({ job: jobSchema, preview: previewSchema }),
      status: 201,
    }),
  },
  'api.import_assistant.choices': {
    GET: operation({ reply: z.array(z.object({ value: z.string(), label: z.string(), entity: z.string() })) }),
  },
  'api.import_jobs.collection': { GET: operation({ reply: z.array(jobSchema) }) },
  'api.import_jobs.item': { GET: operation({ reply: jobSchema }) },
  'api.import_jobs.preview': {
    GET: operation({
      query: z.object({ onglet: z.string().optional(), entete: z.string().optional() }),
      reply: previewSchema,
    }),
  },
  'api.import_jobs.simulate': { POST: operation({ body: importConfigSchema, reply: jobSchema, status: 202 }) },
  'api.import_jobs.run': { POST: operation({ reply: jobSchema, status: 202 }) },
  'api.import_jobs.undo': { POST: operation({ reply: jobSchema }) },
  'api.import_jobs.structures': { GET: stepReport },
  'api.import_jobs.territories': { GET: stepReport },
  'api.import_jobs.individuals': { GET: stepReport },
  'api.import_jobs.projects': { GET: stepReport },
  'api.import_assistant.project_template': { GET: operation({ file: ['text/csv'] }) },
  'api.upload': {
    POST: operation({
      upload: true,
      query: z.object({ dossier: z.string().optional(), nom: z.string().optional() }),
      reply: uploadedFileSchema,
      status: 201,
    }),
  },
  'uploads.file': { GET: operation({ file: ['application/octet-stream'] }) },
});
