import { field } from './fields';
import { participantFields, participantFollowUpFields, participantParent } from './project-participants';
import { defineResource } from './resource';

/**
 * A project's partners (spec 3): each an individual or a structure, with the service's liaison
 * officer and the partner reference (reference-partenaire) it acts under.
 */
export const projectPartners = defineResource({
  slug: 'partenaires-projet',
  table: 'project_partners',
  menu: { section: 'content', icon: 'users', hidden: true },
  titleField: 'role',
  behaviours: { importable: false },
  parent: participantParent,
  fields: {
    ...participantFields(),
    partnerReference: field.reference('reference-partenaire', { list: true, filter: true }),
    ...participantFollowUpFields(),
  },
});
