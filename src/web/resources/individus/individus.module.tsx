import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';
import { OwnerProjects } from '../projet/owner-projects.panel';

/** Individuals: their history also lists the records merged into them; their page, their projects. */
export const individualsModule: WebModule = {
  history: [MergeHistory],
  panels: [{ name: 'projects', Component: OwnerProjects }],
};
