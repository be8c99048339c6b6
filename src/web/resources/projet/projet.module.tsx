import { path } from '../../../shared/routes';
import type { WebModule } from '../../engine/web-module';
import { ProjectFilters } from './project-filters.component';

/**
 * Projects: their page of their own, projet/voir-ou-editer/{id} (project-page.screen.tsx), where the list
 * leads; their list's search panel also filters on the commune and a characteristic.
 */
export const projectsModule: WebModule = {
  recordPage: (id) => path('admin.projects.page', { id }),
  ListFilters: ProjectFilters,
};
