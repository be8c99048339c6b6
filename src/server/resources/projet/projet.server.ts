import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { projects } from '../../../shared/resources/projet.resource';
import { projectComments } from '../../../shared/resources/commentaires-projet.resource';
import { parseListQuery } from '../../engine/list-query';
import { inputSchema, type ResourceInputValues } from '../../../shared/resources/resource';
import { parseBody } from '../../http/request-parsing';
import { translate } from '../../../shared/i18n/catalog';
import { clock } from '../../clock';
import type { Database } from '../../db/database';
import {
  projectReferenceCounters,
  projectStatesTable,
  projectThemesTable,
  projectTemplatesTable,
  projectTypesTable,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isLive, liveRows } from '../../engine/record-scope';
import {
  type FieldErrors,
  type OwnRequest,
  type ResourceContext,
  type RecordRefusal,
  type ServerResource,
} from '../../engine/server-resource';
import { projectPlace, visibleProjectIds } from './project-scope';
import {
  characteristicFilter,
  characteristicsExportColumns,
  enteredValues,
  filterableFields,
  headerCharacteristics,
  hiddenCharacteristicChanges,
  projectForm,
  projectForms,
  saveProjectForms,
} from './project-characteristics';
import { projectPageRoutes } from './project-page.routes';
import { projectMailRoutes } from '../mail/project-mail.routes';
import { projectMailToolRoutes } from '../mail/mail-tools.routes';
import { projectTicketRoutes } from './project-tickets.routes';

/** A list criterion naming a record by its id: refused in French otherwise. */
function idCriterion(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new ApiError(400, 'errors.form', { [name]: 'validation.integer' });
  return Number(value);
}

const columnsOf = (table: Parameters<typeof getTableColumns>[0]) =>
  getTableColumns(table) as Record<string, AnyPgColumn>;
const templates = columnsOf(projectTemplatesTable);
const types = columnsOf(projectTypesTable);
const states = columnsOf(projectStatesTable);

interface MissionRow {
  mission: number;
  projectType: number | null;
  officer: number | null;
}

/**
 * The next references of new projects, in their order: each one's template's prefix and suffix
 * around the year's next number, "RG-2026-0007". One statement takes the numbers of them all.
 */
async function nextReferences(tx: Database, templateIds: unknown[]): Promise<string[]> {
  if (templateIds.length === 0) return [];
  const year = clock.now().getFullYear();
  const count = templateIds.length;
  // One row per year, incremented in the creating transaction: a second create waits for the first's commit.
  const [counter] = await tx
    .insert(projectReferenceCounters)
    .values({ year, lastValue: count })
    .onConflictDoUpdate({
      target: projectReferenceCounters.year,
      set: { lastValue: sql`${projectReferenceCounters.lastValue} + ${count}` },
    })
    .returning({ value: projectReferenceCounters.lastValue });
  const ids = [...new Set(templateIds.filter((id): id is number => typeof id === 'number'))];
  const found =
    ids.length > 0
      ? await tx
          .select({ id: templates.id!, prefix: templates.prefix!, suffix: templates.suffix! })
          .from(projectTemplatesTable)
          .where(inArray(templates.id!, ids))
      : [];
  const byId = new Map(found.map((template) => [Number(template.id), template]));
  const first = counter!.value - count + 1;
  return templateIds.map((templateId, index) => {
    const template = typeof templateId === 'number' ? byId.get(templateId) : undefined;
    const number = `${year}-${String(first + index).padStart(4, '0')}`;
    return `${String(template?.prefix ?? '')}${number}${String(template?.suffix ?? '')}`;
  });
}

/** The missions each project type is offered in, for these rows' types: one query. */
async function missionsOfTypes(tx: Database, rows: MissionRow[]): Promise<Map<number, number[]>> {
  const typeIds = [...new Set(rows.flatMap((row) => (row.projectType ? [row.projectType] : [])))];
  if (typeIds.length === 0) return new Map();
  const found = await tx
    .select({ id: types.id!, missions: types.missions! })
    .from(projectTypesTable)
    .where(inArray(types.id!, typeIds));
  return new Map(found.map((type) => [Number(type.id), (type.missions as number[]) ?? []]));
}

