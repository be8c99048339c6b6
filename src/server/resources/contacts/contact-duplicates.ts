import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import {
  duplicateReasons,
  type DuplicatePage,
  type DuplicateReason,
  type DuplicateResource,
  type DuplicateScanResult,
} from '../../../shared/resources/contact-duplicates';
import { findResource } from '../../../shared/resources/registry';
import { recordTitle, type ResourceDefinition } from '../../../shared/resources/resource';
import type { Database } from '../../db/database';
import { duplicateCandidates, duplicateDismissals, duplicateScans, resourceTables } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';

/**
 * Probable duplicates of the contacts. A scan compares the live records of a resource set-wise, in
 * one statement, and keeps the pairs it flags in duplicate_candidates, which the Doublons screen
 * pages through; merging or dismissing a pair takes it out.
 *
 * Comparing every name with every other one through the trigram index costs about 3.5 ms a record
 * on PostgreSQL (names share many trigrams): six minutes for 100 000 individuals. The scan
 * compares names within blocks instead — records sharing a short key (the same last name and first
 * initial, the same first name and start or end of the last name, the same words in either order) —
 * then keeps the pairs whose trigram similarity reaches the threshold; blocks larger than
 * BLOCK_LIMIT (a key that many records share says nothing) are skipped.
 */

/** Trigram similarity (0–1) of two names from which they count as close. */
export const NAME_SIMILARITY = 0.6;
/** A key shared by more records than this (a common name, a switchboard's number) flags none of them. */
export const BLOCK_LIMIT = 100;
/** The pairs a scan keeps, best first. */
export const MAX_PAIRS = 10_000;

/** How sure one shared value makes the scan: combined as independent clues, with the names' similarity. */
const clueWeights: Record<Exclude<DuplicateReason, 'name'>, number> = { siret: 0.95, email: 0.9, phone: 0.8 };

type Columns = Record<string, AnyPgColumn>;

interface ScanRules {
  /**
   * The live records as the scan reads them: id; name, the text whose similarity is measured;
   * blocks (text[]), the keys within which names are compared; and one text[] per exact clue, named
   * by its reason (empty values are ignored).
   */
  live(table: AnyPgTable, columns: Columns): SQL;
  clues: Exclude<DuplicateReason, 'name'>[];
}

/** Accents and case ignored, as the search and its trigram indexes compare texts. */
const folded = (column: AnyPgColumn) => sql`immutable_unaccent(lower(${column}))`;
/** A folded text without its spaces, hyphens and apostrophes: the duplicate rule's comparable form. */
const squeezed = (text: string) => sql.raw(`regexp_replace(${text}, '[^a-z0-9]+', '', 'g')`);

// Each text is folded once (u), then squeezed (k): the functions cost more than the rest of the scan.
// "offset 0" keeps the planner from pulling the laterals up, which would repeat them at each use.
const scanRules: Record<DuplicateResource, ScanRules> = {
  individus: {
    live: (table, c) => sql`
      select ${c.id!} as id, u.last || ' ' || u.first as name,
        array['l:' || k.l || ':' || left(k.f, 1), 'f:' || k.f || ':' || left(k.l, 2),
          'e:' || k.f || ':' || right(k.l, 3), 's:' || least(k.l, k.f) || ':' || greatest(k.l, k.f)] as blocks,
        array[lower(${c.email!})] as email,
        array[${c.landline!}, ${c.mobile!}] as phone
      from ${table}
        cross join lateral (select ${folded(c.lastName!)} as last, ${folded(c.firstName!)} as first offset 0) as u
        cross join lateral (select ${squeezed('u.last')} as l, ${squeezed('u.first')} as f offset 0) as k
      where ${c.deletedAt!} is null`,
    clues: ['email', 'phone'],
  },
  structures: {
    live: (table, c) => sql`
      select ${c.id!} as id, u.name as name,
        array['n:' || k.n, 'p:' || left(k.n, 6), 's:' || right(k.n, 6)]
          || array(select 'w:' || word from regexp_split_to_table(u.name, '[^a-z0-9]+') as word where length(word) >= 4)
          as blocks,
        array[${c.siret!}] as siret,
        array[lower(${c.email!})] as email,
        array[${c.phone!}] as phone
      from ${table}
        cross join lateral (select ${folded(c.name!)} as name offset 0) as u
        cross join lateral (select ${squeezed('u.name')} as n offset 0) as k
      where ${c.deletedAt!} is null`,
    clues: ['siret', 'email', 'phone'],
  },
};

