import { sql } from 'drizzle-orm';
import { convert } from 'html-to-text';
import { translate } from '../../shared/i18n/catalog';
import { formatDate, formatPersonName } from '../../shared/i18n/format';
import { CHARACTERISTIC_PREFIX, type TemplateLoop } from '../../shared/mail/template-variables';
import { rowsOf } from '../db/database';
import type { ResourceContext } from '../engine/server-resource';
import { projectsMailData } from '../resources/mail/mail-rendering';
import { characteristicsExportColumns } from '../resources/projet/project-characteristics';
import type { TemplateData } from './document-merge';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value == null ? '' : String(value));
const date = (value: unknown) => (value == null ? '' : formatDate(String(value).slice(0, 10)));
const personName = (row: Row, prefix = '') =>
  formatPersonName({ firstName: text(row[`${prefix}first_name`]), lastName: text(row[`${prefix}last_name`]) });

/** Rows grouped by their project. */
function byProject(rows: Row[]): Map<number, Row[]> {
  const grouped = new Map<number, Row[]>();
  for (const row of rows) {
    const project = Number(row.project);
    grouped.set(project, [...(grouped.get(project) ?? []), row]);
  }
  return grouped;
}

/**
 * What a template may print of these projects, as the actor may read them (hidden or missing ones
 * left out): the mails' variables (mail-rendering.ts), the documents' own, and the lists: co-owners,
 * partners, advice acts, tickets, characteristics. The characteristics are those of the project
 * export: never a form excluded from it, nor one hidden from the actor. `uses`: the template's
 * variables, so that what costs a query per project is read only when printed.
 */
export async function projectsTemplateData(
  context: ResourceContext,
  projectIds: number[],
  uses: (name: string) => boolean,
): Promise<Map<number, TemplateData>> {
  const { db, store, actor, locale } = context;
  // The characteristics come from the export's columns below, not the mails' (which keep excluded forms).
  const mail = await projectsMailData(context, projectIds, (name) => name !== CHARACTERISTIC_PREFIX && uses(name), {
    skipHidden: true,
  });
  const ids = [...mail.keys()];
  const result = new Map<number, TemplateData>();
  if (ids.length === 0) return result;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const participants = (slug: string) =>
    rowsOf<Row>(
      db,
      sql`select c.project, c.role, i.first_name, i.last_name, s.name as structure, coalesce(i.email, s.email) as email
        from ${store.scoped(slug, actor)} c
        left join ${store.scoped('individus', actor)} i on i.id = c.individual
        left join ${store.scoped('structures', actor)} s on s.id = c.structure
        where c.project in (${list}) order by c.id`,
    );
  const [projectRows, coOwners, partners, acts, tickets, columns] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select p.id,
          (select string_agg(t.name, ', ' order by t.name) from ${store.scoped('types-projet', actor)} t
            where t.id = any(p.project_type_ids)) as types,
          (select string_agg(concat_ws(' ', u.first_name, u.last_name), ', ' order by u.last_name)
            from users u where u.id = any(p.referents)) as referents
        from ${store.scoped('projet', actor)} p where p.id in (${list})`,
    ),
    participants('coporteurs-projet'),
    participants('partenaires-projet'),
    rowsOf<Row>(
      db,
      sql`select a.project, a.act_date, a.subject, a.act_type, a.text, u.first_name, u.last_name
        from ${store.scoped('commentaires-projet', actor)} a left join users u on u.id = a.adviser
        where a.project in (${list}) order by a.act_date, a.id`,
    ),
    rowsOf<Row>(
      db,
      sql`select t.project, t.name, t.status, t.deadline, st.name as step, tt.name as type
        from ${store.scoped('tickets', actor)} t
        left join ${store.scoped('etapes', actor)} st on st.id = t.step
        left join ${store.scoped('types-tache', actor)} tt on tt.id = t.task_type
        where t.project in (${list}) order by t.deadline nulls last, t.id`,
    ),
    characteristicsExportColumns(context),
  ]);
  const cells = await columns.cellsOf(ids);
  const [coOwnersOf, partnersOf, actsOf, ticketsOf] = [coOwners, partners, acts, tickets].map(byProject);
  const projectsById = new Map(projectRows.map((row) => [Number(row.id), row]));
  const participant = (row: Row) => ({
    role: text(row.role),
    nom: row.last_name == null && row.first_name == null ? '' : personName(row),
    structure: text(row.structure),
    email: text(row.email),
  });
  const names = (rows: Row[]) =>
    rows
      .map(participant)
      .map(({ nom, structure }) => nom || structure)
      .join(', ');
  for (const id of ids) {
    const values = new Map(mail.get(id)!.values);
    const own = projectsById.get(id) ?? {};
    values.set('projet.type', text(own.types));
    values.set('projet.referents', text(own.referents));
    values.set('projet.coporteurs', names(coOwnersOf!.get(id) ?? []));
    values.set('projet.partenaires', names(partnersOf!.get(id) ?? []));
    const projectCells = cells.get(id) ?? [];
    columns.fieldIds.forEach((field, index) =>
      values.set(`${CHARACTERISTIC_PREFIX}${field}`, projectCells[index] ?? ''),
    );
    const loops: Record<TemplateLoop, Record<string, string>[]> = {
      coporteurs: (coOwnersOf!.get(id) ?? []).map(participant),
      partenaires: (partnersOf!.get(id) ?? []).map(participant),
      actes: (actsOf!.get(id) ?? []).map((row) => ({
        date: date(row.act_date),
        objet: text(row.subject),
        type: text(row.act_type),
        conseiller: row.last_name == null ? '' : personName(row),
        texte: convert(text(row.text), { wordwrap: false }),
      })),
      tickets: (ticketsOf!.get(id) ?? []).map((row) => ({
        nom: text(row.name),
        etape: text(row.step),
        statut: row.status == null ? '' : translate(locale, `resources.tickets.choices.status.${text(row.status)}`),
        echeance: date(row.deadline),
        type: text(row.type),
      })),
      caracteristiques: columns.header.map((nom, index) => ({ nom, valeur: projectCells[index] ?? '' })),
    };
    result.set(id, { values, loops });
  }
  return result;
}
