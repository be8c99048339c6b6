import { themeChangesSchema, themeImageParamsSchema, themeSettingsSchema } from '../theme/theme.schema';
import { defineContracts, operation } from './contract';

/**
 * The theme editor: its values read whole and changed in part (a PUT sends only the keys it changes,
 * the others are kept), and one image at a time sent as the raw body, answered with the saved theme.
 */
export const themeContracts = defineContracts({
  'api.configuration.theme': {
    GET: operation({ reply: themeSettingsSchema }),
    PUT: operation({ body: themeChangesSchema, reply: themeSettingsSchema }),
  },
  'api.configuration.theme_image': {
    POST: operation({ params: themeImageParamsSchema, upload: true, reply: themeSettingsSchema }),
  },
});
