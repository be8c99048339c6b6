import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/** Spec 3's act types of an advice act (ADEME's SARE codes A01 to A04b). */
export const actTypes = ['A01', 'A02', 'A03', 'A04', 'A04b'] as const;
export type ActType = (typeof actTypes)[number];
/** The types of information given (several per act), in the SARE file's order. */
export const informationTypes = ['technical', 'financial', 'legal', 'social'] as const;
/** The intended service continuation (several per act), in the SARE file's order. */
export const serviceContinuations = [
  'energy_audit',
  'works_support',
  'hms',
  'action_logement',
  'full_business_support',
  'existing_programme',
  'usage_action',
  'building_action',
  'process_action',
  'other',
  'none',
] as const;

/**
 * A project's advice acts (spec 3's project comments, projet/commentaires/{id}): what the adviser
 * did for the owner, reported to ADEME in the SARE file when flagged. Each moves the project's last
 * intervention date forward, and is in the project's history (added, changed, deleted) by its subject.
 */
export const projectComments = defineResource({
  slug: 'commentaires-projet',
  table: 'project_comments',
  menu: { section: 'content', icon: 'history' },
  titleField: 'subject',
  defaultSort: { field: 'actDate', direction: 'desc' },
  behaviours: { importable: false },
  // The act's own line of the SARE file, from its page and its row.
  commands: [{ name: 'sare_file', kind: 'download', route: 'api.project_comments.sare_export_act', action: 'export' }],
  parent: { resource: 'projet', field: 'project', inHistory: true },
  fields: {
    project: field.reference('projet', { required: true, autocomplete: true, list: true, filter: true }),
    subject: field.text({ required: true, list: true, sortable: true, searchable: true }),
    actDate: field.date({ required: true, list: true, sortable: true, filter: true }),
    adviser: field.reference(USERS_TARGET, { list: true, filter: true }),
    actType: field.select(actTypes, { list: true, filter: true }),
    ademe: field.boolean({ list: true, filter: true }),
    ademeNumber: field.text({ maxLength: 50 }),
    text: field.richtext(),
    // Several of the SARE tables' values each (columns 22 and 27), shown by their French labels.
    informationTypes: field.choices(informationTypes),
    serviceContinuation: field.choices(serviceContinuations),
    upcomingAppointment: field.date(),
    customerQuestion: field.richtext(),
    adviserAnswer: field.richtext(),
    auditReportHandedOver: field.boolean(),
    durationMinutes: field.integer(),
  },
});
