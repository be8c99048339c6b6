/**
 * Formats of text fields (`field.text({ format })`): each checks a typed value and gives it the one
 * form it is stored in, or refuses it with a catalog key. An empty value is left to `required`.
 */
export type TextFormat = 'phone' | 'mobile' | 'siret' | 'postalCode';

export interface TextFormatRule {
  /** The value as stored, or undefined when it is not valid. */
  normalise(value: string): string | undefined;
  message: string;
}

/**
 * "+33 6 12 34 56 78", "0033612345678", "06.12.34.56.78", 612345678 (a spreadsheet's number) →
 * "06 12 34 56 78"; undefined unless 10 digits from 0[1-9].
 */
function frenchPhone(value: string, prefixes: RegExp): string | undefined {
  const digits = value
    .replace(/[\s.\-()]/g, '')
    .replace(/^(?:\+33|0033)0?/, '0')
    .replace(/^(?=[1-9]\d{8}$)/, '0');
  return /^0[1-9]\d{8}$/.test(digits) && prefixes.test(digits) ? digits.replace(/(\d{2})(?!$)/g, '$1 ') : undefined;
}

const digitSum = (digits: string) => [...digits].reduce((sum, digit) => sum + Number(digit), 0);

/** Luhn's check: every second digit from the right doubled (its digits added), the total a multiple of 10. */
function passesLuhn(digits: string): boolean {
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return sum % 10 === 0;
}

/** La Poste's establishments (SIREN 356000000) have more SIRETs than Luhn allows: theirs add up to a multiple of 5. */
const LA_POSTE_SIREN = '356000000';

export function isValidSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  return digits.startsWith(LA_POSTE_SIREN) ? digitSum(digits) % 5 === 0 : passesLuhn(digits);
}

export const textFormats: Record<TextFormat, TextFormatRule> = {
  phone: { normalise: (value) => frenchPhone(value, /^0/), message: 'validation.phone' },
  mobile: { normalise: (value) => frenchPhone(value, /^0[67]/), message: 'validation.mobile' },
  siret: {
    normalise: (value) => {
      const digits = value.replace(/\s/g, '');
      return isValidSiret(digits) ? digits : undefined;
    },
    message: 'validation.siret',
  },
  // 1400 (a spreadsheet's number) is 01400.
  postalCode: {
    normalise: (value) => (/^\d{4,5}$/.test(value) ? value.padStart(5, '0') : undefined),
    message: 'validation.postal_code',
  },
};
