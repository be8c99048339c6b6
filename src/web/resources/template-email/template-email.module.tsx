import type { WebModule } from '../../engine/web-module';
import { TemplateContentInput } from './template-content-input.component';

/** Mail templates: their content is written beside the list of variables, inserted with a click. */
export const emailTemplatesModule: WebModule = {
  fieldInputs: { content: TemplateContentInput },
};
