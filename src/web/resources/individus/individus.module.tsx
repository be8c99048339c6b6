import type { WebModule } from '../../engine/web-module';
import { MergeHistory } from '../contacts/merge-history.component';

/** Individuals: their history also lists the records merged into them. */
export const individualsModule: WebModule = {
  history: [MergeHistory],
};
