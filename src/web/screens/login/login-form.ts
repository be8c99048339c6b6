import type { LoginInput } from '../../../shared/account/account.schema';

export type LoginErrors = Partial<Record<'email' | 'password', string>>;

/**
 * The login form's check, the same as the server's `loginSchema` (both fields required, the email
 * trimmed, catalog keys as messages), written out: zod and a form library would be a quarter of the
 * login page's weight for two required fields.
 */
export function checkLogin(input: LoginInput): { values?: LoginInput; errors: LoginErrors } {
  const email = input.email.trim();
  const errors: LoginErrors = {};
  if (!email) errors.email = 'validation.required';
  if (!input.password) errors.password = 'validation.required';
  if (Object.keys(errors).length > 0) return { errors };
  return { values: { email, password: input.password, remember: input.remember }, errors };
}
