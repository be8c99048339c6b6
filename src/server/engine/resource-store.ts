import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { resources } from '../../shared/resources/registry';
import type {
  ReferenceTitles,
  ResourceDefinition,
  ResourceInputValues,
  ResourcePage,
  ResourceRecord,
  ResourceRecordView,
} from '../../shared/resources/resource';
import type { Database } from '../db/database';
import { resourceTables, users } from '../db/schema';
import { ApiError } from '../http/api-error';

/** What a list request asks for, already checked against the resource's fields. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  direction: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
}

type Columns = Record<string, AnyPgColumn>;

function tableOf(definition: ResourceDefinition): { table: AnyPgTable; columns: Columns } {
  const table = resourceTables.get(definition.slug);
  if (!table) throw new Error(`Resource "${definition.slug}" has no table in the schema.`);
  return { table, columns: getTableColumns(table) as Columns };
}

/** % and _ typed by a user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
/** The same expression as the trigram indexes of searchable fields, so they serve the search. */
const containsIgnoringAccents = (column: AnyPgColumn, text: string) =>
  sql`immutable_unaccent(${column}) ilike immutable_unaccent(${likePattern(text)})`;

function filterCondition(
  definition: ResourceDefinition,
  columns: Columns,
  name: string,
  value: string,
): SQL | undefined {
  const def = definition.fields[name];
  const column = columns[name];
  if (!def || !column || value === '') return undefined;
  switch (def.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? eq(column, value === 'true') : undefined;
    case 'integer':
    case 'reference':
      return /^\d+$/.test(value) ? eq(column, Number(value)) : undefined;
    case 'references':
      return /^\d+$/.test(value) ? sql`${Number(value)} = any(${column})` : undefined;
    case 'select':
    case 'date':
      return eq(column, value);
    default:
      return containsIgnoringAccents(column, value);
  }
}

function listConditions(definition: ResourceDefinition, columns: Columns, query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(columns.deletedAt!)];
  if (query.search) {
    const searchable = Object.entries(definition.fields)
      .filter(([, def]) => def.searchable)
      .map(([name]) => containsIgnoringAccents(columns[name]!, query.search));
    conditions.push(or(...searchable));
  }
  for (const [name, value] of Object.entries(query.filters)) {
    conditions.push(filterCondition(definition, columns, name, value));
  }
  return and(...conditions);
}

/** A row as the API shows it: deletedAt is internal. */
function toRecord(row: Record<string, unknown>): ResourceRecord {
  const { deletedAt: _deletedAt, ...record } = row;
  return record as ResourceRecord;
}