/** The resource's table and columns: only individus and structures have duplicates managed. */
export function duplicateTarget(slug: DuplicateResource) {
  const definition = findResource(slug)!;
  const table = resourceTables.get(slug)!;
  return { definition, table, columns: getTableColumns(table) as Columns };
}

/**
 * Scans the resource's live records for probable duplicates, replacing the last scan's pairs (those
 * said not to be duplicates stay out), in one transaction.
 */
export async function scanDuplicates(db: Database, slug: DuplicateResource): Promise<DuplicateScanResult> {
  const { table, columns } = duplicateTarget(slug);
  const rules = scanRules[slug];
  const clueKeys = rules.clues.map(
    (reason) => sql`union all select id, ${reason}::text, key from live, unnest(live.${sql.identifier(reason)}) as key
      where key <> ''`,
  );
  const hasReason = (reason: string) => sql`${reason}::text = any(reasons)`;
  const doubt = sql.join(
    [
      sql`(case when ${hasReason('name')} then 1 - similarity else 1 end)`,
      ...rules.clues.map(
        (reason) =>
          sql`(case when ${hasReason(reason)} then ${Math.round((1 - clueWeights[reason]) * 100) / 100}::float8 else 1 end)`,
      ),
    ],
    sql` * `,
  );
  return db.transaction(async (tx) => {
    // One scan of a resource at a time: a second one waits, then replaces the first one's pairs.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duplicate-scan:${slug}`}))`);
    const scannedAt = new Date();
    await tx.delete(duplicateCandidates).where(eq(duplicateCandidates.resource, slug));
    // The keys of 100 000 records are grouped in memory rather than on disk.
    await tx.execute(sql`select set_config('work_mem', '64MB', true)`);
    await tx.execute(sql`
      with live as (${rules.live(table, columns)}),
      keys as (
        select id, 'name'::text as reason, key from live, unnest(live.blocks) as key
        ${sql.join(clueKeys, sql` `)}
      ),
      blocks as (
        select reason, array_agg(id) as ids from keys group by reason, key
        having count(*) between 2 and ${BLOCK_LIMIT}
      ),
      pairs as (
        select a.id as first_id, b.id as second_id, array_agg(distinct blocks.reason) as reasons
        from blocks, unnest(blocks.ids) as a(id), unnest(blocks.ids) as b(id)
        where a.id < b.id
        group by a.id, b.id
      ),
      measured as materialized (
        select pairs.first_id, pairs.second_id, pairs.reasons, similarity(x.name, y.name) as similarity
        from pairs join live as x on x.id = pairs.first_id join live as y on y.id = pairs.second_id
        where not exists (
          select 1 from ${duplicateDismissals} as dismissed
          where dismissed.resource = ${slug} and dismissed.first_id = pairs.first_id
            and dismissed.second_id = pairs.second_id
        )
      ),
      scored as (
        select first_id, second_id, similarity,
          array_remove(reasons, 'name')
            || case when similarity >= ${NAME_SIMILARITY}::float8 then array['name'] else array[]::text[] end as reasons
        from measured
      )
      insert into ${duplicateCandidates} (resource, first_id, second_id, score, similarity, reasons)
      select ${slug}, first_id, second_id, round(100 * (1 - ${doubt}))::integer as score, similarity, reasons
      from scored where cardinality(reasons) > 0
      order by score desc, first_id, second_id
      limit ${MAX_PAIRS}`);
    await tx
      .insert(duplicateScans)
      .values({ resource: slug, scannedAt })
      .onConflictDoUpdate({ target: duplicateScans.resource, set: { scannedAt, updatedAt: scannedAt } });
    const [found] = await tx
      .select({ total: count() })
      .from(duplicateCandidates)
      .where(eq(duplicateCandidates.resource, slug));
    return { total: found?.total ?? 0, scannedAt: scannedAt.toISOString() };
  });
}

