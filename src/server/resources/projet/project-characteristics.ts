import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { translate, type Locale } from '../../../shared/i18n/catalog';
import { formatDate, formatMonthYear, parseMonthYear } from '../../../shared/i18n/format';
import {
  CHARACTERISTIC_PARAM,
  isFilled,
  layoutFieldTypes,
  parseCharacteristicValue,
  type CharacteristicField,
  type CharacteristicValue,
  type FilterableField,
  type FormFieldType,
  type FormProgress,
  type HeaderCharacteristic,
  type ProjectForm,
} from '../../../shared/project-characteristics';
import { individuals } from '../../../shared/resources/individus.resource';
import { projects } from '../../../shared/resources/projet.resource';
import { recordTitle } from '../../../shared/resources/resource';
import { structures } from '../../../shared/resources/structures.resource';
import type { AuditChange } from '../../../shared/resources/audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/database';
import {
  accessProfilesTable,
  characteristicKey,
  formFieldsTable,
  formsTable,
  projectCharacteristics,
} from '../../db/schema';
import { liveRows } from '../../engine/record-scope';
import type { ResourceStore } from '../../engine/resource-store';
import type { ExportColumns, ResourceContext } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { dashboardSettings, loadSettings } from '../../settings/settings';

/**
 * A project's characteristics (dynamic forms, issue 13): the forms its project types and theme call
 * for, minus those the user's access profiles hide; their values, checked by field type and saved in
 * one transaction with an audit entry; each form's progress; the header's highlighted values; the
 * project list's filter on a characteristic. A hidden form's fields are hidden wherever a
 * characteristic is read (forms, header, export, history, list filter).
 */

type Row = Record<string, unknown>;
const rowsOf = async (db: Database, query: SQL) => ((await db.execute(query)) as { rows: Row[] }).rows;

const SAVE_ERROR = 'projectForms.errors.save';
const FORM_NOT_FOUND = 'projectForms.errors.form_not_found';

/** An iframe's page, kept only when it is https on an allowed site (configuration). */
function allowedIframe(url: unknown, hosts: string[]): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && hosts.includes(parsed.hostname) ? url : null;
  } catch {
    return null;
  }
}

export function characteristicField(row: Row, iframeHosts: string[]): CharacteristicField {
  return {
    id: Number(row.id),
    name: String(row.name),
    type: row.type as CharacteristicField['type'],
    autocomplete: row.autocomplete === true,
    options: (row.options as CharacteristicField['options'] | null) ?? [],
    states: (row.states as CharacteristicField['states'] | null) ?? [],
    thousandsSeparator: row.thousands_separator === true,
    unit: (row.unit as string | null) || null,
    firstMonth: (row.first_month as string | null) ?? null,
    lastMonth: (row.last_month as string | null) ?? null,
    iframeUrl: row.type === 'iframe' ? allowedIframe(row.iframe_url, iframeHosts) : null,
    highlightColor: (row.highlight_color as string | null) || null,
    bold: row.bold === true,
    fontSize: Number(row.font_size),
  };
}

/** A stored row's value, by its field's type. */
function storedValue(field: CharacteristicField, row: typeof projectCharacteristics.$inferSelect): CharacteristicValue {
  switch (field.type) {
    case 'number':
    case 'individual':
    case 'structure':
      return row.numberValue;
    case 'date':
      return row.dateValue;
    case 'multiselect':
      return row.jsonValue;
    case 'checkbox':
      return row.textValue === 'true' ? true : null;
    default:
      return row.textValue;
  }
}

/** The columns of a value: its canonical text (the list's filter), and its number, date or choices. */
function valueColumns(field: CharacteristicField, value: CharacteristicValue) {
  return {
    textValue: Array.isArray(value) ? null : String(value),
    numberValue: typeof value === 'number' ? value : null,
    dateValue: field.type === 'date' ? (value as string) : null,
    jsonValue: Array.isArray(value) ? value : null,
  };
}

