import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';
import { LinkedIndividuals } from './linked-individuals.component';

/** Structures: their history also lists the records merged into them; their page, the individuals linked to them. */
export const structuresModule: WebModule = {
  history: [MergeHistory],
  panels: [{ name: 'individuals', Component: LinkedIndividuals }],
};
