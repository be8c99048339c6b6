import type { CharacteristicField, CharacteristicValue } from '../../shared/project-characteristics';
import { parseCharacteristicValue } from '../../shared/project-characteristics';

/**
 * A projects file's characteristic cell as its form field's value (spec 9: characteristics by
 * their field's name): a number with a comma or spaces, a day/month/year date, several choices
 * separated by commas, a box ticked by "oui", "x" or "1", a choice by its label or value. The value
 * is then checked as the project's forms check it.
 */
export function characteristicCell(
  field: CharacteristicField,
  text: string,
): { value: CharacteristicValue } | { error: string } {
  const option = (cell: string) =>
    field.options.find(({ value, label }) => value === cell || label.toLowerCase() === cell.toLowerCase())?.value ??
    cell;
  let raw: unknown = text;
  switch (field.type) {
    case 'number': {
      const number = Number(text.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.'));
      raw = Number.isFinite(number) && text.trim() !== '' ? number : text;
      break;
    }
    case 'date': {
      const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      raw = french ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}` : text;
      break;
    }
    case 'checkbox':
      raw = /^(oui|x|1|vrai|yes|true)$/i.test(text) ? true : /^(non|0|faux|no|false)$/i.test(text) ? false : text;
      break;
    case 'multiselect':
      raw = text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map(option);
      break;
    case 'select':
      raw = option(text);
      break;
    case 'individual':
    case 'structure':
      raw = /^\d{1,9}$/.test(text) ? Number(text) : text;
      break;
    default:
      break;
  }
  return parseCharacteristicValue(field, raw);
}
