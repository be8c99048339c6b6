import { z } from 'zod';
import { recordId } from './fields';
import { resourceRecordSchema, resourceRecordViewSchema } from './resource';

/** How many advice acts the overview shows, newest first. */
export const OVERVIEW_ACTS = 5;
/** How many child projects the overview names (the others are in the list, filtered on the parent). */
export const OVERVIEW_CHILD_PROJECTS = 20;

/** GET /api/projet/load-apercu/{id}: the project page's overview, in one request. */
/** A record named by its title. */
export const namedRecordSchema = z.object({ id: z.number(), title: z.string() });
export type NamedRecord = z.infer<typeof namedRecordSchema>;

export const projectOverviewSchema = z.object({
  /** The project as its show route answers it (the titles of the records it names included). */
  project: resourceRecordViewSchema,
  /** Its latest advice acts, newest first, and how many it has: null for a reader who may not list acts. */
  latestActs: z.array(resourceRecordSchema).nullable(),
  actsTotal: z.number().nullable(),
  /** Its child projects the reader may see (the first ones by name), and how many. */
  childProjects: z.array(namedRecordSchema),
  childProjectsTotal: z.number(),
});
export type ProjectOverview = z.infer<typeof projectOverviewSchema>;

/** GET /api/projet/porteur/structure/json/{id}: a project's owner, individual and structure. */
export const projectOwnerSchema = z.object({
  individual: namedRecordSchema.nullable(),
  structure: namedRecordSchema.nullable(),
});
export type ProjectOwner = z.infer<typeof projectOwnerSchema>;

/** GET /api/projet/dashboard/ajax/{id}: a project's figures for a dashboard tab. */
export const projectDashboardSchema = z.object({
  id: z.number(),
  reference: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  lastInterventionDate: z.string().nullable(),
  /** How many co-owners, partners and advice acts: null for a reader who may not list them. */
  coOwners: z.number().nullable(),
  partners: z.number().nullable(),
  acts: z.number().nullable(),
});
export type ProjectDashboard = z.infer<typeof projectDashboardSchema>;

/** POST /api/projet/dupliquer/{id}: the copy made, and what its message says was and was not copied. */
export const projectCloneSchema = z.object({ id: z.number(), name: z.string(), message: z.string() });
export type ProjectClone = z.infer<typeof projectCloneSchema>;

/** The most projects one batch change of state takes. */
export const BATCH_STATE_LIMIT = 500;

/** POST /api/projet/actions-groupes/change-etat/{etat}: the selected projects, all put in the state or none. */
export const batchStateBodySchema = z.object({
  ids: z.array(recordId).min(1, 'batch.no_items').max(BATCH_STATE_LIMIT, 'projects.batch.too_many'),
});
/** Its reply: how many projects changed, and the message saying so. */
export const batchStateReplySchema = z.object({ processed: z.number(), message: z.string() });
export type BatchStateReply = z.infer<typeof batchStateReplySchema>;
