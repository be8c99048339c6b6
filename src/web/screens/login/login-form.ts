import type { FieldErrors, Resolver } from 'react-hook-form';
import type { LoginInput } from '../../../shared/account/account.schema';

/**
 * The login form's check, the same as the server's `loginSchema` (both fields required, the email
 * trimmed, catalog keys as messages), written out: zod would be a sixth of the login page's weight.
 */
export const loginResolver: Resolver<LoginInput> = async (values) => {
  const email = values.email.trim();
  const errors: FieldErrors<LoginInput> = {};
  if (!email) errors.email = { type: 'required', message: 'validation.required' };
  if (!values.password) errors.password = { type: 'required', message: 'validation.required' };
  const failed: Record<string, never> = {};
  if (Object.keys(errors).length > 0) return { values: failed, errors };
  return { values: { email, password: values.password, remember: values.remember ?? false }, errors: {} };
};