/** A value as people read it: an option's label, a grouped number and its unit, a date dd/mm/yyyy, a title. */
export function displayValue(
  field: CharacteristicField,
  value: CharacteristicValue | undefined,
  title: string | undefined,
  locale: Locale,
): string {
  if (!isFilled(value)) return '';
  const label = (chosen: string) => field.options.find((option) => option.value === chosen)?.label ?? chosen;
  switch (field.type) {
    case 'number': {
      const number = (value as number).toLocaleString('fr-FR', { useGrouping: field.thousandsSeparator });
      return field.unit ? `${number} ${field.unit}` : number;
    }
    case 'date':
      return formatDate(value as string);
    case 'month_year':
      return formatMonthYear(value as string);
    case 'select':
      return label(value as string);
    case 'multiselect':
      return (value as string[]).map(label).join(', ');
    case 'checkbox':
      return translate(locale, 'projectForms.yes');
    case 'individual':
    case 'structure':
      return title ?? `#${String(value)}`;
    default:
      return String(value);
  }
}

export interface CharacteristicsContext {
  db: Database;
  store: ResourceStore;
  actor: Actor;
  locale: Locale;
}

/** The titles of the individuals and structures these values name, by field id (none for a missing one). */
async function referenceTitles(
  { store, actor }: CharacteristicsContext,
  fields: CharacteristicField[],
  values: Record<string, CharacteristicValue>,
): Promise<Record<string, string>> {
  const titles: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.id];
    if ((field.type !== 'individual' && field.type !== 'structure') || typeof value !== 'number') continue;
    const definition = field.type === 'individual' ? individuals : structures;
    const record = await store.get(definition, value, actor).catch(() => null);
    if (record) titles[field.id] = recordTitle(definition, record);
  }
  return titles;
}

/** The forms one of the user's live access profiles hides (spec 6), as a SQL set of ids. */
const formsHiddenFrom = (userId: number) =>
  sql`select hidden.form from users u
    join ${liveRows(accessProfilesTable)} g on g.id = any(u.group_ids)
    cross join unnest(g.hidden_forms) as hidden(form)
    where u.id = ${userId} and hidden.form is not null`;

/**
 * The form fields hidden from the user, as a SQL set of ids: those of the forms their access
 * profiles hide, but for the fields a live form they see also carries (that form shows them). A
 * hidden characteristic is out of everything they read: forms, export, history, list filter.
 */
const fieldsHiddenFrom = (userId: number) =>
  sql`select hidden.field from forms f cross join unnest(f.fields) as hidden(field)
      where f.id in (${formsHiddenFrom(userId)})
    except
    select shown.field from ${liveRows(formsTable)} f cross join unnest(f.fields) as shown(field)
      where f.id not in (${formsHiddenFrom(userId)})`;

/** How many values a text field flagged autocomplete suggests at most. */
const ENTERED_VALUES_LIMIT = 20;

/**
 * The values already entered for a text field flagged autocomplete, containing the term (accents and
 * case aside), the most used first: only those of projects the reader may see, and none of a field
 * hidden from them.
 */