export function createResourceStore(db: Database) {
  async function findRow(definition: ResourceDefinition, id: number): Promise<ResourceRecord> {
    const { table, columns } = tableOf(definition);
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(columns.id!, id), isNull(columns.deletedAt!)));
    if (!row) throw new ApiError(404, 'errors.not_found');
    return toRecord(row);
  }

  /** One query per reference field for the titles of the records these rows point at. */
  async function referenceTitles(definition: ResourceDefinition, rows: ResourceRecord[]): Promise<ReferenceTitles> {
    const titles: ReferenceTitles = {};
    for (const [name, def] of Object.entries(definition.fields)) {
      if (def.kind !== 'reference' && def.kind !== 'references') continue;
      const ids = [...new Set(rows.flatMap((row) => ([] as unknown[]).concat(row[name] ?? [])))].filter(
        (id): id is number => typeof id === 'number',
      );
      titles[name] = {};
      if (ids.length === 0) continue;
      const target = resources.find((resource) => resource.slug === def.target)!;
      const { table, columns } = tableOf(target);
      const found = await db
        .select({ id: columns.id!, title: columns[target.titleField]! })
        .from(table)
        .where(inArray(columns.id!, ids));
      for (const { id, title } of found) titles[name][String(id)] = String(title);
    }
    return titles;
  }

  async function userName(id: unknown): Promise<string | null> {
    if (typeof id !== 'number') return null;
    const [user] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, id));
    return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null;
  }

  /** Resources whose reference fields point at this one, with the field names. */
  function referrers(definition: ResourceDefinition) {
    return resources.flatMap((other) =>
      Object.entries(other.fields)
        .filter(([, def]) => (def.kind === 'reference' || def.kind === 'references') && def.target === definition.slug)
        .map(([name, def]) => ({ other, name, many: def.kind === 'references' })),
    );
  }

  /** Ids among these that live records still point at. */
  async function linkedIds(definition: ResourceDefinition, ids: number[]): Promise<number[]> {
    const linked = new Set<number>();
    for (const { other, name, many } of referrers(definition)) {
      const { table, columns } = tableOf(other);
      const column = columns[name]!;
      const rows = many
        ? await db
            .select({ id: sql<number>`unnest(${column})` })
            .from(table)
            .where(and(isNull(columns.deletedAt!), sql`${column} && ${sql.param(ids)}::integer[]`))
        : await db
            .select({ id: sql<number>`${column}` })
            .from(table)
            .where(and(isNull(columns.deletedAt!), inArray(column, ids)));
      rows.filter((row) => ids.includes(row.id)).forEach((row) => linked.add(row.id));
    }
    return [...linked];
  }

  /** Every reference must name a live record of its target resource. */
  async function checkReferences(definition: ResourceDefinition, values: ResourceInputValues): Promise<void> {
    const fieldErrors: Record<string, string> = {};
    for (const [name, def] of Object.entries(definition.fields)) {
      if ((def.kind !== 'reference' && def.kind !== 'references') || !def.target) continue;
      const wanted = ([] as unknown[]).concat(values[name] ?? []).filter((id): id is number => typeof id === 'number');
      if (wanted.length === 0) continue;
      const target = resources.find((resource) => resource.slug === def.target)!;
      const { table, columns } = tableOf(target);
      const found = await db
        .select({ id: columns.id! })
        .from(table)
        .where(and(inArray(columns.id!, wanted), isNull(columns.deletedAt!)));
      if (found.length !== new Set(wanted).size) fieldErrors[name] = 'validation.reference';
    }
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
  }

  return {
    async list(definition: ResourceDefinition, query: ListQuery): Promise<ResourcePage> {
      const { table, columns } = tableOf(definition);
      const where = listConditions(definition, columns, query);
      const order = query.direction === 'asc' ? asc : desc;
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(order(columns[query.sort]!), asc(columns.id!))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(table).where(where),
      ]);
      const records = items.map(toRecord);
      return {
        items: records,
        total: totals?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
        titles: await referenceTitles(definition, records),
      };
    },

    async get(definition: ResourceDefinition, id: number): Promise<ResourceRecordView> {
      const record = await findRow(definition, id);
      const [createdByName, updatedByName, titles] = await Promise.all([
        userName(record.createdBy),
        userName(record.updatedBy),
        referenceTitles(definition, [record]),
      ]);
      return { ...record, createdByName, updatedByName, titles };
    },

    async create(definition: ResourceDefinition, values: ResourceInputValues, userId: number): Promise<ResourceRecord> {
      const { table, columns } = tableOf(definition);
      await checkReferences(definition, values);
      return db.transaction(async (tx) => {
        // A new record of a sortable resource goes last.
        const position = definition.behaviours.sortable
          ? { position: Number((await tx.select({ last: max(columns.position!) }).from(table))[0]?.last ?? -1) + 1 }
          : {};
        const [row] = await tx
          .insert(table)
          .values({ ...values, ...position, createdBy: userId, updatedBy: userId })
          .returning();
        return toRecord(row!);
      });
    },

    async update(
      definition: ResourceDefinition,
      id: number,
      values: ResourceInputValues,
      userId: number,
    ): Promise<ResourceRecord> {
      const { table, columns } = tableOf(definition);
      await findRow(definition, id);
      await checkReferences(definition, values);
      const [row] = await db
        .update(table)
        .set({ ...values, updatedBy: userId, updatedAt: new Date() })
        .where(and(eq(columns.id!, id), isNull(columns.deletedAt!)))
        .returning();
      return toRecord(row!);
    },

    /** Soft delete of every id, or of none: refused when a live record still points at one of them. */
    async delete(definition: ResourceDefinition, ids: number[], userId: number): Promise<number> {
      const { table, columns } = tableOf(definition);
      if ((await linkedIds(definition, ids)).length > 0) throw new ApiError(409, 'errors.linked');
      const deleted = await db
        .update(table)
        .set({ deletedAt: new Date(), updatedBy: userId })
        .where(and(inArray(columns.id!, ids), isNull(columns.deletedAt!)))
        .returning({ id: columns.id! });
      if (deleted.length === 0) throw new ApiError(404, 'errors.not_found');
      return deleted.length;
    },

    /** organiser: the given order becomes positions 0, 1, 2… */
    async reorder(definition: ResourceDefinition, ids: number[], userId: number): Promise<void> {
      const { table, columns } = tableOf(definition);
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries()) {
          await tx
            .update(table)
            .set({ position, updatedBy: userId })
            .where(and(eq(columns.id!, id), isNull(columns.deletedAt!)));
        }
      });
    },
  };
}

export type ResourceStore = ReturnType<typeof createResourceStore>;
