import { field, USERS_TARGET } from './fields';

/**
 * What a project's co-owner and partner both hold (spec 3): the project, their role, who they are (an
 * individual or a structure); then, after what only a partner has, the service's liaison officer and
 * comments.
 */
export const participantFields = () => ({
  project: field.reference('projet', { required: true, autocomplete: true, list: true, filter: true }),
  role: field.text({ required: true, list: true, sortable: true, searchable: true }),
  individual: field.reference('individus', { autocomplete: true, list: true, filter: true }),
  structure: field.reference('structures', { autocomplete: true, list: true, filter: true }),
});
export const participantFollowUpFields = () => ({
  liaisonOfficer: field.reference(USERS_TARGET, { list: true, filter: true }),
  comments: field.textarea({ maxLength: 2000 }),
});

/**
 * Under their project, in its history: named by who they are (the individual's or the structure's
 * title), then their role: "Dupont Marie – Maître d'ouvrage délégué".
 */
export const participantParent = {
  resource: 'projet',
  field: 'project',
  inHistory: true,
  historyTitle: ['individual', 'structure', 'role'],
};
