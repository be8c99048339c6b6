import { path } from '../../../shared/routes';
import type { WebModule } from '../../engine/web-module';

/** Projects: their page of their own, projet/voir-ou-editer/{id} (project-page.screen.tsx), where the list leads. */
export const projectsModule: WebModule = {
  recordPage: (id) => path('admin.projects.page', { id }),
};
