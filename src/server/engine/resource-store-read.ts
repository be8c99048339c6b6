import { and, asc, count, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import {
  withTitleDetail,
  type ReferenceTitles,
  type ResourceDefinition,
  type ResourcePage,
  type ResourceRecord,
  type ResourceRecordView,
  type Suggestion,
} from '../../shared/resources/resource';
import type { Actor } from '../auth/actor';
import {
  containsIgnoringAccents,
  escapeLike,
  likeIgnoringAccents,
  likePattern,
  sortKey,
  titlePrefixKey,
  userDisplayName,
  users,
} from '../db/schema';
import { ApiError } from '../http/api-error';
import { serverFieldKinds } from './field-kinds';
import { tableOf, toRecord, type Columns, type StoreContext } from './resource-store-context';
import { referenceTarget, type StoreReferences } from './resource-store-references';
import type { ServerResource } from './server-resource';

/** What a list request asks for, already checked against the resource's fields. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  direction: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
  /** Only these records (a selection exported, a set a route computed); the read scope still applies. */
  ids?: number[];
}

type ResourceRecordWriters = Pick<ResourceRecordView, 'createdByName' | 'updatedByName'> & {
  record: ResourceRecord;
  /** The titles read with the row (the references `titlesWithRows` folds in). */
  titles: ReferenceTitles;
};

function filterCondition(
  definition: ResourceDefinition,
  columns: Columns,
  name: string,
  value: string,
): SQL | undefined {
  const range = /^(.+)(Du|Au)$/.exec(name);
  const ranged = range ? definition.fields[range[1]!] : undefined;
  if (range && ranged && serverFieldKinds[ranged.kind].dayRange && columns[range[1]!]) {
    // <field>Du and <field>Au: from and to that day, both included (list-query.ts, dateRangeParams).
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    const day = sql`(${columns[range[1]!]!})::date`;
    return range[2] === 'Du' ? sql`${day} >= ${value}::date` : sql`${day} <= ${value}::date`;
  }
  const def = definition.fields[name];
  const column = columns[name];
  if (!def || !column || value === '') return undefined;
  return serverFieldKinds[def.kind].filterCondition(column, value, def);
}

/**
 * A search of three letters or more reads its matches off the trigram indexes, then sorts them (and
 * counts them in the same pass). The list's sort key is then given as coalesce(key, key), which no
 * index serves: walking the sort index instead, the planner would count on matches spread evenly
 * along it, while a name search's lie together ("Vidal": 19 800 rows read to find 25).
 */
const searchedByTrigrams = (search: string) => search.trim().length >= 3;

/**
 * For a resource whose server file asks it (`searchRanksTitle`), a search's order: the records whose
 * title is the term first, then those whose title starts with it, then the others (case and accents
 * ignored, as the autocomplete ranks them); nothing for the others, nor for a search of fewer than
 * three letters, whose page comes off the sort's index.
 */
function searchRank(definition: ResourceDefinition, columns: Columns, search: string, hooks: ServerResource): SQL[] {
  const term = search.trim();
  const title = columns[definition.titleField];
  if (!hooks.searchRanksTitle || !searchedByTrigrams(term) || !title) return [];
  const key = titlePrefixKey(sql`${title}`);
  return [
    sql`case when ${key} = immutable_unaccent(lower(${term}::text)) then 0
      when ${key} like immutable_unaccent(lower(${`${escapeLike(term)}%`}::text)) then 1 else 2 end`,
  ];
}

function listConditions(
  definition: ResourceDefinition,
  columns: Columns,
  query: Pick<ListQuery, 'search' | 'filters' | 'ids'>,
  visible: SQL,
  actor: Actor,
  ownParams?: ServerResource['listParams'],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visible];
  if (query.ids) conditions.push(query.ids.length > 0 ? inArray(columns.id!, query.ids) : sql`false`);
  if (query.search) {
    const searchable = Object.entries(definition.fields)
      .filter(([, def]) => def.searchable)
      .map(([name]) => containsIgnoringAccents(columns[name]!, query.search));
    conditions.push(or(...searchable));
  }
  for (const [name, value] of Object.entries(query.filters)) {
    conditions.push(
      ownParams && definition.listCriteria?.test(name)
        ? ownParams.condition(name, value, columns, actor)
        : filterCondition(definition, columns, name, value),
    );
  }
  return and(...conditions);
}

