import { and, eq, getTableColumns, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { translate } from '../../../shared/i18n/catalog';
import { formatDate } from '../../../shared/i18n/format';
import { can } from '../../../shared/permissions';
import { projectComments } from '../../../shared/resources/commentaires-projet.resource';
import { projectCoOwners } from '../../../shared/resources/coporteurs-projet.resource';
import { projectPartners } from '../../../shared/resources/partenaires-projet.resource';
import {
  OVERVIEW_ACTS,
  OVERVIEW_CHILD_PROJECTS,
  type NamedRecord,
  type ProjectClone,
  type ProjectDashboard,
  type ProjectOverview,
  type ProjectOwner,
} from '../../../shared/resources/project-page';
import { projects } from '../../../shared/resources/projet.resource';
import {
  recordTitle,
  type ResourceDefinition,
  type ResourceInputValues,
  type ResourceRecordView,
} from '../../../shared/resources/resource';
import { structures } from '../../../shared/resources/structures.resource';
import { projectsTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import { parseListQuery } from '../../engine/list-query';
import { exportResource, type ExportFormat } from '../../engine/resource-export';
import { authorize } from '../../engine/resource-operations';
import type { ListQuery } from '../../engine/resource-store';
import { requestValue, type ResourceContext, type ResourceRoute } from '../../engine/server-resource';
import { clock } from '../../clock';
import { projectForms, writeCharacteristics } from './project-characteristics';

const columns = getTableColumns(projectsTable) as Record<string, AnyPgColumn>;

/** The project of the path's parameter, as its show route answers it: a hidden project is a missing one (404). */
const visibleProject = (id: number, { store, actor }: ResourceContext) => store.get(projects, id, actor);

const titleOf = (project: ResourceRecordView, field: string): string | null => {
  const id = project[field];
  return id == null ? null : (project.titles[field]?.[String(id)] ?? null);
};

const named = (project: ResourceRecordView, field: string): NamedRecord | null => {
  const title = titleOf(project, field);
  return title === null ? null : { id: Number(project[field]), title };
};

/** The projects of a list's query (its paging, sort and filters) narrowed to these filters, in the actor's scope. */
const projectsWhere = (request: FastifyRequest, { store, actor }: ResourceContext, narrowed: Partial<ListQuery>) => {
  const query = parseListQuery(projects, request.query);
  return store.list(projects, { ...query, ...narrowed, filters: { ...query.filters, ...narrowed.filters } }, actor);
};

/** How many records of a project's child resource the actor may see: null when they may not list that resource. */
const childCount = async ({ store, actor }: ResourceContext, child: ResourceDefinition, project: number) =>
  can(actor, child.slug, 'list')
    ? (await store.list(child, { ...firstRecord(child), filters: { project: String(project) } }, actor)).total
    : null;

const firstRecord = (definition: ResourceDefinition): ListQuery => ({
  page: 1,
  pageSize: 1,
  sort: definition.defaultSort.field,
  direction: definition.defaultSort.direction,
  search: '',
  filters: {},
});

/** A list's export (the engine's CSV or XLSX stream) of these projects, sent as a file. */
async function exportProjects(
  request: FastifyRequest<{ Querystring: { format: ExportFormat } }>,
  context: ResourceContext,
  narrowed: Partial<ListQuery>,
) {
  const { format } = request.query;
  const { page: _page, pageSize: _pageSize, ...query } = parseListQuery(projects, request.query);
  const { store, locale, actor } = context;
  const stream = await exportResource(store, projects, { ...query, ...narrowed }, format, locale, actor);
  const date = clock.now().toISOString().slice(0, 10);
  context
    .session!.reply.header('content-type', stream.contentType)
    .header('content-disposition', `attachment; filename="projets-${date}.${format}"`)
    .header('x-total-count', String(stream.total));
  return stream.body;
}

/**
 * Ids written "1,2,3" (a path's or a query's): each a record id, else the request names nothing
 * (404), or, where the ids are a selection the user makes, `refusal`.
 */
function idList(raw: string, refusal = () => new ApiError(404, 'errors.not_found')): number[] {
  if (!/^\d{1,9}(,\d{1,9})*$/.test(raw)) throw refusal();
  return [...new Set(raw.split(',').map(Number))];
}

/** The fields a project's copy takes from it: those a form writes but its name, creation date, state and internal notes. */
const clonedFields = Object.entries(projects.fields)
  .filter(([name, def]) => !def.readOnly && !['name', 'creationDate', 'state', 'internalComments'].includes(name))
  .map(([name]) => name);

/** The most co-owners or partners of a project a copy takes. */
const CLONED_PARTICIPANTS = 500;

/**
 * The co-owners or partners of a project the actor may see, ready to be written under another
 * project: none when the actor may not list them or create them (then they are not copied).
 */
async function participantsToCopy(
  { store, actor }: ResourceContext,
  child: ResourceDefinition,
  projectId: number,
): Promise<ResourceInputValues[] | null> {
  if (!can(actor, child.slug, 'list') || !can(actor, child.slug, 'create')) return null;
  const page = await store.list(
    child,
    { ...firstRecord(child), pageSize: CLONED_PARTICIPANTS, filters: { project: String(projectId) } },
    actor,
  );
  const fields = Object.entries(child.fields)
    .filter(([name, def]) => !def.readOnly && name !== 'project')
    .map(([name]) => name);
  return page.items.map((record) => Object.fromEntries(fields.map((name) => [name, record[name] ?? null])));
}

/**
 * dupliquer/{id}: a copy of the project, in one transaction: named "Copie de …", created today in
 * the starting state with its own reference; its owner, missions, referents, description and flags,
 * its co-owners and partners, its characteristics (those the actor sees) copied; its documents,
 * advice acts, tickets, internal notes and history not. The reply's message says which.
 */
async function cloneProject(id: number, context: ResourceContext): Promise<ProjectClone> {
  const original = await visibleProject(id, context);
  const { db, locale, operations } = context;
  const values: ResourceInputValues = Object.fromEntries(clonedFields.map((name) => [name, original[name] ?? null]));
  values.name = translate(locale, 'projects.clone.name', { name: String(original.name) });
  // Dated today and in the starting state by the create (beforeChange); its internal notes stay the original's.
  Object.assign(values, { creationDate: null, state: null, internalComments: [] });
  const [coOwners, partners] = await Promise.all([
    participantsToCopy(context, projectCoOwners, original.id),
    participantsToCopy(context, projectPartners, original.id),
  ]);
  const forms = await projectForms(context, original.id);
  const input = Object.fromEntries(
    forms.flatMap((form) => (Object.keys(form.values).length > 0 ? [[String(form.id), form.values]] : [])),
  );
  const copy = await db.transaction(async (tx) => {
    const inTransaction = { ...context, tx };
    const created = await operations.create(projects, values, inTransaction);
    for (const [child, rows] of [
      [projectCoOwners, coOwners],
      [projectPartners, partners],
    ] as const) {
      if (rows && rows.length > 0)
        await operations.createMany(
          child,
          rows.map((row) => ({ ...row, project: created.id })),
          inTransaction,
        );
    }
    const labelled = await writeCharacteristics(
      { db: tx, store: operations.storeOver(tx), actor: context.actor, locale },
      created.id,
      input,
    );
    // The copy's characteristics, in its history: creating it covers writing them.
    if (labelled.length > 0)
      await operations.patch(projects, [{ id: created.id, values: {}, labelled }], inTransaction, {
        permissionChecked: true,
      });
    return { id: created.id, name: String(created.name), characteristics: labelled.length };
  });
  const counted = (key: string, count: number) => translate(locale, `projects.clone.${key}`, { count });
  return {
    id: copy.id,
    name: copy.name,
    message: translate(locale, 'projects.clone.done', {
      name: copy.name,
      coOwners: counted('co_owners', coOwners?.length ?? 0),
      partners: counted('partners', partners?.length ?? 0),
      characteristics: counted('characteristics', copy.characteristics),
    }),
  };
}

/**
 * The project page's routes (spec 2.3), besides change-etat and commentaires: each reads only the
 * projects of the actor's read scope, and a hidden project answers exactly as a missing one.
 */
export const projectPageRoutes: ResourceRoute[] = [
  {
    // load-apercu/{id}: the overview tab in one request.
    name: 'api.projects.overview',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_overview',
    async handle(request, context): Promise<ProjectOverview> {
      const project = await visibleProject(request.params.id, context);
      // The acts for whoever may list them, as the project's nested list of acts.
      const acts = can(context.actor, projectComments.slug, 'list')
        ? await context.store.list(
            projectComments,
            { ...firstRecord(projectComments), pageSize: OVERVIEW_ACTS, filters: { project: String(project.id) } },
            context.actor,
          )
        : null;
      // Its child projects (parentProject), those the actor may see, by name.
      const children = await context.store.list(
        projects,
        {
          ...firstRecord(projects),
          pageSize: OVERVIEW_CHILD_PROJECTS,
          sort: 'name',
          direction: 'asc',
          filters: { parentProject: String(project.id) },
        },
        context.actor,
      );
      return {
        project,
        latestActs: acts?.items ?? null,
        actsTotal: acts?.total ?? null,
        childProjects: children.items.map((child) => ({ id: child.id, title: recordTitle(projects, child) })),
        childProjectsTotal: children.total,
      };
    },
  },
  {
    // suivis-par-individu/{individu}/{structure}: the projects an owner has (0: no individual, or no structure).
    name: 'api.projects.followed_by_owner',
    method: 'GET',
    action: 'list',
    summary: 'openapi.operations.projects_followed_by_owner',
    handle(request, context) {
      const { individu, structure } = request.params;
      const filters: Record<string, string> = {};
      if (individu !== 0) filters.ownerIndividual = String(individu);
      if (structure !== 0) filters.ownerStructure = String(structure);
      if (Object.keys(filters).length === 0) throw new ApiError(404, 'errors.not_found');
      return projectsWhere(request, context, { filters });
    },
  },
  {
    // structure/{id}: the projects a structure owns.
    name: 'api.projects.of_structure',
    method: 'GET',
    action: 'list',
    summary: 'openapi.operations.projects_of_structure',
    handle(request, context) {
      const structure = request.params.id;
      return projectsWhere(request, context, { filters: { ownerStructure: String(structure) } });
    },
  },
  {
    // structures/json/{ids}: structures a project form names, by title (those the actor may see).
    name: 'api.projects.structures_json',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_structures_json',
    async handle(request, { store, actor }): Promise<NamedRecord[]> {
      authorize(actor, 'structures', 'list');
      const page = await store.list(
        structures,
        { ...firstRecord(structures), pageSize: 100, ids: idList(requestValue(request, 'ids')) },
        actor,
      );
      return page.items.map((record) => ({ id: record.id, title: recordTitle(structures, record) }));
    },
  },
  {
    // porteur/structure/json/{id}: a project's owner, individual and structure.
    name: 'api.projects.owner_json',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_owner_json',
    async handle(request, context): Promise<ProjectOwner> {
      const project = await visibleProject(request.params.id, context);
      return { individual: named(project, 'ownerIndividual'), structure: named(project, 'ownerStructure') };
    },
  },
  {
    // autre-projet-porteur/{id}: the other projects of the project's owner (same individual or same structure).
    name: 'api.projects.owner_other_projects',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_owner_other_projects',
    async handle(request, context) {
      const project = await visibleProject(request.params.id, context);
      const sameOwner: SQL[] = [];
      for (const owner of ['ownerIndividual', 'ownerStructure']) {
        if (project[owner] != null) sameOwner.push(eq(columns[owner]!, Number(project[owner])));
      }
      const others =
        sameOwner.length === 0
          ? []
          : await context.db
              .select({ id: columns.id! })
              .from(projectsTable)
              .where(and(or(...sameOwner), ne(columns.id!, project.id), isLive(projectsTable)));
      return projectsWhere(request, context, { ids: others.map(({ id }) => Number(id)) });
    },
  },
  {
    // dashboard/ajax/{id}: a project's figures for the dashboard's project tabs.
    name: 'api.projects.dashboard',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_dashboard',
    async handle(request, context): Promise<ProjectDashboard> {
      const project = await visibleProject(request.params.id, context);
      const [coOwners, partners, acts] = await Promise.all(
        [projectCoOwners, projectPartners, projectComments].map((child) => childCount(context, child, project.id)),
      );
      return {
        id: project.id,
        reference: String(project.reference ?? ''),
        name: String(project.name),
        state: titleOf(project, 'state'),
        lastInterventionDate: (project.lastInterventionDate as string | null) ?? null,
        coOwners: coOwners ?? null,
        partners: partners ?? null,
        acts: acts ?? null,
      };
    },
  },
  {
    // variable/{id}: the project's values a mail template may use, by variable name.
    name: 'api.projects.variables',
    method: 'GET',
    action: 'show',
    summary: 'openapi.operations.projects_variables',
    async handle(request, context): Promise<Record<string, string>> {
      const project = await visibleProject(request.params.id, context);
      const date = (value: unknown) => (typeof value === 'string' ? formatDate(value) : '');
      return {
        'projet.reference': String(project.reference ?? ''),
        'projet.nom': String(project.name),
        'projet.etat': titleOf(project, 'state') ?? '',
        'projet.thematique': titleOf(project, 'theme') ?? '',
        'projet.porteur.individu': titleOf(project, 'ownerIndividual') ?? '',
        'projet.porteur.structure': titleOf(project, 'ownerStructure') ?? '',
        'projet.date_creation': date(project.creationDate),
        'projet.date_derniere_intervention': date(project.lastInterventionDate),
      };
    },
  },
  {
    // export-projet-selection?ids=1,2&format=csv|xlsx: the projects selected in the list.
    name: 'api.projects.export_selection',
    method: 'GET',
    action: 'export',
    summary: 'openapi.operations.projects_export_selection',
    handle: (request, context) =>
      exportProjects(request, context, {
        ids: idList(request.query.ids ?? '', () => new ApiError(400, 'export.no_selection')),
      }),
  },
  {
    // export-multiple?format=csv|xlsx&<the list's criteria>: every project the list's criteria find.
    name: 'api.projects.export_multiple',
    method: 'GET',
    action: 'export',
    summary: 'openapi.operations.projects_export_multiple',
    handle: (request, context) => exportProjects(request, context, {}),
  },
  {
    // dupliquer/{id}: a copy of the project, with its co-owners, partners and characteristics.
    name: 'api.projects.clone',
    method: 'POST',
    action: 'create',
    alsoNeeds: [{ resource: projects.slug, action: 'show' }],
    summary: 'openapi.operations.projects_clone',
    handle: (request, context) => cloneProject(request.params.id, context),
  },
];
