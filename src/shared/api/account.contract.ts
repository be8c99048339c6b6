import { z } from 'zod';
import {
  customerHomeSchema,
  localeSchema,
  loginSchema,
  profileSchema,
  sessionSchema,
  toggleContentSchema,
} from '../account/account.schema';
import { newPasswordSchema } from '../account/password';
import {
  passwordLinkSchema,
  passwordResetRequestSchema,
  registrationSchema,
  registrationSettingsSchema,
  registrationStateSchema,
} from '../account/registration.schema';
import {
  dashboardSettingsSchema,
  externalServicesSettingsSchema,
  mailSettingsSchema,
  ticketSettingsSchema,
} from '../configuration.schema';
import { anyObject, messageReply, namedId, termQuery } from './common.schemas';
import { defineContracts, operation } from './contract';

const login = operation({ body: loginSchema, reply: sessionSchema });
const logout = operation({ status: 204 });
const session = operation({ reply: sessionSchema });
const tokenParams = z.object({ token: z.string().min(1).max(100) });
/** A group of configuration values, read and written whole. */
const settings = <S extends z.ZodType>(schema: S) => ({
  GET: operation({ reply: schema }),
  PUT: operation({ body: schema, reply: schema }),
});

/** Sessions, accounts, preferences, configuration and the service's own routes. */
export const accountContracts = defineContracts({
  'api.health': { GET: operation({ reply: z.object({ status: z.literal('ok') }) }) },
  'api.openapi': { GET: operation({ reply: anyObject }) },
  'api.login': { POST: login },
  'api.customer.login': { POST: login },
  'api.logout': { POST: logout },
  'api.customer.logout': { POST: logout },
  'api.session': { GET: session },
  'api.customer.session': { GET: session },
  'api.impersonation.end': { POST: session },
  'api.customer.home': { GET: operation({ reply: customerHomeSchema }) },
  'api.password_reset.request': { POST: operation({ body: passwordResetRequestSchema, reply: messageReply }) },
  'api.password_reset.link': {
    GET: operation({ params: tokenParams, reply: passwordLinkSchema }),
    POST: operation({ params: tokenParams, body: newPasswordSchema, status: 204 }),
  },
  'api.registration.state': { GET: operation({ reply: registrationStateSchema }) },
  'api.registration': { POST: operation({ body: registrationSchema, status: 201 }) },
  'api.toggle_content': { POST: operation({ body: toggleContentSchema, status: 204 }) },
  'api.locale': { POST: operation({ body: localeSchema, status: 204 }) },
  'api.profile': { PUT: operation({ body: profileSchema, reply: profileSchema }) },
  'api.configuration.registration': settings(registrationSettingsSchema),
  'api.configuration.dashboard': settings(dashboardSettingsSchema),
  'api.configuration.external_services': settings(externalServicesSettingsSchema),
  'api.configuration.tickets': settings(ticketSettingsSchema),
  'api.configuration.mail': settings(mailSettingsSchema),
  'api.access_profiles.all': { POST: operation({ reply: z.array(namedId) }) },
  'api.users.find_approximately': {
    GET: operation({
      query: termQuery,
      reply: z.array(z.object({ value: z.number(), label: z.string(), email: z.string() })),
    }),
  },
  'api.users.form_values_from_service': {
    GET: operation({
      reply: z.object({
        serviceId: z.number(),
        followedMissions: z.array(z.number()),
        // The fields the choice locks to the values it fills (the service's "disable linked fields").
        locked: z.array(z.string()),
      }),
    }),
  },
});
