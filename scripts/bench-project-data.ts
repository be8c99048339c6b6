/**
 * The benchmarks' projects data set (bench:projects, bench:search): 50 000 projects, 100 000
 * individuals, 5 missions, 100 000 advice acts and 500 000 characteristics, and an adviser of the
 * first mission, written straight in SQL.
 */
import { sql } from 'drizzle-orm';
import { administratorActor } from '../src/server/auth/actor';
import { hashPassword } from '../src/server/auth/passwords';
import type { DatabaseHandle } from '../src/server/db/database';
import { users } from '../src/server/db/schema';
import { createResourceStore } from '../src/server/engine/resource-store';
import { serverHooks } from '../src/server/resources/registry';
import { findResource } from '../src/shared/resources/registry';

export const PROJECTS = 50_000;
export const INDIVIDUALS = 100_000;
export const MISSIONS = 5;
export const ACTS = 100_000;
/** An adviser following the first mission, with a profile consulting the projects and their children. */
export const adviser = { email: 'conseillere@exemple.fr', password: 'Conseillere-du-banc-2026' };

/** 5 missions (the first opening all its projects to its advisers), their types, the contacts, projects and acts. */
export async function fillProjects(database: DatabaseHandle): Promise<{ mission: number; heating: number }> {
  const { db } = database;
  await db.execute(sql`
    insert into missions (name, acronym, all_projects)
    select 'Mission ' || m, 'M' || m, m = 1 from generate_series(1, ${MISSIONS}) m`);
  await db.execute(sql`
    insert into project_types (name, missions)
    select 'Type de la mission ' || m.id, array[m.id] from missions m`);
  await db.execute(sql`
    insert into individuals (civility, last_name, first_name, email, postal_code)
    select case when n % 2 = 0 then 'madame' else 'monsieur' end, 'Nom' || n, 'Prénom' || n,
      'contact' || n || '@exemple.fr', lpad((1000 + n % 900)::text, 5, '0')
    from generate_series(1, ${INDIVIDUALS}) n`);
  // Every project in one mission (n % 5), with its type; a tenth confidential, a third public.
  await db.execute(sql`
    insert into projects (name, reference, state, status, owner_individual, missions, mission_ids, project_type_ids,
      creation_date, last_intervention_date)
    select 'Rénovation ' || lpad(n::text, 6, '0'), 'RG-2026-' || lpad(n::text, 6, '0'),
      (select id from project_states order by id limit 1 offset n % 6),
      case when n % 10 = 0 then 'confidential' when n % 3 = 0 then 'public' else 'internal' end,
      n * 2, jsonb_build_array(jsonb_build_object('mission', m.id, 'projectType', t.id, 'officer', null)),
      array[m.id], array[t.id], date '2020-01-01' + (n % 2000), date '2024-01-01' + (n % 700)
    from generate_series(1, ${PROJECTS}) n
    join missions m on m.name = 'Mission ' || (n % ${MISSIONS} + 1)
    join project_types t on t.missions = array[m.id]`);
  await db.execute(sql`
    insert into project_comments (project, subject, act_date, act_type, ademe, information_types,
      service_continuation, customer_question, adviser_answer, duration_minutes, created_by)
    select (n % ${PROJECTS}) + 1, 'Conseil ' || n, date '2024-01-01' + (n % 700),
      (array['A01', 'A02', 'A03', 'A04', 'A04b'])[n % 5 + 1], n % 4 <> 0, array['technical', 'financial'],
      array['energy_audit'], '<p>Quelles aides pour isoler les combles ?</p>',
      '<p>MaPrimeRénov’ et les CEE, selon les revenus.</p>', 30 + n % 60, (select min(id) from users)
    from generate_series(1, ${ACTS}) n`);
  // Ten characteristics a project (500 000 values); the first, the heating, filters the list.
  await db.execute(sql`
    insert into form_fields (name, type)
    select case when k = 1 then 'Chauffage' else 'Caractéristique ' || k end, 'text' from generate_series(1, 10) k`);
  await db.execute(sql`
    insert into project_characteristics (project, field, text_value)
    select p.id, f.id, case when f.name = 'Chauffage'
        then (array['gaz', 'fioul', 'électricité', 'bois', 'pompe à chaleur', 'réseau de chaleur', 'autre'])[p.id % 7 + 1]
        else 'valeur ' || (p.id % 100) end
    from projects p cross join form_fields f`);
  const { rows } = (await db.execute(sql`
    select (select id from missions where name = 'Mission 1') as mission,
      (select id from form_fields where name = 'Chauffage') as heating`)) as unknown as {
    rows: { mission: number; heating: number }[];
  };
  const { mission, heating } = rows[0]!;
  const [admin] = await db.select({ id: users.id }).from(users);
  const profile = await createResourceStore(db, serverHooks).create(
    findResource('groupes')!,
    {
      name: 'Conseillers',
      permissions: ['projet', 'coporteurs-projet', 'partenaires-projet', 'commentaires-projet', 'piece-jointe'].map(
        (slug) => `${slug}.consult`,
      ),
    },
    administratorActor(admin!.id),
  );
  await db.insert(users).values({
    email: adviser.email,
    passwordHash: await hashPassword(adviser.password),
    firstName: 'Claire',
    lastName: 'Conseil',
    followedMissions: [mission],
    groupIds: [profile.id],
  });
  for (const table of ['individuals', 'projects', 'project_comments', 'project_characteristics', 'missions', 'users']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  return { mission, heating };
}
