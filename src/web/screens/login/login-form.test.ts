import { describe, expect, it } from 'vitest';
import { loginSchema, type LoginInput } from '../../../shared/account/account.schema';
import { checkLogin } from './login-form';

const samples: LoginInput[] = [
  { email: 'admin@exemple.fr', password: 'secret', remember: false },
  { email: '  admin@exemple.fr  ', password: ' x ', remember: true },
  { email: '   ', password: 'secret', remember: false },
  { email: 'admin@exemple.fr', password: '', remember: false },
  { email: '', password: '', remember: false },
];

describe('the login form check', () => {
  it.each(samples)('agrees with the server’s loginSchema on %j', (input) => {
    const parsed = loginSchema.safeParse(input);
    const { values, errors } = checkLogin(input);
    if (parsed.success) {
      expect(errors).toEqual({});
      expect(values).toEqual(parsed.data);
    } else {
      expect(values).toBeUndefined();
      expect(errors).toEqual(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
    }
  });
});
