import { z } from 'zod';
import { referenceTitlesSchema } from './resource';

/**
 * What the audit trail records of a record: its creation, each change, a flag set, its deletion;
 * in a parent's history, a child record added ("add") or removed ("remove").
 */
export const auditActions = [
  'create',
  'update',
  'delete',
  'enable',
  'disable',
  'publish',
  'unpublish',
  'add',
  'remove',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * One field's change: its value before and after (null when there was none). A change of something
 * the declaration does not hold (a project's characteristic) carries its label, its values as text.
 */
export const auditChangeSchema = z.object({
  field: z.string(),
  label: z.string().optional(),
  /** A child record changed, in its parent's history (`field` its slug): the names of its fields that changed. */
  fields: z.array(z.string()).optional(),
  /**
   * A child record changed: its fields' values before and after (references by their titles), those
   * that a line can say (not long or rich texts).
   */
  values: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })).optional(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Entries per page of a record's history (GET …/historique/{id}) unless parPage says otherwise. */
export const HISTORY_PAGE_SIZE = 20;

/** An entry of a record's history, as GET …/historique/{id} answers it, newest first. */
export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.enum(auditActions),
  /** "Nom Prénom" (formatPersonName), or the email; null when the user is gone or the server acted. */
  actorName: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of a record's history, with the titles of the records its reference values name. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  titles: referenceTitlesSchema,
});
export type AuditPage = z.infer<typeof auditPageSchema>;
