import { z } from 'zod';
import { defineContracts, operation } from './contract';

/** The file manager's stores (spec 2.3): uploads/{chemin}, emails/{chemin}, media/{chemin}. */
export const fileStores = ['uploads', 'emails', 'media'] as const;
export type FileStore = (typeof fileStores)[number];

/** How a listing is sorted: by name, date (last change) or size. */
export const fileSorts = ['nom', 'date', 'taille'] as const;
export type FileSort = (typeof fileSorts)[number];

/** The uploads' folder of the files sent from the file manager's root (POST /api/televersements?dossier=…). */
export const FILE_MANAGER_FOLDER = 'gestionnaire-fichiers';

/** The media store is the uploads' folder of the media monitoring items (veille-media). */
export const MEDIA_STORE_FOLDER = 'veille-media';

/** The longest path the file manager takes (a store's folder, or a file in it). */
export const FILE_PATH_MAX = 500;

/** One line of a folder's listing: a folder, or a file with its size, date and address. */
export const fileEntrySchema = z.object({
  name: z.string(),
  /** Its path inside the store: the `dossier` that opens a folder, the `chemin` that names a file. */
  path: z.string(),
  kind: z.enum(['folder', 'image', 'other']),
  /** Bytes; null for a folder. */
  size: z.number().nullable(),
  /** Its last change (ISO 8601); null for a folder. */
  modifiedAt: z.string().nullable(),
  /** Where the file is served (/uploads/…, /emails/…, /media/…); null for a folder. */
  url: z.string().nullable(),
  /** Whether the actor may rename and delete it (their own upload, or any for an administrator). */
  editable: z.boolean(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const fileListingSchema = z.object({
  store: z.enum(fileStores),
  folder: z.string(),
  /** Whether files may be sent into this folder (the uploads store only). */
  canUpload: z.boolean(),
  entries: z.array(fileEntrySchema),
});
export type FileListing = z.infer<typeof fileListingSchema>;

const store = z.enum(fileStores, 'validation.choice').describe('openapi.parameters.file_store');
const filePath = z
  .string('validation.required')
  .min(1, 'validation.required')
  .max(FILE_PATH_MAX, 'validation.too_long');

/** The file manager pop-up's API (docs/file-manager.md). */
export const fileManagerContracts = defineContracts({
  'api.file_manager.list': {
    GET: operation({
      query: z.object({
        magasin: store.default('uploads'),
        dossier: z
          .string()
          .max(FILE_PATH_MAX, 'validation.too_long')
          .default('')
          .describe('openapi.parameters.file_folder'),
        tri: z.enum(fileSorts, 'validation.choice').default('nom').describe('openapi.parameters.file_sort'),
        ordre: z.enum(['asc', 'desc'], 'validation.choice').default('asc').describe('openapi.parameters.ordre'),
      }),
      reply: fileListingSchema,
    }),
  },
  'api.file_manager.preview': {
    GET: operation({
      query: z.object({ magasin: store, chemin: filePath.describe('openapi.parameters.file_path') }),
      file: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    }),
  },
  'api.file_manager.rename': {
    POST: operation({
      body: z.object({
        magasin: z.enum(fileStores, 'validation.choice'),
        chemin: filePath,
        nom: z.string('validation.required').trim().min(1, 'validation.required').max(120, 'validation.too_long'),
      }),
      reply: fileEntrySchema,
      conflicts: true,
    }),
  },
  'api.file_manager.delete': {
    POST: operation({
      body: z.object({ magasin: z.enum(fileStores, 'validation.choice'), chemin: filePath }),
      status: 204,
      conflicts: true,
    }),
  },
});
