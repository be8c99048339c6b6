import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';

/** Structures: their history also lists the records merged into them. */
export const structuresModule: WebModule = {
  history: [MergeHistory],
};
