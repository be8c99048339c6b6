import type { WebModule } from '../../engine/web-module';
import { BoardLink } from './board-link.component';
import { EstimateInput } from './estimate-input.component';

/**
 * Tickets: their boards are pages of their own (global-board.screen.tsx, project-board.screen.tsx,
 * loaded with their routes, drag and drop with them); a ticket's page links to its project's board.
 * Kept light: the registry loads with the admin layout. The estimate is typed in hours or days.
 */
export const ticketsModule: WebModule = {
  panels: [{ name: 'board', Component: BoardLink }],
  fieldInputs: { estimate: EstimateInput },
};
