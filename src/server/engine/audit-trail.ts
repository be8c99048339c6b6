import { and, count, desc, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntry } from '../../shared/resources/audit';
import { changeKind, LABELLED_KIND, OWN_FIELDS_KIND } from '../../shared/resources/history-kinds';
import type { ResourceDefinition } from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { auditEntries, userDisplayName, users } from '../db/schema';

/** A value as the trail keeps and compares it: JSON, dates as ISO text, nothing as null. */
const comparableValue = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : value === undefined || value === '' ? null : value;

/**
 * Whether two values are the same JSON, their objects' keys in any order: jsonb keeps no key order,
 * so a value read from a row and one about to be written to it compare alike (a patch's check).
 */
const sameJson = (one: unknown, other: unknown): boolean => {
  const sorted = (_key: string, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value;
  return JSON.stringify(one, sorted) === JSON.stringify(other, sorted);
};

/**
 * A record's declared fields whose value differs between before and after (null: the record did not
 * exist, or no longer does), with both values: for its history, not its internal fields (a card's
 * place in its column, the board's business rather than the record's story), unless `withInternal`
 * (whether a write changes anything at all).
 */
export function changesBetween(
  definition: ResourceDefinition,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  { withInternal = false }: { withInternal?: boolean } = {},
): AuditChange[] {
  return Object.keys(definition.fields).flatMap((field) => {
    if (!withInternal && definition.fields[field]!.internal) return [];
    const [was, is] = [comparableValue(before?.[field]), comparableValue(after?.[field])];
    const empty = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0);
    if (sameJson(was, is) || (empty(was) && empty(is))) return [];
    return [{ field, before: was, after: is }];
  });
}

/** Who an entry names: the user, or none for the server itself (the history says "Système"). */
const auditActorId = (actor: Pick<Actor, 'id' | 'system'>): number | null => (actor.system ? null : actor.id);

/** Adds entries to the trail of an audited resource, inside the write's transaction; nothing for the others. */
export async function recordAudit(
  tx: Database,
  definition: ResourceDefinition,
  actor: Pick<Actor, 'id' | 'system'>,
  entries: { recordId: number; action: AuditAction; changes: AuditChange[] }[],
): Promise<void> {
  if (!definition.behaviours.audited || entries.length === 0) return;
  await tx
    .insert(auditEntries)
    .values(entries.map((entry) => ({ ...entry, resource: definition.slug, actorId: auditActorId(actor) })));
}

/**
 * Records of a child resource whose declaration's parent says `inHistory`, added, changed or
 * deleted: an entry of each one's parent's history, its change on the child's slug naming the record
 * as the parent's history does (added: none → name; deleted: name → none; changed: name before →
 * name after, the same when only other fields changed, with the fields that changed and their values
 * before and after). The entry is an addition ("add"), a removal ("remove") or a change ("update")
 * of the parent: never the parent's own creation or deletion.
 */
export async function recordInParentHistory(
  tx: Database,
  definition: ResourceDefinition,
  actor: Actor,
  changes: {
    record: Record<string, unknown>;
    before: string | null;
    after: string | null;
    fields?: string[];
    values?: AuditChange['values'];
  }[],
): Promise<void> {
  const { parent } = definition;
  if (!parent?.inHistory || changes.length === 0) return;
  const entries = changes.flatMap(({ record, before, after, fields, values }) => {
    const parentId = record[parent.field];
    if (typeof parentId !== 'number') return [];
    const change: AuditChange = {
      field: definition.slug,
      before,
      after,
      ...(fields ? { fields } : {}),
      ...(values && values.length > 0 ? { values } : {}),
    };
    const action: AuditAction = before === null ? 'add' : after === null ? 'remove' : 'update';
    return [{ recordId: parentId, action, changes: [change] }];
  });
  if (entries.length === 0) return;
  await tx
    .insert(auditEntries)
    .values(entries.map((entry) => ({ ...entry, resource: parent.resource, actorId: auditActorId(actor) })));
}

/**
 * The entries of one kind (historyKinds): the record's own fields (and its creation, deletion and
 * flags), a field of its own kind, labelled changes, or a child resource's records.
 */
function kindCondition(definition: ResourceDefinition, kind: string): SQL {
  const contains = (field: string) => sql`${auditEntries.changes} @> ${JSON.stringify([{ field }])}::jsonb`;
  const anyChange = (condition: SQL) =>
    sql`exists (select 1 from jsonb_array_elements(${auditEntries.changes}) as change where ${condition})`;
  if (kind === LABELLED_KIND) return anyChange(sql`change->>'label' is not null`);
  if (kind !== OWN_FIELDS_KIND) return contains(kind);
  const own = Object.keys(definition.fields).filter((name) => !definition.historyKinds?.fields?.includes(name));
  return or(
    // A creation, deletion or flag is the record's own; a child's addition or removal is its child's.
    notInArray(auditEntries.action, ['update', 'add', 'remove']),
    anyChange(
      sql`change->>'label' is null and change->>'field' in (${sql.join(
        own.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    ),
  )!;
}

/** The entries with a change of a field not among these, or with none (a creation's, a flag's). */
function readableCondition(hiddenFields: string[]): SQL | undefined {
  if (hiddenFields.length === 0) return undefined;
  return sql`(jsonb_array_length(${auditEntries.changes}) = 0 or exists (
    select 1 from jsonb_array_elements(${auditEntries.changes}) as change
    where not (change->>'field' = any(${sql.param(hiddenFields)}::text[]))))`;
}

/**
 * A page of a record's history, newest first, of one kind when given. The changes of the `hidden`
 * fields are left out, and the entries holding only such: fields the reader may not see (a form an
 * access profile hides) and child resources they may not list (a child's entry is one change, on
 * the child's slug).
 */
export async function auditPage(
  db: Database,
  definition: ResourceDefinition,
  recordId: number,
  { page, pageSize, kind, hidden = [] }: { page: number; pageSize: number; kind?: string; hidden?: string[] },
): Promise<{ entries: AuditEntry[]; total: number }> {
  // Internal fields (a card's place) stay out, including entries written before they were so declared.
  const internal = Object.keys(definition.fields).filter((name) => definition.fields[name]!.internal);
  const left = [...hidden, ...internal];
  const where = and(
    eq(auditEntries.resource, definition.slug),
    eq(auditEntries.recordId, recordId),
    kind === undefined ? undefined : kindCondition(definition, kind),
    readableCondition(left),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: auditEntries.id,
        action: auditEntries.action,
        changes: auditEntries.changes,
        createdAt: auditEntries.createdAt,
        actorName: sql<string | null>`${userDisplayName('users')}`,
      })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.actorId))
      .where(where)
      .orderBy(desc(auditEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      // Of one kind, only its changes: a creation filtered by state says the state it began in.
      changes: row.changes.filter(
        (change) => !left.includes(change.field) && (kind === undefined || changeKind(definition, change) === kind),
      ),
    })),
    total: totals?.total ?? 0,
  };
}
