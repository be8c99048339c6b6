import type { WebModule } from '../../engine/web-module';
import { TemplateFileInput } from './template-file-input.component';

/** Template files: their file is uploaded beside the list of the variables it may use. */
export const templateFilesModule: WebModule = {
  fieldInputs: { file: TemplateFileInput },
};