export async function enteredValues(
  { db, store, actor }: Pick<ResourceContext, 'db' | 'store' | 'actor'>,
  fieldId: number,
  term: string,
): Promise<string[]> {
  const contained = `%${term.trim().replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await rowsOf(
    db,
    sql`select c.text_value as value from project_characteristics c
        join ${store.scoped(projects.slug, actor)} p on p.id = c.project
        join ${liveRows(formFieldsTable)} ff on ff.id = c.field and ff.autocomplete
        where c.field = ${fieldId} and c.text_value <> '' and c.field not in (${fieldsHiddenFrom(actor.id)})
          and ${characteristicKey(sql`c.text_value`)} like immutable_unaccent(lower(${contained}))
        group by c.text_value
        order by count(*) desc, c.text_value
        limit ${ENTERED_VALUES_LIMIT}`,
  );
  return rows.map((row) => String(row.value));
}

/** The project history's changes of the characteristics hidden from the actor: their fields ("characteristics.<id>"). */
export async function hiddenCharacteristicChanges(db: Database, actor: Actor): Promise<string[]> {
  const rows = await rowsOf(db, sql`select field from (${fieldsHiddenFrom(actor.id)}) as hidden(field)`);
  return rows.map((row) => `characteristics.${Number(row.field)}`);
}

/**
 * The forms of a project the actor may see (404 for a project outside their read scope, as for a
 * missing one): those naming one of its project types or its theme, minus those one of the actor's
 * access profiles hides; by name, each with its fields in the form's order and the project's values.
 */
export async function projectForms(context: CharacteristicsContext, projectId: number): Promise<ProjectForm[]> {
  const { db, store, actor } = context;
  await store.get(projects, projectId, actor);
  const formRows = await rowsOf(
    db,
    sql`select f.id, f.name, f.columns, f.fields from ${liveRows(formsTable)} f, projects p
      where p.id = ${projectId}
        and (f.project_types && p.project_type_ids or p.theme = any(f.project_themes))
        and f.id not in (${formsHiddenFrom(actor.id)})
      order by immutable_unaccent(lower(f.name)), f.id`,
  );
  const fieldIds = [...new Set(formRows.flatMap((row) => (row.fields as number[] | null) ?? []))];
  const [{ allowedIframeHosts }, fieldRows, valueRows] = await Promise.all([
    loadSettings(db, dashboardSettings),
    fieldIds.length === 0 ? [] : rowsOf(db, sql`select * from ${liveRows(formFieldsTable)} ff where id in ${fieldIds}`),
    fieldIds.length === 0
      ? []
      : db
          .select()
          .from(projectCharacteristics)
          .where(and(eq(projectCharacteristics.project, projectId), inArray(projectCharacteristics.field, fieldIds))),
  ]);
  const fields = new Map(fieldRows.map((row) => [Number(row.id), characteristicField(row, allowedIframeHosts)]));
  const stored = new Map(valueRows.map((row) => [row.field, row]));
  return Promise.all(
    formRows.map(async (row) => {
      const formFields = ((row.fields as number[] | null) ?? []).flatMap((id) => fields.get(id) ?? []);
      const values: Record<string, CharacteristicValue> = {};
      for (const field of formFields) {
        const value = stored.get(field.id);
        if (value) values[field.id] = storedValue(field, value);
      }
      return {
        id: Number(row.id),
        name: String(row.name),
        columns: Number(row.columns),
        fields: formFields,
        values,
        titles: await referenceTitles(context, formFields, values),
        progress: progressOf(formFields, values),
      };
    }),
  );
}

/** One of the project's forms, or 404 ("form not found") when the project does not call for it or it is hidden. */
export async function projectForm(context: CharacteristicsContext, projectId: number, formId: number) {
  const form = (await projectForms(context, projectId)).find(({ id }) => id === formId);
  if (!form) throw new ApiError(404, FORM_NOT_FOUND);
  return form;
}

/** The fields filled in out of those that ask a value, and the state its form-state field gives it. */
export function progressOf(fields: CharacteristicField[], values: Record<string, CharacteristicValue>): FormProgress {
  const asking = fields.filter((field) => !layoutFieldTypes.includes(field.type) && field.type !== 'form_state');
  const stateField = fields.find((field) => field.type === 'form_state');
  const stateName = stateField ? values[stateField.id] : null;
  const state = stateField?.states.find((candidate) => candidate.name === stateName) ?? null;
  return {
    filled: asking.filter((field) => isFilled(values[field.id])).length,
    total: asking.length,
    state: state && { name: state.name, color: state.color ?? null },
  };
}

/** The highlighted fields (those with a highlight colour) of the project's forms, once each, with their values as shown. */
export async function headerCharacteristics(
  context: CharacteristicsContext,
  projectId: number,
): Promise<HeaderCharacteristic[]> {
  const seen = new Set<number>();
  return (await projectForms(context, projectId)).flatMap((form) =>
    form.fields.flatMap((field) => {
      if (!field.highlightColor || seen.has(field.id) || layoutFieldTypes.includes(field.type)) return [];
      seen.add(field.id);
      return [
        {
          field: field.id,
          name: field.name,
          value: displayValue(field, form.values[field.id], form.titles[field.id], context.locale),
          color: field.highlightColor,
          bold: field.bold,
          fontSize: field.fontSize,
        },
      ];
    }),
  );
}

/**
 * Saves forms' values (by form id, then field id) in one transaction: each value is checked by its
 * field's type, an individual or structure must exist; any refusal is the characteristics save error
 * (400) with each field's reason, and nothing changes. Changed values go to the project's history,
 * and stamp it, through the operations' patch.
 */
export async function saveProjectForms(
  context: ResourceContext,
  projectId: number,
  input: Record<string, Record<string, unknown>>,
): Promise<ProjectForm[]> {
  // One transaction, the project's row locked first: two saves of a project follow each other, and
  // each one's history compares with what the other wrote.
  return context.db.transaction(async (tx) => {
    const inTransaction = { ...context, db: tx, store: context.operations.storeOver(tx) };
    await tx.execute(sql`select id from projects where id = ${projectId} for update`);
    const labelled = await writeCharacteristics(inTransaction, projectId, input);
    await context.operations.patch(projects, [{ id: projectId, values: {}, labelled }], { ...context, tx });
    return projectForms(inTransaction, projectId);
  });
}

/**
 * Checks and writes forms' values, in the caller's transaction: the changes as the project's
 * history tells them (a label, the values as shown), for the caller to patch the project with.
 */
export async function writeCharacteristics(
  context: CharacteristicsContext,
  projectId: number,
  input: Record<string, Record<string, unknown>>,
): Promise<AuditChange[]> {
  const { db: tx, locale } = context;
  const forms = await projectForms(context, projectId);
  const fieldErrors: Record<string, string> = {};
  const pending = new Map<
    number,
    {
      field: CharacteristicField;
      value: CharacteristicValue;
      before: CharacteristicValue | undefined;
      form: ProjectForm;
    }
  >();
  const unknownForm = Object.keys(input).some((formId) => !forms.some(({ id }) => id === Number(formId)));
  if (unknownForm) throw new ApiError(404, FORM_NOT_FOUND);
  // In the forms' order and each form's, so the history lists the changes as the page shows them.
  for (const form of forms.filter(({ id }) => input[id])) {
    const values = input[form.id]!;
    for (const field of form.fields.filter(({ id }) => id in values)) {
      const parsed = parseCharacteristicValue(field, values[field.id]);
      if ('error' in parsed) fieldErrors[field.id] = parsed.error;
      else pending.set(field.id, { field, value: parsed.value, before: form.values[field.id], form });
    }
    for (const fieldId of Object.keys(values).filter((id) => !form.fields.some((one) => one.id === Number(id))))
      fieldErrors[fieldId] = 'projectForms.errors.unknown_field';
  }
  // An individual or structure must be one the actor may see, still there.
  const chosen = Object.fromEntries([...pending].map(([id, { value }]) => [id, value]));
  const titles = await referenceTitles(
    context,
    [...pending.values()].map(({ field }) => field),
    chosen,
  );
  for (const [id, { field, value }] of pending) {
    if ((field.type === 'individual' || field.type === 'structure') && value !== null && !titles[id])
      fieldErrors[id] = 'validation.reference';
  }
  if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, SAVE_ERROR, fieldErrors);

  const changed = [...pending.values()].filter(
    ({ value, before }) => JSON.stringify(value) !== JSON.stringify(isFilled(before) ? before : null),
  );
  for (const { field, value } of changed) {
    const where = and(eq(projectCharacteristics.project, projectId), eq(projectCharacteristics.field, field.id));
    if (value === null) {
      await tx.delete(projectCharacteristics).where(where);
      continue;
    }
    const columns = valueColumns(field, value);
    await tx
      .insert(projectCharacteristics)
      .values({ project: projectId, field: field.id, ...columns })
      .onConflictDoUpdate({
        target: [projectCharacteristics.project, projectCharacteristics.field],
        set: { ...columns, updatedAt: sql`now()` },
      });
  }
  return changed.map(({ field, value, before, form }) => ({
    field: `characteristics.${field.id}`,
    label: field.name,
    before: displayValue(field, before, form.titles[field.id], locale) || null,
    after: displayValue(field, value, titles[field.id], locale) || null,
  }));
}

/** The titles of these individuals or structures, by id, as their records are named. */
async function titlesOf(db: Database, type: 'individual' | 'structure', ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf(
    db,
    type === 'individual'
      ? sql`select id, concat_ws(' ', last_name, nullif(first_name, '')) as title from individuals where id in ${ids}`
      : sql`select id, name as title from structures where id in ${ids}`,
  );
  return new Map(rows.map((row) => [Number(row.id), String(row.title)]));
}

/**
 * The project export's characteristic columns: the fields asking a value of the live forms not
 * excluded from the project export nor hidden from the actor, once each, in the forms' order; each
 * value as shown.
 */
export async function characteristicsExportColumns({
  db,
  locale,
  actor,
}: CharacteristicsContext): Promise<ExportColumns & { fieldIds: number[] }> {
  const formRows = await rowsOf(
    db,
    sql`select fields from ${liveRows(formsTable)} f where not excluded_from_project_export
        and id not in (${formsHiddenFrom(actor.id)})
      order by immutable_unaccent(lower(name)), id`,
  );
  const fieldIds = [...new Set(formRows.flatMap((row) => (row.fields as number[] | null) ?? []))];
  const fieldRows =
    fieldIds.length === 0
      ? []
      : await rowsOf(db, sql`select * from ${liveRows(formFieldsTable)} ff where id in ${fieldIds}`);
  const byId = new Map(fieldRows.map((row) => [Number(row.id), characteristicField(row, [])]));
  const fields = fieldIds.flatMap((id) => byId.get(id) ?? []).filter((field) => !layoutFieldTypes.includes(field.type));
  return {
    header: fields.map((field) => field.name),
    // The documents' `caracteristique.<id>` variables (documents/project-template-data.ts).
    fieldIds: fields.map((field) => field.id),
    async cellsOf(projectIds) {
      if (projectIds.length === 0 || fields.length === 0) return new Map();
      const rows = await db
        .select()
        .from(projectCharacteristics)
        .where(
          and(
            inArray(projectCharacteristics.project, projectIds),
            inArray(
              projectCharacteristics.field,
              fields.map((field) => field.id),
            ),
          ),
        );
      const named = (type: 'individual' | 'structure') => {
        const ofType = new Set(fields.filter((field) => field.type === type).map((field) => field.id));
        return rows.flatMap((row) => (ofType.has(row.field) && row.numberValue !== null ? [row.numberValue] : []));
      };
      const [individualTitles, structureTitles] = await Promise.all([
        titlesOf(db, 'individual', named('individual')),
        titlesOf(db, 'structure', named('structure')),
      ]);
      const stored = new Map(rows.map((row) => [`${row.project}:${row.field}`, row]));
      return new Map(
        projectIds.map((projectId) => [
          projectId,
          fields.map((field) => {
            const row = stored.get(`${projectId}:${field.id}`);
            if (!row) return '';
            const value = storedValue(field, row);
            const titles = field.type === 'individual' ? individualTitles : structureTitles;
            return displayValue(field, value, titles.get(Number(value)), locale);
          }),
        ]),
      );
    },
  };
}

/**
 * The stored texts a criterion's value may name, besides itself: a day typed dd/mm/yyyy
 * ("31/03/2026" → "2026-03-31"), a month-year typed mm/yyyy ("01/2026" → "2026-01").
 */
function storedForms(value: string): string[] {
  const day = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/.exec(value);
  const month = parseMonthYear(value);
  return [value, ...(day ? [`${day[3]}-${day[2]}-${day[1]}`] : []), ...(month ? [month] : [])];
}

/** The words a yes/no characteristic's ticked box is read as (accents and case ignored). */
const YES_WORDS = ['oui', 'yes', 'true', '1'];

/**
 * The projects having this value for this characteristic, as the screen shows it or as it is stored
 * (case and accents ignored): a choice by its label or its code (one of several choices alike), a
 * day dd/mm/yyyy or yyyy-mm-dd, a month-year mm/yyyy or yyyy-mm, a ticked box "Oui" or "true", an
 * individual or structure by its name or its id, a number or a text as written. A characteristic
 * hidden from the actor matches nothing, as an unknown one: a guessed value tells nothing.
 */
export function characteristicFilter(
  name: string,
  value: string,
  columns: Record<string, AnyPgColumn>,
  actor: Actor,
): SQL | undefined {
  const fieldId = Number(CHARACTERISTIC_PARAM.exec(name)?.[1]);
  const typed = value.trim();
  if (!fieldId || typed === '') return undefined;
  const c = projectCharacteristics;
  const key = characteristicKey(sql`${typed}::text`);
  const texts = sql.join(
    storedForms(typed).map((form) => characteristicKey(sql`${form}::text`)),
    sql`, `,
  );
  // The codes of the field's options whose label is the value typed.
  const labelled = sql`(select o->>'value' from form_fields ff, jsonb_array_elements(coalesce(ff.options, '[]'::jsonb)) o
    where ff.id = ${fieldId} and ${characteristicKey(sql`o->>'label'`)} = ${key})`;
  const typeIs = (...types: string[]) =>
    sql`(select ff.type from form_fields ff where ff.id = ${fieldId}) in (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )})`;
  return sql`${fieldId}::integer not in (${fieldsHiddenFrom(actor.id)}) and ${columns.id!} in (
    select ${c.project} from ${c} where ${c.field} = ${fieldId} and (
      ${characteristicKey(c.textValue)} in (${texts})
      or ${c.jsonValue} @> ${JSON.stringify([typed])}::jsonb
      or ${c.textValue} in ${labelled}
      or exists (select 1 from ${labelled} as label(code) where ${c.jsonValue} @> jsonb_build_array(label.code))
      or (${typeIs('checkbox')} and ${c.textValue} = 'true' and ${key} in (${sql.join(
        YES_WORDS.map((word) => sql`${word}`),
        sql`, `,
      )}))
      or (${typeIs('structure')} and ${c.numberValue} in (
        select s.id from structures s where ${characteristicKey(sql`s.name`)} = ${key}))
      or (${typeIs('individual')} and ${c.numberValue} in (
        select i.id from individuals i where ${key} in (
          ${characteristicKey(sql`concat_ws(' ', i.last_name, nullif(i.first_name, ''))`)},
          ${characteristicKey(sql`concat_ws(' ', nullif(i.first_name, ''), i.last_name)`)})))
    ))`;
}

/** The form fields the project list can filter on (those that take a value, not hidden from the actor), by name, accents ignored. */
export async function filterableFields(db: Database, actor: Actor): Promise<FilterableField[]> {
  const rows = await rowsOf(
    db,
    sql`select id, name, type, options, states from ${liveRows(formFieldsTable)} ff where type not in ${layoutFieldTypes}
        and id not in (${fieldsHiddenFrom(actor.id)})
        order by immutable_unaccent(lower(name)), id`,
  );
  return rows.map((row) => {
    const type = row.type as FormFieldType;
    const options = (row.options as { label: string; value: string }[] | null) ?? [];
    const states = (row.states as { name: string }[] | null) ?? [];
    const choices =
      type === 'select' || type === 'multiselect'
        ? options.map(({ label, value }) => ({ label: String(label), value: String(value) }))
        : type === 'form_state'
          ? states.map(({ name: state }) => ({ label: String(state), value: String(state) }))
          : [];
    return { id: Number(row.id), name: String(row.name), type, choices };
  });
}

/** The forms the actor's access profiles hide from them: their characteristics are neither shown nor written. */
export async function hiddenFormIds(db: Database, actor: Actor): Promise<Set<number>> {
  const rows = await rowsOf(db, sql`select form from (${formsHiddenFrom(actor.id)}) as hidden(form)`);
  return new Set(rows.map((row) => Number(row.form)));
}

/** Rows per insert of a batch's characteristics (6 parameters each, under PostgreSQL's 65 535). */
const INSERT_CHUNK = 5000;

/**
 * Writes a batch of projects' characteristics already checked by their field's type and found in a
 * form each project calls for and the actor sees (the import assistant's batches), in the caller's
 * transaction: the values before read in one query, the changed ones written in one statement a
 * few thousand at a time. Not for individual or structure fields (their records are checked, and
 * titled, by writeCharacteristics). Answers each project's changes as its history tells them, for
 * the caller to patch the projects with.
 */
export async function writeCheckedCharacteristics(
  tx: Database,
  entries: { project: number; values: { field: CharacteristicField; value: CharacteristicValue }[] }[],
  locale: Locale,
): Promise<{ id: number; labelled: AuditChange[] }[]> {
  const projectIds = [...new Set(entries.map(({ project }) => project))];
  if (projectIds.length === 0) return [];
  const before = await tx
    .select()
    .from(projectCharacteristics)
    .where(inArray(projectCharacteristics.project, projectIds));
  const stored = new Map(before.map((row) => [`${row.project}:${row.field}`, row]));
  const rows: (typeof projectCharacteristics.$inferInsert)[] = [];
  const changes: { id: number; labelled: AuditChange[] }[] = [];
  for (const { project, values } of entries) {
    const labelled: AuditChange[] = [];
    for (const { field, value } of values) {
      if (value === null || field.type === 'individual' || field.type === 'structure') continue;
      const row = stored.get(`${project}:${field.id}`);
      const previous = row ? storedValue(field, row) : null;
      if (JSON.stringify(value) === JSON.stringify(isFilled(previous) ? previous : null)) continue;
      rows.push({ project, field: field.id, ...valueColumns(field, value) });
      labelled.push({
        field: `characteristics.${field.id}`,
        label: field.name,
        before: displayValue(field, previous, undefined, locale) || null,
        after: displayValue(field, value, undefined, locale) || null,
      });
    }
    if (labelled.length > 0) changes.push({ id: project, labelled });
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx
      .insert(projectCharacteristics)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [projectCharacteristics.project, projectCharacteristics.field],
        set: {
          textValue: sql`excluded.text_value`,
          numberValue: sql`excluded.number_value`,
          dateValue: sql`excluded.date_value`,
          jsonValue: sql`excluded.json_value`,
          updatedAt: sql`now()`,
        },
      });
  }
  return changes;
}
