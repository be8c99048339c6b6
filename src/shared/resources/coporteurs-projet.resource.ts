import { participantFields, participantFollowUpFields, participantParent } from './project-participants';
import { defineResource } from './resource';

/** A project's co-owners (spec 3): each an individual or a structure, with the service's liaison officer. */
export const projectCoOwners = defineResource({
  slug: 'coporteurs-projet',
  table: 'project_co_owners',
  menu: { section: 'content', icon: 'users', hidden: true },
  titleField: 'role',
  behaviours: { importable: false },
  parent: participantParent,
  fields: {
    ...participantFields(),
    ...participantFollowUpFields(),
  },
});
