import { z } from 'zod';
import {
  configurationValuesChangeSchema,
  configurationValuesReplySchema,
  flashSchema,
  siteSettingsSchema,
} from '../configuration-values.schema';
import { defineContracts, operation } from './contract';

/** Site settings, configuration values and flash messages. */
export const siteSettingsContracts = defineContracts({
  'api.configuration.site': {
    GET: operation({ reply: siteSettingsSchema }),
    PUT: operation({ body: siteSettingsSchema, reply: siteSettingsSchema }),
  },
  'api.configuration.values': {
    GET: operation({ reply: configurationValuesReplySchema }),
    PUT: operation({ body: configurationValuesChangeSchema, reply: configurationValuesReplySchema }),
  },
  'api.site.error_template': { GET: operation({ reply: z.object({ errorTemplate: z.string() }) }) },
  'api.flashes': { GET: operation({ reply: z.array(flashSchema) }) },
});
