import { and, asc, getTableColumns, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Suggestion } from '../../../shared/resources/resource';
import {
  structures,
  type LinkedIndividual,
  type StructureAddress,
  type StructureValues,
} from '../../../shared/resources/structures.resource';
import type { Database } from '../../db/database';
import { individualsTable, structuresTable } from '../../db/schema';
import { isLive, liveRows } from '../../engine/record-scope';
import { containsIgnoringAccents } from '../../engine/resource-store';
import { type ResourceRoute } from '../../engine/server-resource';

/**
 * What the structures' own routes read beyond a record: the territories a structure belongs to and
 * those that belong to it (its parents and the structures naming it as a parent), and the
 * individuals linked to it.
 */

const columns = getTableColumns(structuresTable) as Record<string, AnyPgColumn>;
const individualColumns = getTableColumns(individualsTable) as Record<string, AnyPgColumn>;

/** get-parents-ajax answers this many suggestions at most. */
const PARENTS_LIMIT = 20;

const byName = [sql`immutable_unaccent(lower(${columns.name!}))`, asc(columns.id!)];

/**
 * The structure and every structure below it, through the parents of each (a recursive query on
 * the parents' GIN index). None of them may become its parent: that would make a loop.
 */
export async function selfAndDescendants(executor: Database, id: number): Promise<number[]> {
  const result = (await executor.execute(sql`
    with recursive below(id) as (
      select ${id}::integer
      union
      select child.id from ${liveRows(structuresTable)} as child join below on child.parents @> array[below.id]
    )
    select id from below`)) as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

/**
 * Structures whose name or acronym contains the term (accents ignored), or whose SIRET starts with
 * it (spaces ignored), by name; but the excluded ones. find-ajax and get-parents-ajax answer these.
 */
export async function suggestStructures(
  db: Database,
  term: string,
  limit: number,
  excluded: number[] = [],
): Promise<Suggestion[]> {
  const digits = term.replace(/\s/g, '');
  const rows = await db
    .select({ value: columns.id!, name: columns.name!, acronym: columns.acronym! })
    .from(structuresTable)
    .where(
      and(
        isLive(structuresTable),
        or(
          containsIgnoringAccents(columns.name!, term),
          containsIgnoringAccents(columns.acronym!, term),
          ...(/^\d+$/.test(digits) ? [sql`${columns.siret!} like ${`${digits}%`}`] : []),
        ),
        excluded.length > 0 ? notInArray(columns.id!, excluded) : undefined,
      ),
    )
    .orderBy(...byName)
    .limit(limit);
  return rows.map(({ value, name, acronym }) => ({
    value: Number(value),
    label: acronym ? `${String(name)} (${String(acronym)})` : String(name),
  }));
}

/** A territory as territoires-rattachement lists it. */
export interface Territory {
  id: number;
  name: string;
  acronym: string;
  contactType: string | null;
  publicSubtype: string | null;
}

const territoryColumns = {
  id: columns.id!,
  name: columns.name!,
  acronym: columns.acronym!,
  contactType: columns.contactType!,
  publicSubtype: columns.publicSubtype!,
};

type Link = { structure: number | null; function: string; service: string; leftStructure: boolean };

/** The live individuals linked to a structure, by name, with their link's function and service. */
export async function linkedIndividuals(db: Database, id: number): Promise<LinkedIndividual[]> {
  const linked = await db
    .select()
    .from(individualsTable)
    .where(
      and(
        isLive(individualsTable),
        sql`${individualColumns.structures!} @> ${JSON.stringify([{ structure: id }])}::jsonb`,
      ),
    )
    .orderBy(
      sql`immutable_unaccent(lower(${individualColumns.lastName!}))`,
      sql`immutable_unaccent(lower(${individualColumns.firstName!}))`,
      asc(individualColumns.id!),
    );
  return linked.map((individual) => {
    const link = (individual.structures as Link[]).find((row) => row.structure === id)!;
    return {
      id: Number(individual.id),
      civility: individual.civility as string | null,
      lastName: String(individual.lastName),
      firstName: String(individual.firstName),
      email: String(individual.email),
      mobile: String(individual.mobile),
      function: link.function,
      service: link.service,
      leftStructure: link.leftStructure,
    };
  });
}

export const structureRelationRoutes: ResourceRoute[] = [
  {
    // get-parents-ajax: the structures the form may offer as territories of assignment — by name,
    // acronym (term) — leaving out the structure being edited and those below it.
    name: 'api.structures.parents',
    method: 'GET',
    action: 'list',
    summary: 'openapi.operations.structures_parents',
    async handle(request, { db }): Promise<Suggestion[]> {
      const term = (request.query.term ?? '').trim();
      if (term === '') return [];
      const edited = request.query.record;
      const excluded = edited === undefined ? [] : await selfAndDescendants(db, edited);
      return suggestStructures(db, term, PARENTS_LIMIT, excluded);
    },
  },
  {
    // territoires-rattachement/{id}: its territories of assignment (parents) and its child territories.
    name: 'api.structures.territories',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.structures_territories',
    async handle(request, { db, store, actor }): Promise<{ parents: Territory[]; children: Territory[] }> {
      const record = await store.get(structures, request.params.id, actor);
      const parentIds = record.parents as number[];
      const live = isLive(structuresTable);
      const [parents, children] = await Promise.all([
        parentIds.length === 0
          ? []
          : db
              .select(territoryColumns)
              .from(structuresTable)
              .where(and(live, inArray(columns.id!, parentIds)))
              .orderBy(...byName),
        db
          .select(territoryColumns)
          .from(structuresTable)
          .where(and(live, sql`${columns.parents!} @> array[${record.id}]::integer[]`))
          .orderBy(...byName),
      ]);
      return { parents: parents as Territory[], children: children as Territory[] };
    },
  },
  {
    // structures/projet/json/{id}: what a project form takes from its owner structure — the
    // structure, its main address and the people still working there (to choose the owner
    // individual) — and its projects: none yet, projects are still to come.
    name: 'api.structures.project_json',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.structures_project_json',
    async handle(request, { db, store, actor }) {
      const record = await store.get(structures, request.params.id, actor);
      // A record's values are untyped: these are the structure's fields (structures.resource.ts).
      const { name, acronym, siret, email, phone, contactType, publicSubtype, inseeCode } =
        record as unknown as StructureValues;
      const individuals = (await linkedIndividuals(db, record.id)).filter((individual) => !individual.leftStructure);
      return {
        structure: {
          id: record.id,
          ...{ name, acronym, siret, email, phone, contactType, publicSubtype, inseeCode },
          mainAddress: (record.addresses as StructureAddress[]).find((address) => address.main) ?? null,
        },
        individuals: individuals.map(({ id, civility, lastName, firstName, function: role }) => ({
          id,
          civility,
          lastName,
          firstName,
          function: role,
        })),
        projects: [],
      };
    },
  },
];
