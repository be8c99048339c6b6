import { path } from '../../../shared/routes';
import type { WebModule } from '../../engine/web-module';
import { MissionRowsInput } from './mission-rows-input.component';
import { ProjectFilters } from './project-filters.component';
import { ProjectBatchActions, ProjectCloneAction } from './project-list-actions.component';

/**
 * Projects: their page of their own, projet/voir-ou-editer/{id} (project-page.screen.tsx), where the list
 * leads; their list's search panel also filters on the commune and a characteristic; their mission rows
 * offer the types of each row's mission; the list copies a project with its server's clone and puts a
 * selection in a state or exports it.
 */
export const projectsModule: WebModule = {
  recordPage: (id) => path('admin.projects.page', { id }),
  ListFilters: ProjectFilters,
  fieldInputs: { missions: MissionRowsInput },
  CloneAction: ProjectCloneAction,
  batchActions: { Component: ProjectBatchActions, needs: ['update', 'export'] },
};
