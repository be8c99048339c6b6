import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/actor';

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
 *   that deleting a contact never widens anyone's sight. A project with no known commune stays
 *   visible: it is in no other commune, and hiding it would leave unplaced files to no adviser.
 */
function projectCondition(actor: Actor): SQL {
  const me = actor.id;
  // The user's missions: followed, or opened to one of their access profiles.
  const myMission = sql.raw(
    `m.deleted_at is null and (m.id = any(u.followed_missions) or m.access_profiles && u.group_ids)`,
  );
  // The project's commune: two primary-key lookups, made only for a user with territories.
  const place = `coalesce(
    (select i.commune from individuals i where i.id = pr.owner_individual),
    (select nullif(a.value ->> 'commune', '')::integer
      from structures s cross join jsonb_array_elements(s.addresses) a
      where s.id = pr.owner_structure and (a.value ->> 'main')::boolean limit 1))`;
  // No territories, no limit; an unknown commune (null) passes.
  const inMyTerritories = sql.raw(`(cardinality(u.confidentiality_territories) = 0
    or coalesce(${place} = any(u.confidentiality_territories), true))`);
  return sql`exists (
    select 1 from users u where u.id = ${me} and (
      (u.external and pr.status = 'public' and exists (
        select 1 from missions m
        where m.deleted_at is null and m.id = any(pr.mission_ids) and m.external_groups && u.group_ids))
      or (not u.external and (
        ${me}::integer = any(pr.referents)
        or exists (select 1 from jsonb_array_elements(pr.missions) r where r ->> 'officer' = ${String(me)})
        or exists (select 1 from project_co_owners c
          where c.project = pr.id and c.deleted_at is null and c.liaison_officer = ${me})
        or exists (select 1 from project_partners c
          where c.project = pr.id and c.deleted_at is null and c.liaison_officer = ${me})
        or (${inMyTerritories} and (
          exists (select 1 from missions m where ${myMission} and m.all_projects and m.id = any(pr.mission_ids))
          or (pr.status <> 'confidential' and (
            not exists (select 1 from missions m where ${myMission})
            or exists (select 1 from missions m where ${myMission} and m.all_projects)))))
      ))
    ))`;
}

/** The ids of the live projects the actor may read (undefined: all, for administrators). */
export function visibleProjectIds(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return sql`select pr.id from projects pr where pr.deleted_at is null and ${projectCondition(actor)}`;
}
