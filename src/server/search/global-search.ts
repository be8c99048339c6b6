import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { can } from '../../shared/permissions';
import { findResource } from '../../shared/resources/registry';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import {
  SEARCH_PER_KIND,
  searchKindResources,
  searchKinds,
  type SearchItem,
  type SearchKind,
} from '../../shared/search/search';
import type { Actor } from '../auth/actor';
import { rowsOf, type Database } from '../db/database';
import { escapeLike, resourceTables, titleExpression } from '../db/schema';
import type { ResourceStore } from '../engine/resource-store';

/**
 * The header's search across everything (docs/search.md): for each kind the user may list, the
 * records of its resource within their read scope (the store's `scoped` relation) whose searched
 * texts match the typed one, best first, SEARCH_PER_KIND at most.
 *
 * Texts are compared as the contacts' duplicate matching compares names: folded by
 * `immutable_unaccent` (accents; pg_trgm ignores case) and measured by pg_trgm's trigrams — here
 * `word_similarity`, the typed text against the closest stretch of words of the record's text, so
 * that "Dupond" finds "Dupont Marie" and "lefevre" "Lefèvre". The conditions are written on the very
 * expressions of the resources' trigram indexes (`immutable_unaccent(column)`, an individual's
 * title), which serve them on PGlite and PostgreSQL alike.
 */

/** From this word similarity (0–1) a record matches: one typo in a name of five letters or more. */
export const SEARCH_SIMILARITY = 0.5;
/**
 * The matches of a kind ranked, at most: a text nearly every record holds ("rénovation") would
 * otherwise rank tens of thousands of rows. The closest ones come first (the exact texts are their
 * own candidates, below), so a capped search still shows the best.
 */
const CANDIDATES = 100;

type Columns = Record<string, AnyPgColumn>;

interface KindQuery {
  /** The texts searched, each an expression a trigram index of the resource serves (immutable_unaccent(...)). */
  searched(r: Columns): SQL[];
  title(r: Columns, definition: ResourceDefinition): SQL;
  subtitle(r: Columns): SQL;
  /** The record another one's page opens from (a ticket's project): null when its own page is enough. */
  parent(r: Columns): SQL;
}

const folded = (text: SQL | AnyPgColumn) => sql`immutable_unaccent(${text})`;
/** A project's name, for the records of a project (the project is readable: its children are only read through it). */
const projectName = (project: AnyPgColumn) => sql`(select p.name from projects p where p.id = ${project})`;

const kindQueries: Record<SearchKind, KindQuery> = {
  projet: {
    searched: (r) => [folded(r.name!), folded(r.reference!)],
    title: (r) => sql`${r.name!}`,
    subtitle: (r) => sql`${r.reference!}`,
    parent: () => sql`null::integer`,
  },
  individu: {
    // "Dupont Marie": the title the individuals' title_search_idx holds.
    searched: (r) => [folded(titleExpression(findResource('individus')!, r))],
    title: (r, definition) => titleExpression(definition, r),
    subtitle: (r) =>
      sql`nullif(concat_ws(' · ', nullif(${r.email!}, ''),
        (select c.name from communes c where c.id = ${r.commune!})), '')`,
    parent: () => sql`null::integer`,
  },
  structure: {
    searched: (r) => [folded(r.name!), folded(r.acronym!)],
    title: (r) => sql`${r.name!}`,
    subtitle: (r) => sql`nullif(concat_ws(' · ', nullif(${r.acronym!}, ''), nullif(${r.siret!}, '')), '')`,
    parent: () => sql`null::integer`,
  },
  ticket: {
    searched: (r) => [folded(r.name!)],
    title: (r) => sql`${r.name!}`,
    subtitle: (r) => projectName(r.project!),
    parent: (r) => sql`${r.project!}`,
  },
  acte: {
    searched: (r) => [folded(r.subject!)],
    title: (r) => sql`${r.subject!}`,
    subtitle: (r) => sql`concat_ws(' · ', ${projectName(r.project!)}, to_char(${r.actDate!}, 'DD/MM/YYYY'))`,
    parent: () => sql`null::integer`,
  },
};

