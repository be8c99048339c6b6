import type { ReferenceTitles } from './resource';

/** What the audit trail records of a record: its creation, each change, a flag set, its deletion. */
export const auditActions = ['create', 'update', 'delete', 'enable', 'disable', 'publish', 'unpublish'] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * One field's change: its value before and after (null when there was none). A change of something
 * the declaration does not hold (a project's characteristic) carries its label, its values as text.
 */
export interface AuditChange {
  field: string;
  label?: string;
  /** A child record changed, in its parent's history (`field` its slug): the names of its fields that changed. */
  fields?: string[];
  before: unknown;
  after: unknown;
}

/** Entries per page of a record's history (GET …/historique/{id}) unless parPage says otherwise. */
export const HISTORY_PAGE_SIZE = 20;

/** An entry of a record's history, as GET …/historique/{id} answers it, newest first. */
export interface AuditEntry {
  id: number;
  action: AuditAction;
  /** "Prénom Nom", or the email; null when the user is gone or the server acted. */
  actorName: string | null;
  createdAt: string;
  changes: AuditChange[];
}

/** A page of a record's history, with the titles of the records its reference values name. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  titles: ReferenceTitles;
}
