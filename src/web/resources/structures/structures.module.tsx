import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';
import { OwnerProjects } from '../projet/owner-projects.panel';
import { LinkedIndividuals } from './linked-individuals.component';
import { StructureMediaWatch } from '../veille-media/media-watch.panel';
import { StructureInteractions } from '../../screens/dashboard/dashboard-widgets.component';

/** Structures: their history also lists the records merged into them; their page, the individuals linked to them, their projects, media monitoring items and latest interactions. */
export const structuresModule: WebModule = {
  history: [MergeHistory],
  panels: [
    { name: 'individuals', Component: LinkedIndividuals },
    { name: 'projects', Component: OwnerProjects },
    { name: 'media_watch', Component: StructureMediaWatch },
    { name: 'interactions', Component: StructureInteractions },
  ],
};
