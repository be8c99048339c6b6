import { and, arrayContains, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { individuals as individualsResource } from '../../../shared/resources/individus.resource';
import { structures as structuresResource } from '../../../shared/resources/structures.resource';
import type { Database } from '../../db/database';
import { communesTable, contactTypesTable, individualsTable, structuresTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import type { CommandMessage, RecordCommandHandler, ResourceContext } from '../../engine/server-resource';
import { refuseHiddenProjectMoves } from '../projet/project-owner-moves';

/**
 * maj-commune: an individual's or a structure's commune reference, set from its postal code and
 * city text (individuals: cityOutside, the only city they have; structures: their main address).
 *
 * The INSEE code (spec 3: a contact type's flag "updates the structure's INSEE code"): structures
 * have no contact type of the types-contact list themselves, only the links individuals make to
 * them do. So the flag applies through those links, one rule read from both sides:
 * - an individual's update gives its commune's INSEE code to every structure it is linked to
 *   through a flagged contact type (a mayor's commune is the town hall's);
 * - a structure's update gives its main address's INSEE code to the structure when at least one
 *   live individual is linked to it through a flagged contact type.
 * Links flagged "left the structure" do not count.
 * As any edit of an owner's commune, it is refused when it would move a project the user cannot read.
 * Each record it changes gets its audit entry through the operations' patch.
 */

const communes = getTableColumns(communesTable) as Record<string, AnyPgColumn>;
const individuals = getTableColumns(individualsTable) as Record<string, AnyPgColumn>;
const structures = getTableColumns(structuresTable) as Record<string, AnyPgColumn>;
const contactTypes = getTableColumns(contactTypesTable) as Record<string, AnyPgColumn>;

/**
 * A commune name as the update compares it: case, accents, hyphens, apostrophes and spaces
 * ignored, the words "ST" and "STE" read as "SAINT" and "SAINTE" ("ST GENIS POUILLY" is
 * "Saint-Genis-Pouilly", "L ABERGEMENT" and "LABERGEMENT" are "L'Abergement").
 */
export const communeNameKey = (value: AnyPgColumn | SQL) =>
  sql`replace(regexp_replace(regexp_replace(regexp_replace(lower(immutable_unaccent(${value})), '[^a-z0-9]+', ' ', 'g'), '\\mste\\M', 'sainte', 'g'), '\\mst\\M', 'saint', 'g'), ' ', '')`;

export interface MatchedCommune {
  id: number;
  name: string;
  inseeCode: string;
}

/**
 * The one live commune having this postal code and this name. The postal code goes first (the
 * GIN index of postal_codes narrows ~35 000 communes to a handful); the names are compared on those.
 */
export async function findCommune(executor: Database, postalCode: unknown, city: unknown): Promise<MatchedCommune> {
  const code = String(postalCode ?? '').trim();
  const name = String(city ?? '').trim();
  if (code === '' || name === '') throw new ApiError(400, 'commune_update.empty');
  const matches = await executor
    .select({ id: communes.id!, name: communes.name!, inseeCode: communes.inseeCode! })
    .from(communesTable)
    .where(
      and(
        isLive(communesTable),
        arrayContains(communes.postalCodes!, [code]),
        sql`${communeNameKey(communes.name!)} = ${communeNameKey(sql`${name}::text`)}`,
      ),
    )
    .limit(2);
  const values = { postalCode: code, city: name };
  if (matches.length > 1) throw new ApiError(400, 'commune_update.several', {}, { values });
  const [match] = matches;
  if (!match) throw new ApiError(400, 'commune_update.none', {}, { values });
  return { id: Number(match.id), name: String(match.name), inseeCode: String(match.inseeCode) };
}

/** Refusals stay as they are; anything else is logged and becomes the spec's "unknown error". */
async function guarded(context: ResourceContext, update: () => Promise<CommandMessage>): Promise<CommandMessage> {
  try {
    return await update();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    context.log.error({ err: error }, 'commune update failed');
    throw new ApiError(500, 'commune_update.unknown');
  }
}

type Link = { structure?: number | null; contactType?: number | null; leftStructure?: boolean };

/** The live structures of these links whose contact type updates the INSEE code. */
async function structuresOfFlaggedLinks(tx: Database, links: Link[]): Promise<number[]> {
  const current = links.filter((link) => !link.leftStructure && link.structure != null && link.contactType != null);
  if (current.length === 0) return [];
  const flagged = await tx
    .select({ id: contactTypes.id! })
    .from(contactTypesTable)
    .where(
      and(
        isLive(contactTypesTable),
        eq(contactTypes.updatesInseeCode!, true),
        inArray(contactTypes.id!, [...new Set(current.map((link) => link.contactType!))]),
      ),
    );
  const flaggedIds = new Set(flagged.map(({ id }) => Number(id)));
  const linked = [
    ...new Set(current.filter((link) => flaggedIds.has(link.contactType!)).map((link) => link.structure!)),
  ];
  if (linked.length === 0) return [];
  const live = await tx
    .select({ id: structures.id! })
    .from(structuresTable)
    .where(and(inArray(structures.id!, linked), isLive(structuresTable)))
    .orderBy(structures.id!);
  return live.map(({ id }) => Number(id));
}

/** Whether a live individual is linked to the structure through a contact type that updates the INSEE code. */
async function linkedThroughFlaggedType(tx: Database, structureId: number): Promise<boolean> {
  // Both drivers answer { rows }.
  const result = (await tx.execute(sql`
    select 1
    from ${individualsTable}
    cross join lateral jsonb_array_elements(${individuals.structures!}) as link
    join ${contactTypesTable} on ${contactTypes.id!} = (link ->> 'contactType')::integer
    where ${isLive(individualsTable)}
      and ${individuals.structures!} @> ${JSON.stringify([{ structure: structureId }])}::jsonb
      and (link ->> 'structure')::integer = ${structureId}
      and coalesce((link ->> 'leftStructure')::boolean, false) = false
      and ${contactTypes.updatesInseeCode!}
      and ${isLive(contactTypesTable)}
    limit 1`)) as { rows: unknown[] };
  return result.rows.length > 0;
}

const communeLabel = (commune: MatchedCommune) => `${commune.name} (${commune.inseeCode})`;

/** Individuals: the commune from the postal code and cityOutside; the flagged links' structures get its INSEE code. */
export const updateIndividualCommune: RecordCommandHandler = (id, context) =>
  guarded(context, () =>
    context.db.transaction(async (tx) => {
      const [individual] = await tx
        .select({
          postalCode: individuals.postalCode!,
          city: individuals.cityOutside!,
          links: individuals.structures!,
        })
        .from(individualsTable)
        .where(and(eq(individuals.id!, id), isLive(individualsTable)))
        .for('update');
      if (!individual) throw new ApiError(404, 'errors.not_found');
      const commune = await findCommune(tx, individual.postalCode, individual.city);
      await refuseHiddenProjectMoves(tx, context.actor, 'individual', [{ id, commune: commune.id }]);
      const inTransaction = { ...context, tx };
      await context.operations.patch(individualsResource, [{ id, values: { commune: commune.id } }], inTransaction);
      const structureIds = await structuresOfFlaggedLinks(tx, individual.links as Link[]);
      if (structureIds.length > 0) {
        // The individual's command covers them (spec 3's flag), whatever the user may do on structures.
        await context.operations.patch(
          structuresResource,
          structureIds.map((structureId) => ({ id: structureId, values: { inseeCode: commune.inseeCode } })),
          inTransaction,
          { permissionChecked: true },
        );
      }
      const values = { commune: communeLabel(commune), count: structureIds.length };
      return { key: structureIds.length > 0 ? 'commune_update.done_with_structures' : 'commune_update.done', values };
    }),
  );

type Address = { main?: boolean; postalCode?: string; city?: string; commune?: number | null };

/** Structures: their main address's commune; their INSEE code too when a flagged link points at them. */
export const updateStructureCommune: RecordCommandHandler = (id, context) =>
  guarded(context, () =>
    context.db.transaction(async (tx) => {
      const [structure] = await tx
        .select({ addresses: structures.addresses! })
        .from(structuresTable)
        .where(and(eq(structures.id!, id), isLive(structuresTable)))
        .for('update');
      if (!structure) throw new ApiError(404, 'errors.not_found');
      const addresses = structure.addresses as Address[];
      const main = addresses.find((address) => address.main === true);
      // No main address: no postal code or city to go by.
      const commune = await findCommune(tx, main?.postalCode, main?.city);
      await refuseHiddenProjectMoves(tx, context.actor, 'structure', [{ id, commune: commune.id }]);
      const inseeCode = (await linkedThroughFlaggedType(tx, id)) ? { inseeCode: commune.inseeCode } : {};
      const located = addresses.map((address) => (address === main ? { ...address, commune: commune.id } : address));
      await context.operations.patch(structuresResource, [{ id, values: { addresses: located, ...inseeCode } }], {
        ...context,
        tx,
      });
      const values = { commune: communeLabel(commune) };
      return { key: 'inseeCode' in inseeCode ? 'commune_update.done_with_insee' : 'commune_update.done', values };
    }),
  );
