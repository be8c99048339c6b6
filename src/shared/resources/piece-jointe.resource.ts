import { field } from './fields';
import { defineResource } from './resource';

/** The files a project's document may be (extensions, lower case): office documents, PDF, images, text, archives, mails, meeting invitations. */
export const documentExtensions = [
  'pdf',
  'doc',
  'docx',
  'odt',
  'rtf',
  'txt',
  'xls',
  'xlsx',
  'ods',
  'csv',
  'ppt',
  'pptx',
  'odp',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'zip',
  'eml',
  'msg',
  'ics',
] as const;

/** Whether a file's name or path ends with one of the documents' extensions. */
export function isDocumentFile(name: string): boolean {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension !== undefined && (documentExtensions as readonly string[]).includes(extension);
}

/**
 * A project's documents (spec 2.1's "documents" screen, 2.3's piece-jointe/supprimer/{id}): a file
 * filed under a document type. Read by whoever may read the project; each addition, change and
 * deletion is an entry of the project's history, and an addition moves its last intervention date forward.
 */
export const projectDocuments = defineResource({
  slug: 'piece-jointe',
  table: 'project_documents',
  menu: { section: 'content', icon: 'file' },
  titleField: 'title',
  defaultSort: { field: 'addedOn', direction: 'desc' },
  behaviours: { importable: false, clonable: false },
  parent: { resource: 'projet', field: 'project', inHistory: true },
  fields: {
    project: field.reference('projet', { required: true, autocomplete: true, list: true, filter: true }),
    title: field.text({ required: true, list: true, sortable: true, searchable: true }),
    documentType: field.reference('types-de-document', { required: true, list: true, filter: true }),
    // Its path under /uploads ends with the file's name: the search finds it by name too.
    file: field.file({ required: true, list: true, searchable: true }),
    // The day it was added, set by the server (the screen's date range).
    addedOn: field.date({ readOnly: true, list: true, sortable: true, filter: 'range' }),
  },
});