/** The store's reads: lists, a record, suggestions, every record of a reference target. */
export function createStoreReads(context: StoreContext, references: StoreReferences) {
  const { db, hooksOf, visible, buildOnce, readScoped } = context;
  const { visibleTarget, titlesWithRows, referenceTitles } = references;

  /**
   * Who created or changed a record, as the history line says it ("Nom Prénom", or the email), read
   * with it. The column is named with its table: drizzle leaves a one-table select's columns bare,
   * and the users' own created_by would be read instead.
   */
  const writerName = (table: AnyPgTable, column: AnyPgColumn | undefined) =>
    column
      ? sql<string | null>`(select ${userDisplayName('writer')} from ${users} writer
          where writer.id = ${table}.${sql.identifier(column.name)})`
      : sql<null>`null`;

  /** A record the actor may see, with the names of who created and last changed it: one query. */
  async function findRow(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecordWriters> {
    const { table, columns } = tableOf(definition);
    const withRow = titlesWithRows(definition, table, columns, actor, { shared: !readScoped(definition) });
    const byId = (idValue: number | Placeholder) =>
      db
        .select({
          ...columns,
          ...withRow.columns,
          createdByName: writerName(table, columns.createdBy),
          updatedByName: writerName(table, columns.updatedBy),
        })
        .from(table)
        .where(and(eq(columns.id!, idValue), visible(definition, columns, actor)));
    const [row] = readScoped(definition)
      ? await byId(id)
      : await buildOnce(`row ${definition.slug}`, () =>
          byId(sql.placeholder('id')).prepare(`row_${definition.table}`),
        ).execute({ id });
    // Out of scope, it answers as if it did not exist; unless its server file tells its own (a ticket
    // attributed to the actor in a confidential project), saying no more than they know.
    if (!row)
      throw (
        (await hooksOf(definition.slug).hiddenRecordError?.(db, actor, id)) ?? new ApiError(404, 'errors.not_found')
      );
    const { createdByName, updatedByName, ...values } = row as Record<string, unknown>;
    return {
      record: toRecord(definition, values),
      createdByName: (createdByName as string | null) ?? null,
      updatedByName: (updatedByName as string | null) ?? null,
      titles: withRow.read([values]),
    };
  }

  /**
   * The records without the references their server file hides from whoever may not read their
   * target (`hidesUnreadableReferences`): a reference the titles do not name (a record out of the
   * reader's scope, or deleted) answers null, and a list of them loses it.
   */
  function hideUnreadable(definition: ResourceDefinition, records: ResourceRecord[], titles: ReferenceTitles) {
    const hidden = hooksOf(definition.slug).hidesUnreadableReferences ?? [];
    if (hidden.length === 0) return records;
    return records.map((record) => {
      const shown = { ...record };
      for (const name of hidden) {
        const named = titles[name] ?? {};
        const value = record[name];
        if (Array.isArray(value)) shown[name] = value.filter((id) => String(id) in named);
        else if (value != null && !(String(value) in named)) shown[name] = null;
      }
      return shown;
    });
  }

  /** A list's conditions as the actor sees it: in their read scope, with the resource's own criteria. */
  const listWhere = (
    definition: ResourceDefinition,
    columns: Columns,
    query: Pick<ListQuery, 'search' | 'filters' | 'ids'>,
    actor: Actor,
  ) =>
    listConditions(
      definition,
      columns,
      query,
      visible(definition, columns, actor),
      actor,
      hooksOf(definition.slug).listParams,
    );

  return {
    /** Not one of the store's methods: an update's check that its record is there (resource-store-write.ts). */
    findRow,

    /**
     * Records just written, as the actor may read them: without the references their server file
     * hides from a reader who may not see their target (`hidesUnreadableReferences`), as a read
     * shows them. No query for a resource that hides none.
     */
    async hidingUnreadable(definition: ResourceDefinition, records: ResourceRecord[], actor: Actor) {
      if (!hooksOf(definition.slug).hidesUnreadableReferences?.length || records.length === 0) return records;
      return hideUnreadable(definition, records, await referenceTitles(definition, records, actor));
    },

    async list(definition: ResourceDefinition, query: ListQuery, actor: Actor): Promise<ResourcePage> {
      const { table, columns } = tableOf(definition);
      const where = listWhere(definition, columns, query, actor);
      const order = query.direction === 'asc' ? asc : desc;
      const key = sortKey(definition.fields[query.sort], columns[query.sort]!);
      const counted = () =>
        db
          .select({ total: count() })
          .from(table)
          .where(where)
          .then(([row]) => row?.total ?? 0);
      // The total comes with the page, in one query. A search of three letters or more reads all its
      // matches to sort them, and counts them on the way; otherwise the page comes off the sort's index
      // and the count is a subquery of its own, run once.
      const searched = searchedByTrigrams(query.search);
      const withRows = titlesWithRows(definition, table, columns, actor, { shared: false });
      const rows = await db
        .select({
          ...columns,
          ...withRows.columns,
          matches: searched
            ? sql<number>`count(*) over ()`
            : sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`,
        })
        .from(table)
        .where(where)
        .orderBy(
          ...searchRank(definition, columns, query.search, hooksOf(definition.slug)),
          order(searched ? sql`coalesce(${key}, ${key})` : key),
          asc(columns.id!),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const total = rows.length > 0 ? Number(rows[0]!.matches) : query.page > 1 ? await counted() : 0;
      const records = rows.map((row) => toRecord(definition, row));
      const titles = await referenceTitles(definition, records, actor, withRows.read(rows));
      return {
        items: hideUnreadable(definition, records, titles),
        total,
        page: query.page,
        pageSize: query.pageSize,
        titles,
      };
    },

    /**
     * Every record of a list, in its order, a chunk at a time (exports): the ids are sorted once,
     * then each chunk is read by id, so the work does not grow with the chunk's offset.
     */
    async *listAll(
      definition: ResourceDefinition,
      query: Omit<ListQuery, 'page' | 'pageSize'>,
      chunkSize: number,
      actor: Actor,
    ): AsyncGenerator<{ items: ResourceRecord[]; titles: ReferenceTitles }> {
      const { table, columns } = tableOf(definition);
      const order = query.direction === 'asc' ? asc : desc;
      const ordered = await db
        .select({ id: columns.id! })
        .from(table)
        .where(listWhere(definition, columns, query, actor))
        .orderBy(
          ...searchRank(definition, columns, query.search, hooksOf(definition.slug)),
          order(sortKey(definition.fields[query.sort], columns[query.sort]!)),
          asc(columns.id!),
        );
      const ids = ordered.map(({ id }) => Number(id));
      for (let start = 0; start < ids.length; start += chunkSize) {
        const chunk = ids.slice(start, start + chunkSize);
        const rows = await db.select().from(table).where(inArray(columns.id!, chunk));
        const byId = new Map(rows.map((row) => [Number(row.id), toRecord(definition, row)]));
        const items = chunk.flatMap((id) => byId.get(id) ?? []);
        const titles = await referenceTitles(definition, items, actor);
        yield { items: hideUnreadable(definition, items, titles), titles };
      }
    },

    async get(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecordView> {
      const { record, createdByName, updatedByName, titles: withRow } = await findRow(definition, id, actor);
      const titles = await referenceTitles(definition, [record], actor, withRow);
      return { ...hideUnreadable(definition, [record], titles)[0]!, createdByName, updatedByName, titles };
    },

    /**
     * Autocomplete: the records of a reference target the actor may see whose title starts with the
     * term (the one named exactly so first), then those containing it: among 35 000 communes,
     * "Saint-Denis" before "La Chapelle-Saint-Denis"; labelled to tell homonyms apart
     * (withTitleDetail). Those starting so come off a B-tree in order, so a common beginning
     * ("saint": 4 000 communes) reads 20 rows; the trigram index serves the rest when needed.
     */
    async suggest(targetSlug: string, term: string, limit: number, actor: Actor): Promise<Suggestion[]> {
      if (term === '') return [];
      const target = referenceTarget(targetSlug);
      const key = titlePrefixKey(target.title);
      const startsWithTerm = sql`${key} like immutable_unaccent(lower(${sql.placeholder('prefix')}))`;
      const detail = Object.fromEntries(
        (target.definition.titleDetail ?? []).map((name) => [name, target.columns[name]!]),
      );
      // Unnamed statements (prepare('')): each is planned with the term, which a plan made without
      // it could not take its index range from.
      const selection = { ...detail, value: target.id, label: target.title };
      const build = () => ({
        starting: db
          .select(selection)
          .from(target.table)
          .where(and(visibleTarget(target, actor), startsWithTerm))
          .orderBy(asc(key), asc(target.id))
          .limit(sql.placeholder('limit'))
          .prepare(''),
        containing: db
          .select(selection)
          .from(target.table)
          .where(
            and(
              visibleTarget(target, actor),
              likeIgnoringAccents(target.title, sql.placeholder('pattern')),
              sql`not (${startsWithTerm})`,
            ),
          )
          .orderBy(asc(target.title), asc(target.id))
          .limit(sql.placeholder('limit'))
          .prepare(''),
      });
      const queries = readScoped(target.definition) ? build() : buildOnce(`suggestions ${targetSlug}`, build);
      const values = { prefix: `${escapeLike(term)}%`, pattern: likePattern(term) };
      const starting = await queries.starting.execute({ ...values, limit });
      const containing =
        starting.length < limit ? await queries.containing.execute({ ...values, limit: limit - starting.length }) : [];
      return [...starting, ...containing].map((row) => ({
        value: Number(row.value),
        label: withTitleDetail(target.definition, String(row.label), row),
      }));
    },

    /** Every record of a reference target the actor may see, with its title: what an import matches names against. */
    async referenceChoices(targetSlug: string, actor: Actor): Promise<Suggestion[]> {
      const target = referenceTarget(targetSlug);
      const rows = await db
        .select({ value: target.id, label: target.title })
        .from(target.table)
        .where(visibleTarget(target, actor))
        .orderBy(asc(target.id));
      return rows.map(({ value, label }) => ({ value: Number(value), label: String(label) }));
    },
  };
}

export type StoreReads = ReturnType<typeof createStoreReads>;
