import type { ResourcePage, ResourceRecord, ResourceRecordView } from './resource';

/** How many advice acts the overview shows, newest first. */
export const OVERVIEW_ACTS = 5;
/** How many child projects the overview names (the others are in the list, filtered on the parent). */
export const OVERVIEW_CHILD_PROJECTS = 20;

/** GET /api/projet/load-apercu/{id}: the project page's overview, in one request. */
export interface ProjectOverview {
  /** The project as its show route answers it (the titles of the records it names included). */
  project: ResourceRecordView;
  /** Its latest advice acts, newest first, and how many it has: null for a reader who may not list acts. */
  latestActs: ResourceRecord[] | null;
  actsTotal: number | null;
  /** Its child projects the reader may see (the first ones by name), and how many. */
  childProjects: NamedRecord[];
  childProjectsTotal: number;
}

/** A record named by its title. */
export interface NamedRecord {
  id: number;
  title: string;
}

/** GET /api/projet/porteur/structure/json/{id}: a project's owner, individual and structure. */
export interface ProjectOwner {
  individual: NamedRecord | null;
  structure: NamedRecord | null;
}

/** GET /api/projet/dashboard/ajax/{id}: a project's figures for a dashboard tab. */
export interface ProjectDashboard {
  id: number;
  reference: string;
  name: string;
  state: string | null;
  lastInterventionDate: string | null;
  /** How many co-owners, partners and advice acts: null for a reader who may not list them. */
  coOwners: number | null;
  partners: number | null;
  acts: number | null;
}

/** GET /api/projet/emails-envoyes/{projet} and emails-programmes/{projet}: a project's mails (none are sent yet). */
export type ProjectEmails = Pick<ResourcePage, 'items' | 'total'>;