/** Each mission row's project type must be offered in the row's mission: the rows' errors. */
function missionRowErrors(rows: MissionRow[], missionsOf: Map<number, number[]>): FieldErrors {
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    // A type naming no mission is offered in all of them.
    const missions = row.projectType ? (missionsOf.get(row.projectType) ?? []) : [];
    if (missions.length > 0 && !missions.includes(row.mission)) {
      errors[`missions.${index}.projectType`] = 'validation.project_type_mission';
    }
  });
  return errors;
}

/** The name of the state a new project starts in, when it exists (compared with case and accents ignored). */
const STARTING_STATE = 'a traiter';

/**
 * The state a new project starts in when none is given: the live state named "À traiter", else the
 * first of the states in their order (the order they were created in, as the state menu lists them);
 * none when there is no state at all.
 */
async function startingState(tx: Database): Promise<number | null> {
  const [state] = await tx
    .select({ id: states.id! })
    .from(projectStatesTable)
    .where(isLive(projectStatesTable))
    .orderBy(
      sql`immutable_unaccent(lower(${states.name!})) = ${STARTING_STATE} desc`,
      asc(states.createdAt!),
      asc(states.id!),
    )
    .limit(1);
  return state ? Number(state.id) : null;
}

/** A live project state named by a path's parameter: 404 (project or state not found) otherwise. */
async function liveState(db: Database, id: number): Promise<{ id: number; name: string }> {
  const [state] = await db
    .select({ id: states.id!, name: states.name! })
    .from(projectStatesTable)
    .where(and(eq(states.id!, id), isLive(projectStatesTable)));
  if (!state) throw new ApiError(404, 'projects.errors.state_not_found');
  return { id: Number(state.id), name: String(state.name) };
}

/** The values the server keeps from a project's own: its missions' and types' ids (filters, read scope). */
function derivedValues(values: ResourceInputValues): void {
  if (!Array.isArray(values.missions)) return;
  const rows = values.missions as MissionRow[];
  values.missionIds = [...new Set(rows.map((row) => row.mission))];
  values.projectTypeIds = [...new Set(rows.flatMap((row) => (row.projectType ? [row.projectType] : [])))];
}

/** Projects: their reference, their missions' ids, spec 6's confidentiality and the state change. */
/** An advice act the actor may see, and its project as the parent its nested routes name. */
async function actUnderProject({ store, actor }: ResourceContext, id: number) {
  const act = await store.get(projectComments, id, actor);
  return { act: act.id, parent: { definition: projects, id: Number(act.project), field: 'project' } };
}