/** The titles of these records, by id. */
async function titlesOf(db: Database, definition: ResourceDefinition, ids: number[]): Promise<Map<number, string>> {
  const { table, columns } = duplicateTarget(definition.slug as DuplicateResource);
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(table).where(inArray(columns.id!, ids));
  return new Map(rows.map((row) => [Number(row.id), recordTitle(definition, row)]));
}

/** A page of the last scan's pairs whose two records are still live, best first. */
export async function listDuplicates(
  db: Database,
  slug: DuplicateResource,
  page: number,
  pageSize: number,
): Promise<DuplicatePage> {
  const { definition, table, columns } = duplicateTarget(slug);
  const pair = duplicateCandidates;
  const liveSide = (side: AnyPgColumn) =>
    sql`exists (select 1 from ${table} where ${columns.id!} = ${side} and ${isLive(table)})`;
  const where = and(eq(pair.resource, slug), liveSide(pair.firstId), liveSide(pair.secondId));
  const [rows, [totals], [scan]] = await Promise.all([
    db
      .select()
      .from(pair)
      .where(where)
      .orderBy(desc(pair.score), asc(pair.firstId), asc(pair.secondId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(pair).where(where),
    db.select().from(duplicateScans).where(eq(duplicateScans.resource, slug)),
  ]);
  const titles = await titlesOf(
    db,
    definition,
    rows.flatMap((row) => [row.firstId, row.secondId]),
  );
  const side = (id: number) => ({ id, title: titles.get(id) ?? `#${id}` });
  return {
    items: rows.map((row) => ({
      first: side(row.firstId),
      second: side(row.secondId),
      score: row.score,
      similarity: Math.round(row.similarity * 100) / 100,
      reasons: duplicateReasons.filter((reason) => row.reasons.includes(reason)),
    })),
    total: totals?.total ?? 0,
    page,
    pageSize,
    scannedAt: scan?.scannedAt.toISOString() ?? null,
  };
}

/** Both records of a pair, live; 404 (naming the record) otherwise. */
export async function requireLive(db: Database, slug: DuplicateResource, ids: number[]): Promise<void> {
  const { table, columns } = duplicateTarget(slug);
  const live = await db
    .select({ id: columns.id! })
    .from(table)
    .where(and(inArray(columns.id!, ids), isLive(table)));
  const missing = ids.find((id) => !live.some((row) => Number(row.id) === id));
  if (missing !== undefined) throw new ApiError(404, 'duplicates.record_gone', {}, { values: { id: missing } });
}

/** "Not a duplicate": kept so that no scan flags the pair again, and taken out of the last scan's pairs. */
export async function dismissPair(db: Database, slug: DuplicateResource, ids: [number, number], userId: number) {
  const [firstId, secondId] = [Math.min(...ids), Math.max(...ids)];
  if (firstId === secondId) throw new ApiError(400, 'duplicates.same_record');
  await requireLive(db, slug, [firstId, secondId]);
  await db.transaction(async (tx) => {
    await tx
      .insert(duplicateDismissals)
      .values({ resource: slug, firstId, secondId, dismissedBy: userId })
      .onConflictDoNothing();
    await tx
      .delete(duplicateCandidates)
      .where(
        and(
          eq(duplicateCandidates.resource, slug),
          eq(duplicateCandidates.firstId, firstId),
          eq(duplicateCandidates.secondId, secondId),
        ),
      );
  });
  return { dismissed: [firstId, secondId] as [number, number] };
}

/** Takes a record's pairs out of the last scan (it was merged away). */
export async function forgetPairsOf(tx: Database, slug: DuplicateResource, id: number): Promise<void> {
  await tx
    .delete(duplicateCandidates)
    .where(
      and(
        eq(duplicateCandidates.resource, slug),
        or(eq(duplicateCandidates.firstId, id), eq(duplicateCandidates.secondId, id)),
      ),
    );
}
