import {
  documentCatalogueSchema,
  documentsJobSchema,
  projectDocumentBodySchema,
  projectDocumentOptionsSchema,
} from '../documents/document-templates';
import { defineContracts, operation } from './contract';

export const zipType = 'application/zip';
/** The merged document's types: Word, Excel, or PDF when asked (and LibreOffice is there). */
export const documentTypes = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/pdf',
] as const;

/** Documents from template files (docs/documents.md); a selection's ZIP is export-multiple's POST (projects.contract.ts). */
export const documentContracts = defineContracts({
  'api.projects.document_export': {
    GET: operation({ reply: projectDocumentOptionsSchema }),
    POST: operation({ body: projectDocumentBodySchema, file: documentTypes }),
  },
  'api.projects.email_export': { POST: operation({ body: projectDocumentBodySchema, file: documentTypes }) },
  'api.projects.documents_job': { GET: operation({ reply: documentsJobSchema }) },
  'api.projects.documents_job_file': { GET: operation({ file: [zipType] }) },
  'api.template_files.variables': { GET: operation({ reply: documentCatalogueSchema }) },
});
