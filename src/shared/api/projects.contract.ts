import { z } from 'zod';
import {
  filterableFieldSchema,
  formProgressSchema,
  formsValuesSchema,
  formValuesSchema,
  headerCharacteristicSchema,
  projectFormSchema,
} from '../project-characteristics';
import {
  batchStateBodySchema,
  batchStateReplySchema,
  namedRecordSchema,
  projectCloneSchema,
  projectDashboardSchema,
  projectOverviewSchema,
  projectOwnerSchema,
} from '../resources/project-page';
import { projectGanttSchema, templateAppliedSchema, timeReportSchema } from '../resources/project-tickets';
import { projectComments } from '../resources/commentaires-projet.resource';
import { projects } from '../resources/projet.resource';
import {
  resourcePageSchema,
  resourceRecordSchema,
  resourceRecordViewSchema,
  type ResourceDefinition,
} from '../resources/resource';
import { upcomingMeetingSchema } from '../resources/ticket-board';
import { namedId, suggestionReply, termQuery } from './common.schemas';
import { documentsJobSchema, projectDocumentsBodySchema } from '../documents/document-templates';
import { zipType } from './documents.contract';
import { defineContracts, operation } from './contract';
import { pagingSchema } from './paging';
import { recordInput, xlsxType } from './resources.contract';

const csvType = 'text/csv; charset=utf-8';
const saveForms = operation({ body: formsValuesSchema, reply: z.array(projectFormSchema) });
const saveForm = operation({ body: formValuesSchema, reply: projectFormSchema });
/**
 * A page of a resource's list, as the generic list answers it. Its paging is checked here; its sort,
 * search and filters (loose) go on to the resource's own list parser (parseListQuery), as the list's do.
 */
const listPage = (definition: ResourceDefinition) =>
  operation({ query: pagingSchema(definition.pageSize).loose(), reply: resourcePageSchema });
const projectPage = listPage(projects);
// An advice act's values, checked by the acts' own schema (as their nested route does).
const updateAct = operation({ body: recordInput, reply: resourceRecordSchema });
const deleteAct = operation({ reply: z.object({ deleted: z.number() }) });
/** A list's export: its file's format; the list's criteria (loose) go on to parseListQuery. */
const exportFormat = z.enum(['csv', 'xlsx'], 'export.unknown_format').describe('openapi.parameters.format');

/** The projects' own routes: their page, characteristics, tickets' panels; forms and types (SARE: sare.contract.ts). */
export const projectContracts = defineContracts({
  'api.projects.forms': { GET: operation({ reply: z.array(projectFormSchema) }), POST: saveForms, PUT: saveForms },
  'api.projects.characteristics': { GET: operation({ reply: projectFormSchema }), POST: saveForm, PUT: saveForm },
  'api.projects.characteristic_values': { GET: operation({ query: termQuery, reply: z.array(z.string()) }) },
  'api.projects.form_progress': { GET: operation({ reply: formProgressSchema }) },
  'api.projects.header_characteristics': { GET: operation({ reply: z.array(headerCharacteristicSchema) }) },
  'api.projects.filterable_fields': { GET: operation({ reply: z.array(filterableFieldSchema) }) },
  'api.projects.comments': { GET: listPage(projectComments) },
  'api.projects.edit_comment': { POST: updateAct, PUT: updateAct },
  'api.projects.delete_comment': { POST: deleteAct, PUT: deleteAct },
  'api.projects.change_state': {
    POST: operation({ reply: z.object({ id: z.number(), state: z.number(), message: z.string() }) }),
  },
  'api.projects.batch_state': { POST: operation({ body: batchStateBodySchema, reply: batchStateReplySchema }) },
  'api.projects.clone': { POST: operation({ reply: projectCloneSchema, status: 201 }) },
  'api.projects.overview': { GET: operation({ reply: projectOverviewSchema }) },
  'api.projects.followed_by_owner': { GET: projectPage },
  'api.projects.of_structure': { GET: projectPage },
  'api.projects.structures_json': { GET: operation({ reply: z.array(namedRecordSchema) }) },
  'api.projects.owner_json': { GET: operation({ reply: projectOwnerSchema }) },
  'api.projects.owner_other_projects': { GET: projectPage },
  'api.projects.dashboard': { GET: operation({ reply: projectDashboardSchema }) },
  'api.projects.variables': { GET: operation({ reply: z.record(z.string(), z.string()) }) },
  'api.projects.export_selection': {
    GET: operation({
      // The ids as text: the route refuses a bad selection with its own message (export.no_selection).
      query: z.looseObject({ ids: z.string().optional().describe('openapi.parameters.ids'), format: exportFormat }),
      file: [csvType, xlsxType],
    }),
  },
  // GET: the list's rows as a file; POST: a document per project from a template file, a ZIP, or its background job.
  'api.projects.export_multiple': {
    GET: operation({ query: z.looseObject({ format: exportFormat }), file: [csvType, xlsxType] }),
    POST: operation({ body: projectDocumentsBodySchema, reply: documentsJobSchema, file: [zipType] }),
  },
  'api.projects.upcoming_meetings': { GET: operation({ reply: z.array(upcomingMeetingSchema) }) },
  'api.projects.gantt': { GET: operation({ reply: projectGanttSchema }) },
  // JSON, or with ?format= the tickets' table as a file.
  'api.projects.time_report': {
    GET: operation({
      query: z.object({ format: exportFormat.optional().describe('openapi.parameters.time_report_format') }),
      reply: timeReportSchema,
      file: [csvType, xlsxType],
    }),
  },
  'api.form_fields.all': {
    GET: operation({ reply: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })) }),
  },
  'api.form_fields.one': { GET: operation({ reply: resourceRecordViewSchema }) },
  'api.forms.autocompleter': { GET: operation({ query: termQuery, reply: z.array(suggestionReply) }) },
  'api.project_types.by_mission': { GET: operation({ reply: z.array(namedId) }) },
  'api.project_themes.is_attached': { GET: operation({ reply: z.object({ id: z.number(), attached: z.boolean() }) }) },
  'api.task_templates.apply': { POST: operation({ reply: templateAppliedSchema, status: 201 }) },
});
