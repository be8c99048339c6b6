import { z } from 'zod';
import { confirmationError, confirmationMatches, newPasswordFields } from './password';
import { EMAIL_MAX_LENGTH, recordId } from '../resources/fields';

/** A typed address: required (with this message), 254 characters at most as every email field, then valid (spec 5's message). */
const emailAddress = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, 'validation.too_long')
    .pipe(z.email('validation.email'));

/** The forgotten-password form (spec 5: "L'adresse e-mail est obligatoire", then a valid address). */
export const passwordResetRequestSchema = z.object({
  email: emailAddress('password_reset.errors.email_required'),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The sign-up form (spec 2.1). */
export const registrationSchema = z
  .object({
    email: emailAddress('validation.required'),
    firstName: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
    lastName: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, confirmationError);
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** The back-office configuration of registration (spec 3). */
export const registrationSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The access profile new registrations get, or none. */
  defaultGroupId: recordId.nullable(),
  welcomeEmailSubject: z.string().trim().min(1, 'validation.required').max(200, 'validation.too_long'),
  welcomeEmailContent: z.string().trim().min(1, 'validation.required').max(20000, 'validation.too_long'),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

/** GET /api/inscription/etat: whether the login page offers to sign up. */
export const registrationStateSchema = z.object({ enabled: z.boolean() });
export type RegistrationState = z.infer<typeof registrationStateSchema>;

/** GET /api/reinitialisation/{token}: a valid link, for a reset or a first password. */
export const passwordLinkSchema = z.object({ purpose: z.enum(['reset', 'creation']) });
export type PasswordLinkPayload = z.infer<typeof passwordLinkSchema>;
