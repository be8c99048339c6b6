import type { WebModule } from '../../engine/web-module';
import { LinkPreviewInput } from './link-preview-input.component';

/** Media monitoring: an item's link fills its other fields from the page's Open Graph data. */
export const mediaWatchModule: WebModule = {
  fieldInputs: { link: LinkPreviewInput },
};
