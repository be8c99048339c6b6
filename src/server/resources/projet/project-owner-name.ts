import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { individuals } from '../../../shared/resources/individus.resource';
import { structures } from '../../../shared/resources/structures.resource';
import { individualsTable, structuresTable, titleExpression } from '../../db/schema';
import { isLive } from '../../engine/record-scope';

const individualColumns = getTableColumns(individualsTable) as Record<string, AnyPgColumn>;
const structureColumns = getTableColumns(structuresTable) as Record<string, AnyPgColumn>;

/**
 * A project's owner as one line, as its references name them: the individual, then the structure
 * ("Dupont Marie — Atelier Vert"), either alone; null without one. `project` names a row of the
 * projects table in the query around it (an alias such as `p`).
 */
export function projectOwnerName(project: SQL): SQL<string | null> {
  return sql<string | null>`nullif(concat_ws(' — ',
    (select ${titleExpression(individuals, individualColumns)} from ${individualsTable}
      where ${individualColumns.id!} = ${project}.owner_individual and ${isLive(individualsTable)}),
    (select ${titleExpression(structures, structureColumns)} from ${structuresTable}
      where ${structureColumns.id!} = ${project}.owner_structure and ${isLive(structuresTable)})), '')`;
}
