import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { importJobChanges, projectCharacteristics } from '../db/schema';
import { ApiError } from '../http/api-error';

/**
 * A projects import's changes to the characteristics of projects it updated, kept for its undo in
 * the import's journal (one entry a project: the fields the file gives, and their rows before). The
 * characteristics of a project the import created go with it.
 */
const JOURNAL = 'project_characteristics';

/**
 * Keeps the characteristic rows these projects have for these fields, before the import writes
 * them. A project met again in a later batch keeps its first entry: the state before the import.
 */
export async function journalCharacteristics(
  executor: Database,
  jobId: number,
  entries: { project: number; fields: number[] }[],
): Promise<void> {
  const wanted = entries.filter(({ fields }) => fields.length > 0);
  if (wanted.length === 0) return;
  await executor.execute(sql`
    insert into ${importJobChanges} (job_id, resource, record_id, previous)
    select ${jobId}::int, ${JOURNAL}, e.project, jsonb_build_object(
      'fields', e.fields,
      'rows', coalesce((
        select jsonb_agg(to_jsonb(c)) from ${projectCharacteristics} as c
        where c.project = e.project and c.field in (select jsonb_array_elements_text(e.fields)::int)
      ), '[]'::jsonb))
    from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as e(project int, fields jsonb)
    on conflict do nothing`);
}

/**
 * Gives the journalled projects their characteristics back: the rows the import changed or added
 * for the file's fields are replaced by those there were. Refused (409), changing nothing, when one
 * of them was written since the import ended (`since`): undoing would lose that change.
 */
export async function undoCharacteristics(executor: Database, jobId: number, since: Date | null): Promise<void> {
  const journalled = sql`
    select c.record_id as project, f.value::int as field, c.previous
    from ${importJobChanges} as c, jsonb_array_elements_text(c.previous -> 'fields') as f
    where c.job_id = ${jobId}::int and c.resource = ${JOURNAL}`;
  if (since) {
    const edited = (await executor.execute(sql`
      select 1 from (${journalled}) as j
      join ${projectCharacteristics} as pc on pc.project = j.project and pc.field = j.field
      where pc.updated_at > ${since.toISOString()}::timestamptz limit 1`)) as { rows: unknown[] };
    if (edited.rows.length > 0) throw new ApiError(409, 'import_assistant.errors.undo_edited');
  }
  await executor.execute(sql`
    delete from ${projectCharacteristics} as pc using (${journalled}) as j
    where pc.project = j.project and pc.field = j.field`);
  await executor.execute(sql`
    insert into ${projectCharacteristics}
      (project, field, text_value, number_value, date_value, json_value, created_at, updated_at)
    select r.project, r.field, r.text_value, r.number_value, r.date_value, r.json_value, r.created_at, now()
    from ${importJobChanges} as c,
      jsonb_populate_recordset(null::${projectCharacteristics}, c.previous -> 'rows') as r
    where c.job_id = ${jobId}::int and c.resource = ${JOURNAL}`);
}
