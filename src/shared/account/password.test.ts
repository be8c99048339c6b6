import { beforeAll, describe, expect, it } from 'vitest';
import { loadPasswordDictionaries, newPasswordSchema, passwordStrength } from './password';

beforeAll(() => loadPasswordDictionaries());

const errorsOf = (password: string, passwordConfirm = password) => {
  const result = newPasswordSchema.safeParse({ password, passwordConfirm });
  return result.success ? [] : result.error.issues.map(({ path, message }) => `${path.join('.')}: ${message}`);
};

describe('password rules', () => {
  it('rates passwords low, medium, strong or excellent with the French dictionary', () => {
    expect(passwordStrength('azertyuiopqs')).toBe('low');
    expect(passwordStrength('motdepasse12')).toBe('medium');
    expect(passwordStrength('Trois-chevaux-violets-dansent-1987')).toBe('excellent');
  });

  it('asks for 12 characters, refuses the weakest level and a different confirmation', () => {
    expect(errorsOf('Court-2026!')).toEqual(['password: password.errors.too_short']);
    expect(errorsOf('azertyuiopqs')).toEqual(['password: password.errors.too_weak']);
    expect(errorsOf('Trois-chevaux-violets-dansent-1987', 'autre')).toEqual([
      'passwordConfirm: password.errors.mismatch',
    ]);
  });

  it('accepts long passphrases whole', () => {
    const long = 'Une longue phrase de passe qui dépasse largement soixante-quatre caractères, 2026';
    expect(long.length).toBeGreaterThan(64);
    expect(errorsOf(long)).toEqual([]);
    const parsed = newPasswordSchema.parse({ password: long, passwordConfirm: long });
    expect(parsed.password).toBe(long);
  });
});
