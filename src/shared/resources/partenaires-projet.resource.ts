import { field, USERS_TARGET } from './fields';
import { defineResource } from './resource';

/**
 * A project's partners (spec 3): each an individual or a structure, with the service's liaison
 * officer and the partner reference (reference-partenaire) it acts under.
 */
export const projectPartners = defineResource({
  slug: 'partenaires-projet',
  table: 'project_partners',
  menu: { section: 'content', icon: 'users' },
  titleField: 'role',
  behaviours: { importable: false },
  parent: { resource: 'projet', field: 'project' },
  fields: {
    project: field.reference('projet', { required: true, autocomplete: true, list: true, filter: true }),
    role: field.text({ required: true, list: true, sortable: true, searchable: true }),
    individual: field.reference('individus', { autocomplete: true, list: true, filter: true }),
    structure: field.reference('structures', { autocomplete: true, list: true, filter: true }),
    partnerReference: field.reference('reference-partenaire', { list: true, filter: true }),
    liaisonOfficer: field.reference(USERS_TARGET, { list: true, filter: true }),
    comments: field.textarea({ maxLength: 2000 }),
  },
});
