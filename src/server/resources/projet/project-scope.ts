import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor';
import { rowsOf, type Database } from '../../db/database';
import {
  missionsTable,
  projectCoOwnersTable,
  projectPartnersTable,
  projectsTable,
  ticketsTable,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { liveRows } from '../../engine/record-scope';

/** An individual's commune (null: none, or no individual). */
const individualCommune = (individual: SQL | AnyPgColumn) =>
  sql`(select i.commune from individuals i where i.id = ${individual})`;

/** A structure's main address commune (null: none, or no structure). */
const structureCommune = (structure: SQL | AnyPgColumn) =>
  sql`(select nullif(a.value ->> 'commune', '')::integer
      from structures s cross join jsonb_array_elements(s.addresses) a
      where s.id = ${structure} and (a.value ->> 'main')::boolean limit 1)`;

/**
 * A project's commune, its place (spec 6's territories, the list's commune filter): its owner
 * individual's commune, failing that its owner structure's main address commune; null when unknown.
 * Two primary-key lookups.
 */
export function projectPlace(ownerIndividual: SQL | AnyPgColumn, ownerStructure: SQL | AnyPgColumn): SQL {
  return sql`coalesce(${individualCommune(ownerIndividual)}, ${structureCommune(ownerStructure)})`;
}

/**
 * Spec 6's confidentiality, as one SQL condition on a project row (alias `pr`), for a
 * non-administrator:
 * - an external user sees the public projects of the missions that name one of their groups among
 *   their external user groups; never an internal or confidential one;
 * - an internal user sees the projects they are attached to (referent, mission officer, liaison
 *   officer of a co-owner or partner), and those of their missions that open all projects; a
 *   project that is not confidential also when no mission limits them to attached projects (their
 *   missions — followed, or opened to one of their access profiles — all say "attached projects
 *   only");
 * - an internal user's confidentiality territories (communes), when they have any, further limit
 *   the projects they are not attached to (those they are named on stay visible) to the projects
 *   placed in one of these communes. A project's place is its owner individual's commune, failing
 *   that its owner structure's main address commune; an owner deleted since still places it, so
 *   that deleting a contact never widens anyone's sight. A project with no known commune is in
 *   none of their communes, so hidden from them: a limited sight fails closed, and clearing an
 *   owner's commune cannot reveal a project (nor can moving the owner: `hiddenProjectMoves`).
 */
function projectCondition(actor: Actor): SQL {
  return projectReadableBy(sql`${actor.id}`, sql`${String(actor.id)}`);
}

/**
 * The same condition for any user, the one place spec 6's rule is written: `me` their id and `meText`
 * that id as text, as values or as a column of the enclosing query (the notifications ask it for
 * every user they would reach at once, the log-in-as check for two users). An administrator reads
 * every project.
 */
export function projectReadableBy(me: SQL, meText: SQL): SQL {
  // The user's live missions: followed, or opened to one of their access profiles.
  const missions = liveRows(missionsTable);
  const myMission = sql`(m.id = any(u.followed_missions) or m.access_profiles && u.group_ids)`;
  // No territories, no limit; an unknown commune (null) is in none of them. The place is looked up only for a user with territories.
  const place = projectPlace(sql.raw('pr.owner_individual'), sql.raw('pr.owner_structure'));
  const inMyTerritories = sql`(cardinality(u.confidentiality_territories) = 0
    or coalesce(${place} = any(u.confidentiality_territories), false))`;
  return sql`exists (
    select 1 from users u where u.id = ${me} and (
      u.is_admin
      or (u.external and pr.status = 'public' and exists (
        select 1 from ${missions} m
        where m.id = any(pr.mission_ids) and m.external_groups && u.group_ids))
      or (not u.external and (
        ${me}::integer = any(pr.referents)
        or exists (select 1 from jsonb_array_elements(pr.missions) r where r ->> 'officer' = ${meText})
        or exists (select 1 from ${liveRows(projectCoOwnersTable)} c
          where c.project = pr.id and c.liaison_officer = ${me})
        or exists (select 1 from ${liveRows(projectPartnersTable)} c
          where c.project = pr.id and c.liaison_officer = ${me})
        or (${inMyTerritories} and (
          exists (select 1 from ${missions} m where ${myMission} and m.all_projects and m.id = any(pr.mission_ids))
          or (pr.status <> 'confidential' and (
            not exists (select 1 from ${missions} m where ${myMission})
            or exists (select 1 from ${missions} m where ${myMission} and m.all_projects)))))
      ))
    ))`;
}

/** What places a project: its owner individual (their commune) or its owner structure (its main address's). */
export type ProjectOwner = 'individual' | 'structure';

/**
 * The owners among these whose new commune would change the place of a live project the actor
 * cannot read (none for an administrator). Such a write is refused: the actor cannot see what it
 * does, and it would bring the project into their territories or take it out of a colleague's.
 * `commune` null clears it. One query for all the owners.
 */
export async function ownersMovingHiddenProjects(
  db: Database,
  actor: Actor,
  owner: ProjectOwner,
  changes: { id: number; commune: number | null }[],
): Promise<Set<number>> {
  if (actor.isAdmin || changes.length === 0) return new Set();
  const [individual, structure] = [sql.raw('pr.owner_individual'), sql.raw('pr.owner_structure')];
  const [ownedBy, placeAfter] =
    owner === 'individual'
      ? [individual, sql`coalesce(c.commune, ${structureCommune(structure)})`]
      : [structure, sql`coalesce(${individualCommune(individual)}, c.commune)`];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct c.id
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c(id integer, commune integer)
      join ${liveRows(projectsTable)} pr on ${ownedBy} = c.id
      where ${projectPlace(individual, structure)} is distinct from ${placeAfter}
        and not ${projectCondition(actor)}`,
  );
  return new Set(rows.map(({ id }) => Number(id)));
}

/**
 * The ids of the live projects the actor may read (undefined: all, for administrators): the body of
 * the projects' readScope. Reads elsewhere join the store's `scoped('projet', actor)` instead.
 */
export function visibleProjectIds(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return sql`select pr.id from ${liveRows(projectsTable)} pr where ${projectCondition(actor)}`;
}

/**
 * A ticket attributed to the actor that its confidential project hides from them: they are told so
 * (a 403 saying the ticket belongs to a confidential project, nothing of the project or the ticket),
 * not answered as if it did not exist. Anyone else, or a ticket hidden for another reason, gets the
 * usual 404: the ticket's existence is told only to whom it is attributed, who knows of it already.
 */
export async function confidentialTicketError(
  db: Database,
  actor: Actor,
  ticketId: number,
): Promise<ApiError | undefined> {
  if (actor.isAdmin) return undefined;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select t.id from ${liveRows(ticketsTable)} t
      join ${liveRows(projectsTable)} pr on pr.id = t.project
      where t.id = ${ticketId} and ${actor.id}::integer = any(t.attributions)
        and pr.status = 'confidential' and not ${projectCondition(actor)}`,
  );
  return rows.length > 0 ? new ApiError(403, 'tickets.errors.confidential_project') : undefined;
}
