/**
 * The password rules of every password form (reset, creation, registration, user screens): at
 * least 12 characters, no truncation, strength measured by zxcvbn-ts with the French dictionary,
 * the weakest level refused, and a confirmation that must match.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
/** Long passphrases are welcome; the bound only keeps hashing and scoring cheap. */
export const PASSWORD_MAX_LENGTH = 256;

export const strengthLevels = ['low', 'medium', 'strong', 'excellent'] as const;
export type StrengthLevel = (typeof strengthLevels)[number];

let zxcvbn: ZxcvbnFactory | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads zxcvbn's dictionaries (common and French words, names, keyboard patterns: ~1 MB, 470 kB
 * compressed) once. The server awaits it at start; the web app when a new-password field shows, so
 * no other page downloads them. Strength is measured, and the schemas below parse, once it resolved.
 */
export function loadPasswordDictionaries(): Promise<void> {
  loading ??= Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-fr')]).then(
    ([common, french]) => {
      zxcvbn = new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...french.dictionary },
        graphs: common.adjacencyGraphs,
        translations: french.translations,
      });
    },
  );
  return loading;
}

/** zxcvbn's score 0–4 as the four levels shown: 0 and 1 are "low", the level refused. */
export function passwordStrength(password: string): StrengthLevel {
  if (!zxcvbn) throw new Error('Password strength measured before loadPasswordDictionaries() resolved.');
  const { score } = zxcvbn.check(password);
  return strengthLevels[Math.max(0, score - 1)]!;
}

/** Whether passwordStrength() can answer yet. */
export const passwordDictionariesLoaded = () => zxcvbn !== undefined;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password.errors.too_short')
  .max(PASSWORD_MAX_LENGTH, 'validation.too_long')
  .refine((password) => passwordStrength(password) !== 'low', 'password.errors.too_weak');

/** The two fields of a new password; a schema holding them refines with `confirmationMatches`. */
export const newPasswordFields = { password: passwordSchema, passwordConfirm: z.string() };

export const confirmationMatches = (values: { password: string; passwordConfirm: string }) =>
  values.password === values.passwordConfirm;
export const confirmationError = { path: ['passwordConfirm'], message: 'password.errors.mismatch' };

/** The reset and creation form. */
export const newPasswordSchema = z.object(newPasswordFields).refine(confirmationMatches, confirmationError);
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