/** The page a found record opens: a project's own page, a ticket on its project's board, the others' show page. */
function urlOf(type: SearchKind, id: number, parent: number | null): string {
  switch (type) {
    case 'projet':
      return path('admin.projects.page', { id });
    case 'ticket':
      return path('admin.tickets.board', { projet: parent!, ticket: id });
    default:
      return path('admin.resource.show', { resource: searchKindResources[type], id });
  }
}

/** The kinds a user finds: those whose resource they may list. */
export const searchableKinds = (actor: Actor): SearchKind[] =>
  searchKinds.filter((kind) => can(actor, searchKindResources[kind], 'list'));

/**
 * One kind's best matches, in one parenthesised select of the search's union: the candidates — the
 * texts containing the typed one (three characters or more: a trigram index needs a trigram), then
 * the close ones — each set capped, joined with the resource's scoped rows, then ranked.
 */
function kindSelect(store: ResourceStore, actor: Actor, kind: SearchKind, text: string): SQL {
  const definition = findResource(searchKindResources[kind])!;
  const table = resourceTables.get(definition.slug)! as PgTable;
  const query = kindQueries[kind];
  const candidateColumns = getTableColumns(alias(table, 'c')) as Columns;
  const r = getTableColumns(alias(table, 'r')) as Columns;
  const typed = sql`immutable_unaccent(${text})`;
  const contains = `%${escapeLike(text)}%`;
  const exact = query.searched(candidateColumns).map((column) => sql`${column} ilike immutable_unaccent(${contains})`);
  const close = query.searched(candidateColumns).map((column) => sql`${typed} <% ${column}`);
  const candidates = (conditions: SQL[]) =>
    sql`(select c.id from ${table} c where ${sql.join(conditions, sql` or `)} limit ${CANDIDATES})`;
  const score = sql`greatest(${sql.join(
    query.searched(r).map((column) => sql`word_similarity(${typed}, ${column})`),
    sql`, `,
  )})`;
  const title = query.title(r, definition);
  // Each candidate looked up among the scoped rows (offset 0: one primary-key lookup and the read scope's
  // check each, never the whole scoped relation), the lot fenced so that the ranking reads them alone.
  return sql`(select ${kind}::text as type, id, title, subtitle, parent,
      row_number() over (order by score desc, title, id) as rank
    from (select r.id, ${title} as title, ${query.subtitle(r)} as subtitle, ${query.parent(r)} as parent, ${score} as score
      from (${text.length >= 3 ? sql`${candidates(exact)} union ` : sql``}${candidates(close)}) found
      cross join lateral (select * from ${store.scoped(definition.slug, actor)} r where r.id = found.id offset 0) r
      offset 0) ranked
    order by score desc, title, id
    limit ${SEARCH_PER_KIND})`;
}

/** The search's one statement: each kind's best matches, one after the other. */
export const searchStatement = (store: ResourceStore, actor: Actor, kinds: SearchKind[], text: string): SQL =>
  sql.join(
    kinds.map((kind) => kindSelect(store, actor, kind, text)),
    sql` union all `,
  );

/** The records of every kind the actor may list that match the text (2 characters or more), grouped by kind. */
export async function searchEverything(
  db: Database,
  store: ResourceStore,
  actor: Actor,
  text: string,
): Promise<SearchItem[]> {
  const kinds = searchableKinds(actor);
  if (kinds.length === 0) return [];
  const rows = await db.transaction(async (tx) => {
    // For this transaction only: the threshold of pg_trgm's <% operator; and no sequential scan, which
    // the planner would take to find a kind's first candidates (a LIMIT looks cheap to reach that way)
    // and pay with the search's whole time when they are few or none.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true),
      set_config('enable_seqscan', 'off', true)`);
    return rowsOf<{
      type: SearchKind;
      id: number;
      title: string;
      subtitle: string | null;
      parent: number | null;
      rank: number | string;
    }>(tx, searchStatement(store, actor, kinds, text));
  });
  // union all says nothing of the order of the rows: each kind's rank, and the kinds' order, are ours.
  return kinds.flatMap((kind) =>
    rows
      .filter((row) => row.type === kind)
      .sort((a, b) => Number(a.rank) - Number(b.rank))
      .map(({ type, id, title, subtitle, parent }) => ({ type, id, title, subtitle, url: urlOf(type, id, parent) })),
  );
}
