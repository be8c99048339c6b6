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
 *   only").
 */
function projectCondition(actor: Actor): SQL {
  const me = actor.id;
  // The user's missions: followed, or opened to one of their access profiles.
  const myMission = sql.raw(
    `m.deleted_at is null and (m.id = any(u.followed_missions) or m.access_profiles && u.group_ids)`,
  );
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
        or exists (select 1 from missions m where ${myMission} and m.all_projects and m.id = any(pr.mission_ids))
        or (pr.status <> 'confidential' and (
          not exists (select 1 from missions m where ${myMission})
          or exists (select 1 from missions m where ${myMission} and m.all_projects)))
      ))
    ))`;
}

/** The ids of the live projects the actor may read (undefined: all, for administrators). */
export function visibleProjectIds(actor: Actor): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return sql`select pr.id from projects pr where pr.deleted_at is null and ${projectCondition(actor)}`;
}
