import { z } from 'zod';
import { locales } from '../i18n/locales';
import { EMAIL_MAX_LENGTH } from '../resources/fields';

/** Messages are catalog keys: the server translates them in its replies, the forms with i18next. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').max(EMAIL_MAX_LENGTH, 'validation.too_long'),
  password: z.string().min(1, 'validation.required'),
  remember: z.boolean().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  lastName: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  emailSignature: z.string().max(20000, 'validation.too_long'),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const localeSchema = z.object({ locale: z.enum(locales) });

/** toggle-content: open is true when the side menu is not enlarged. */
export const toggleContentSchema = z.object({ open: z.boolean() });

export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  locale: z.string(),
  emailSignature: z.string(),
  preferences: z.object({ sidebarEnlarged: z.boolean().optional() }),
  /** What the user's access profiles grant: "<resource>.<group>" (see permissions.ts). */
  permissions: z.array(z.string()),
  serviceId: z.number().nullable(),
});
export type SessionUserPayload = z.infer<typeof sessionUserSchema>;

/** GET /api/session and POST /api/connexion */
export const sessionSchema = z.object({
  user: sessionUserSchema,
  csrfToken: z.string(),
  /** Who logged in as the user ("log in as"): the back office shows a banner and a way back. */
  impersonator: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type SessionPayload = z.infer<typeof sessionSchema>;

/** Every API error reply. */
export interface ApiErrorPayload {
  statusCode: number;
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** A duplicate refused: the id of the existing record, to link to it. */
  duplicateOf?: number;
}

/** GET /api/espace-client/accueil: what the external user's groups are attached to. */
export const customerHomeSchema = z.object({
  missions: z.array(z.object({ id: z.number(), name: z.string(), acronym: z.string().nullable() })),
});
export type CustomerHome = z.infer<typeof customerHomeSchema>;
