import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';
import { OwnerProjects } from '../projet/owner-projects.panel';
import { LinkedIndividuals } from './linked-individuals.component';

/** Structures: their history also lists the records merged into them; their page, the individuals linked to them and their projects. */
export const structuresModule: WebModule = {
  history: [MergeHistory],
  panels: [
    { name: 'individuals', Component: LinkedIndividuals },
    { name: 'projects', Component: OwnerProjects },
  ],
};