export const projectsHooks: ServerResource = {
  validate(values, { id }) {
    if (id !== null && values.parentProject === id) return { parentProject: 'validation.project_parent_itself' };
  },
  // A batch (the import assistant's) in a few statements: the types of all its mission rows, the
  // numbers of all its new references, the starting state once.
  async beforeChange(tx, records) {
    const missionRows = (values: ResourceInputValues) =>
      Array.isArray(values.missions) ? (values.missions as MissionRow[]) : [];
    const missionsOf = await missionsOfTypes(
      tx,
      records.flatMap(({ values }) => missionRows(values)),
    );
    const refusals: (RecordRefusal | null)[] = records.map(({ values }) => {
      const errors = missionRowErrors(missionRows(values), missionsOf);
      return Object.keys(errors).length > 0 ? { fieldErrors: errors } : null;
    });
    const created = records.filter(({ id }, index) => id === null && refusals[index] === null);
    const references = await nextReferences(
      tx,
      created.map(({ values }) => values.template),
    );
    const state = created.some(({ values }) => values.state === undefined || values.state === null)
      ? await startingState(tx)
      : null;
    records.forEach(({ values }, index) => {
      if (refusals[index] === null) derivedValues(values);
    });
    created.forEach(({ values }, index) => {
      values.reference = references[index];
      values.creationDate ??= clock.now().toISOString().slice(0, 10);
      values.state ??= state;
    });
    return refusals;
  },
  readScope(actor, columns) {
    const ids = visibleProjectIds(actor);
    return ids && sql`${columns.id!} in (${ids})`;
  },
  // The list's own criteria (projects' listCriteria): caracteristique[<field id>]=<value>, the projects with
  // this characteristic; commune, those placed there (their owner's commune); theme (a filter field, documented
  // as such), with its sub-themes.
  listParams: {
    document: [
      { name: 'caracteristique', description: 'openapi.parameters.characteristic', deepObject: true },
      { name: 'commune', description: 'openapi.parameters.project_commune' },
    ],
    condition(name, value, columns, actor) {
      if (name === 'commune')
        return sql`${projectPlace(columns.ownerIndividual!, columns.ownerStructure!)} = ${idCriterion(name, value)}`;
      if (name === 'theme') {
        return sql`${columns.theme!} in (with recursive tree(id) as (
          select ${idCriterion(name, value)}::integer
          union select t.id from ${liveRows(projectThemesTable)} t join tree on t.parent = tree.id)
          select id from tree)`;
      }
      return characteristicFilter(name, value, columns, actor);
    },
  },
  // The characteristics after the project's own fields.
  exportColumns: characteristicsExportColumns,
  // The characteristics of the forms hidden from the reader are out of the project's history too.
  hiddenHistoryFields: hiddenCharacteristicChanges,
  routes: [
    {
      // forms/{projet}: the project's forms with their fields and values.
      name: 'api.projects.forms',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.projects_forms',
      handle: (request, context) => projectForms(context, request.params.projet),
    },
    {
      // forms/{projet}: several forms saved at once, { forms: { <form id>: { <field id>: value } } }.
      name: 'api.projects.forms',
      method: ['POST', 'PUT'],
      action: 'update',
      summary: 'openapi.operations.projects_forms_save',
      // Its method's array picks no contract beside the GET's: the request says its own.
      handle: (request: OwnRequest<'api.projects.forms', 'POST'>, context: ResourceContext) =>
        saveProjectForms(context, request.params.projet, request.body.forms),
    },
    {
      // caracteristiques/{projet}/{form}: one form of the project.
      name: 'api.projects.characteristics',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.projects_characteristics',
      handle: (request, context) => projectForm(context, request.params.projet, request.params.form),
    },
    {
      // caracteristiques/{projet}/{form}: its values saved, { values: { <field id>: value } }.
      name: 'api.projects.characteristics',
      method: ['POST', 'PUT'],
      action: 'update',
      summary: 'openapi.operations.projects_characteristics_save',
      async handle(request: OwnRequest<'api.projects.characteristics', 'POST'>, context: ResourceContext) {
        const { values } = request.body;
        const [projectId, formId] = [request.params.projet, request.params.form];
        const forms = await saveProjectForms(context, projectId, { [formId]: values });
        const saved = forms.find(({ id }) => id === formId);
        // saveProjectForms refuses a form the project lacks: the saved one is always among them.
        if (!saved) throw new ApiError(404, 'errors.not_found');
        return saved;
      },
    },
    {
      // caracteristiques/valeurs/{id}?term=: what a text field flagged autocomplete suggests, the
      // values already entered for it in the projects the reader may see.
      name: 'api.projects.characteristic_values',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.projects_characteristic_values',
      handle: (request, context) => enteredValues(context, request.params.id, request.query.term ?? ''),
    },
    {
      // avancement-projet/{id}/{form}: the fields filled in out of all, and the form's state.
      name: 'api.projects.form_progress',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.projects_form_progress',
      async handle(request, context) {
        const form = await projectForm(context, request.params.id, request.params.form);
        return form.progress;
      },
    },
    {
      // header-caracteristique/{id}: the highlighted characteristics, for the project's header.
      name: 'api.projects.header_characteristics',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.projects_header_characteristics',
      handle: (request, context) => headerCharacteristics(context, request.params.id),
    },
    {
      // champs-filtrables: the characteristics the project list's search panel offers.
      name: 'api.projects.filterable_fields',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.projects_filterable_fields',
      handle: (_request, { db, actor }) => filterableFields(db, actor),
    },
    {
      // projet/commentaires/{id}: the project's advice acts, newest first, for whoever may see the project.
      name: 'api.projects.comments',
      method: 'GET',
      action: 'show',
      alsoNeeds: [{ resource: projectComments.slug, action: 'list' }],
      summary: 'openapi.operations.projects_comments',
      async handle(request, { store, actor }) {
        const id = request.params.id;
        await store.get(projects, id, actor);
        const query = parseListQuery(projectComments, request.query);
        return store.list(projectComments, { ...query, filters: { ...query.filters, project: String(id) } }, actor);
      },
    },
    {
      // Spec 2.3's "edit comment (ajax)" (edit-commentaire-ajax/{id}, {id}: the act's): the update of an
      // advice act under its project (PUT /api/projet/{project}/commentaires-projet/{id}), at the spec's path.
      name: 'api.projects.edit_comment',
      method: ['POST', 'PUT'],
      action: 'update',
      alsoNeeds: [{ resource: projectComments.slug, action: 'update' }],
      summary: 'openapi.operations.projects_edit_comment',
      async handle(request, context) {
        const { parent, act } = await actUnderProject(context, request.params.id);
        const values = parseBody(inputSchema(projectComments), { ...request.body, project: parent.id });
        return context.operations.children.update(projectComments, parent, act, values, context);
      },
    },
    {
      // Spec 2.3's "delete comment (ajax)" (delete-commentaire-ajax/{id}): the act's delete under its project.
      name: 'api.projects.delete_comment',
      method: ['POST', 'PUT'],
      action: 'update',
      alsoNeeds: [{ resource: projectComments.slug, action: 'delete' }],
      summary: 'openapi.operations.projects_delete_comment',
      async handle(request, context) {
        const { parent, act } = await actUnderProject(context, request.params.id);
        return { deleted: await context.operations.children.delete(projectComments, parent, act, context) };
      },
    },
    {
      // change-etat/{id}/{etat}: the project's state becomes this one, in its history.
      name: 'api.projects.change_state',
      method: 'POST',
      action: 'update',
      summary: 'openapi.operations.projects_change_state',
      notFound: 'projects.errors.state_not_found',
      async handle(request, context) {
        const { db, store, actor, locale, log, operations } = context;
        const { id, etat } = request.params;
        await store.get(projects, id, actor).catch((error: unknown) => {
          throw error instanceof ApiError && error.statusCode === 404
            ? new ApiError(404, 'projects.errors.state_not_found')
            : error;
        });
        const state = await liveState(db, etat);
        try {
          const record = await operations.update(projects, id, { state: state.id }, context);
          return {
            id: record.id,
            state: state.id,
            message: translate(locale, 'projects.messages.state_changed', { state: String(state.name) }),
          };
        } catch (error) {
          if (error instanceof ApiError) throw error;
          log.error({ err: error }, 'project state change failed');
          throw new ApiError(500, 'projects.errors.state_save');
        }
      },
    },
    {
      // actions-groupes/change-etat/{etat}: the selected projects put in this state, in one transaction: one
      // refused (hidden, missing, not the actor's to change) and none changes. Each in its history.
      name: 'api.projects.batch_state',
      method: 'POST',
      action: 'update',
      summary: 'openapi.operations.projects_batch_state',
      async handle(request, context) {
        const { db, locale, operations } = context;
        const state = await liveState(db, request.params.etat);
        const ids = [...new Set(request.body.ids)];
        await db.transaction(async (tx) => {
          for (const id of ids) await operations.update(projects, id, { state: state.id }, { ...context, tx });
        });
        return {
          processed: ids.length,
          message: translate(locale, 'projects.batch.state_changed', { count: ids.length, state: state.name }),
        };
      },
    },
    ...projectPageRoutes,
    ...projectMailRoutes,
    ...projectMailToolRoutes,
    ...projectTicketRoutes,
  ],
};
