import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/**
 * A project's confidentiality (spec 6, its "status"): public, internal (not for external users),
 * confidential (not for internal users outside its missions either). A new project is internal
 * unless said: external users see it once someone makes it public.
 */
export const projectStatuses = ['public', 'internal', 'confidential'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/**
 * Projects (spec 3): what the service follows for an owner (individual and/or structure), within
 * missions. The reference is made by the server from the project template's prefix and suffix
 * around a yearly counter; who may read a project is its server file's read scope (spec 6).
 */
export const projects = defineResource({
  slug: 'projet',
  table: 'projects',
  menu: { section: 'content', icon: 'checklist' },
  titleField: 'name',
  titleDetail: ['reference'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  // Beyond the filter fields: caracteristique[<field id>]=<value> (their dynamic forms), commune (the
  // owner's) and theme (which also takes the sub-themes) — the server file says what each keeps.
  listCriteria: /^(caracteristique\[\d{1,9}\]|commune|theme)$/,
  behaviours: { audited: true, importable: false, modalCreate: true, modalEdit: true },
  // Its history filtered by kind: its state, its characteristics (labelled changes), besides its fields and children.
  historyKinds: { fields: ['state'], labelled: true },
  fields: {
    name: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    reference: field.text({ readOnly: true, unique: true, list: true, sortable: true, searchable: true }),
    template: field.reference('template-projet', { tab: 'general' }),
    state: field.reference('etats-projet', { list: true, filter: true, tab: 'general' }),
    status: field.select(projectStatuses, {
      required: true,
      defaultValue: 'internal',
      list: true,
      filter: true,
      tab: 'general',
    }),
    theme: field.reference('thematiques-projet', { list: true, filter: true, tab: 'general' }),
    parentProject: field.reference('projet', { autocomplete: true, filter: true, tab: 'general' }),
    ownerIndividual: field.reference('individus', { autocomplete: true, list: true, filter: true, tab: 'porteur' }),
    ownerStructure: field.reference('structures', { autocomplete: true, list: true, filter: true, tab: 'porteur' }),
    trustedThirdParties: field.references('structures', { autocomplete: true, tab: 'porteur' }),
    // Each mission the project is followed in, with its project type and officer.
    missions: field.collection(
      {
        mission: field.reference('missions', { required: true }),
        projectType: field.reference('types-projet'),
        officer: field.reference(USERS_TARGET),
      },
      { tab: 'missions' },
    ),
    // The missions and types of the rows above, kept by the server for the list's filters and the read scope.
    missionIds: field.references('missions', { readOnly: true, filter: true }),
    projectTypeIds: field.references('types-projet', { readOnly: true, filter: true }),
    referents: field.references(USERS_TARGET, { filter: true, tab: 'missions' }),
    description: field.richtext({ tab: 'description' }),
    specialPoints: field.textarea({ maxLength: 5000, tab: 'description' }),
    // The service's own notes on the project, each of a type (types-commentaire-interne), never shown to owners.
    internalComments: field.collection(
      {
        commentType: field.reference('types-commentaire-interne', { required: true }),
        date: field.date({ required: true }),
        text: field.textarea({ required: true, maxLength: 5000 }),
      },
      { tab: 'description' },
    ),
    priority: field.boolean({ list: true, filter: true, tab: 'general' }),
    valuable: field.boolean({ filter: true, tab: 'general' }),
    showOnDashboard: field.boolean({ filter: true, tab: 'general' }),
    creationDate: field.date({ list: true, sortable: true, filter: 'range', tab: 'general' }),
    // Moved forward by the project's advice acts (commentaires-projet).
    lastInterventionDate: field.date({ readOnly: true, list: true, sortable: true, filter: 'range' }),
  },
});
