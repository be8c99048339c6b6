import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { loginSchema, type LoginInput } from '../../../shared/account/account.schema';
import { loginResolver } from './login-form';

const options = {} as ResolverOptions<LoginInput>;
const samples: LoginInput[] = [
  { email: 'admin@exemple.fr', password: 'secret', remember: false },
  { email: '  admin@exemple.fr  ', password: ' x ', remember: true },
  { email: '   ', password: 'secret', remember: false },
  { email: 'admin@exemple.fr', password: '', remember: false },
  { email: '', password: '', remember: false },
];

describe('the login form check', () => {
  it.each(samples)('agrees with the server’s loginSchema on %j', async (input) => {
    const parsed = loginSchema.safeParse(input);
    const { values, errors } = await loginResolver(input, undefined, options);
    if (parsed.success) {
      expect(errors).toEqual({});
      expect(values).toEqual(parsed.data);
    } else {
      const expected = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
      expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toEqual(
        expected,
      );
    }
  });
});
