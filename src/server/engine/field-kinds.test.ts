import { describe, expect, it } from 'vitest';
import { projectComments } from '../../shared/resources/commentaires-projet.resource';
import { serverFieldKinds } from './field-kinds';

/** A choices field's import cell and list filter, on an advice act's SARE lists. */
describe("a choices field's import cell", () => {
  const cell = (name: 'informationTypes' | 'serviceContinuation', text: string) =>
    serverFieldKinds.choices.importCell(text, projectComments.fields[name]!, undefined, projectComments, name);

  it('reads its values by code, by French or English label, or in the SARE file’s capitals', () => {
    expect(cell('informationTypes', 'technical; Information sociale, Legal information')).toEqual({
      value: ['technical', 'social', 'legal'],
    });
    expect(cell('serviceContinuation', 'REALISATION AUDIT ENERGETIQUE, ACTION BATI')).toEqual({
      value: ['energy_audit', 'building_action'],
    });
    expect(cell('serviceContinuation', '')).toEqual({ value: [] });
  });

  it('keeps a word it does not know as written, for the schema to refuse on the field', () => {
    expect(cell('informationTypes', 'Information technique, astrologie')).toEqual({
      value: ['technical', 'astrologie'],
    });
  });

  it('filters on one of its values only', () => {
    const filter = serverFieldKinds.choices.filterValue(projectComments.fields.informationTypes!);
    expect(filter.safeParse('technical').success).toBe(true);
    expect(filter.safeParse('Information technique').success).toBe(false);
  });
});
