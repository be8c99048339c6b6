import { and, asc, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { structures } from '../../shared/resources/structures.resource';
import type { Suggestion } from '../../shared/resources/resource';
import { individualsTable, structuresTable } from '../db/schema';
import { parseId } from '../http/request-parsing';
import { containsIgnoringAccents } from '../engine/resource-store';
import { ApiError } from '../http/api-error';
import { findDuplicate } from './duplicates';
import { requestValue, type ResourceServerHooks } from './resource-hooks';

const columns = getTableColumns(structuresTable) as Record<string, AnyPgColumn>;
const individualColumns = getTableColumns(individualsTable) as Record<string, AnyPgColumn>;

/** find-ajax answers this many suggestions at most. */
const FIND_LIMIT = 20;

type Address = { main: boolean };
type Link = { structure: number | null; function: string; service: string; leftStructure: boolean };

/**
 * Structures: no two with the same name and acronym; one main address among several; a public
 * subtype only on a public structure; never their own parent.
 */
export const structuresHooks: ResourceServerHooks = {
  async beforeWrite(tx, values, id) {
    const fieldErrors: Record<string, string> = {};
    const addresses = (values.addresses as Address[] | undefined) ?? [];
    if (addresses.length > 0 && addresses.filter((address) => address.main).length !== 1) {
      fieldErrors.addresses = 'validation.one_main_address';
    }
    if (values.publicSubtype != null && values.contactType !== 'public') {
      fieldErrors.publicSubtype = 'validation.public_subtype_only';
    }
    if (id !== undefined && ((values.parents as number[] | undefined) ?? []).includes(id)) {
      fieldErrors.parents = 'validation.own_parent';
    }
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
    const duplicate = await findDuplicate(tx, structuresTable, { name: values.name, acronym: values.acronym }, id);
    if (duplicate) {
      const title = [duplicate.name, duplicate.acronym && `(${String(duplicate.acronym)})`].filter(Boolean).join(' ');
      throw new ApiError(
        400,
        'errors.form',
        { name: 'validation.duplicate_structure' },
        { values: { title }, data: { duplicateOf: duplicate.id } },
      );
    }
  },
  routes: [
    {
      // find-ajax: suggestions by name, acronym or SIRET (spaces ignored).
      name: 'api.structures.find',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.structures_find',
      query: { term: 'openapi.parameters.term' },
      async handle(request, { db }): Promise<Suggestion[]> {
        const term = requestValue(request, 'term');
        if (term === '') return [];
        const digits = term.replace(/\s/g, '');
        const rows = await db
          .select({ value: columns.id!, name: columns.name!, acronym: columns.acronym! })
          .from(structuresTable)
          .where(
            and(
              isNull(columns.deletedAt!),
              or(
                containsIgnoringAccents(columns.name!, term),
                containsIgnoringAccents(columns.acronym!, term),
                ...(/^\d+$/.test(digits) ? [sql`${columns.siret!} like ${`${digits}%`}`] : []),
              ),
            ),
          )
          .orderBy(sql`immutable_unaccent(lower(${columns.name!}))`, asc(columns.id!))
          .limit(FIND_LIMIT);
        return rows.map(({ value, name, acronym }) => ({
          value: Number(value),
          label: acronym ? `${String(name)} (${String(acronym)})` : String(name),
        }));
      },
    },
    {
      // load-ajax/{id}: the structure, with its main address apart.
      name: 'api.structures.load',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.structures_load',
      async handle(request, { store }) {
        const record = await store.get(structures, parseId(requestValue(request, 'id')));
        const mainAddress = (record.addresses as Address[]).find((address) => address.main) ?? null;
        return { ...record, mainAddress };
      },
    },
    {
      // get-individus-ajax/{id}: the live individuals linked to the structure, with their link's function.
      name: 'api.structures.individuals',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.structures_individuals',
      async handle(request, { db, store }) {
        const id = (await store.get(structures, parseId(requestValue(request, 'id')))).id;
        const linked = await db
          .select()
          .from(individualsTable)
          .where(
            and(
              isNull(individualColumns.deletedAt!),
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
            id: individual.id,
            civility: individual.civility,
            lastName: individual.lastName,
            firstName: individual.firstName,
            email: individual.email,
            mobile: individual.mobile,
            function: link.function,
            service: link.service,
            leftStructure: link.leftStructure,
          };
        });
      },
    },
  ],
};
