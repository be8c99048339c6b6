import { describe, expect, it } from 'vitest';
import { projectComments } from '../../shared/resources/commentaires-projet.resource';
import { findResource } from '../../shared/resources/registry';
import { formErrorPath } from './resource-form.hook';

describe('a server field error, under the input that shows it', () => {
  it('goes on a list field itself, whatever its kind (choices, references, texts)', () => {
    // The server names the wrong item of a list, as zod's path does: the input is the whole list.
    expect(formErrorPath(projectComments, 'informationTypes.1')).toBe('informationTypes');
    expect(formErrorPath(projectComments, 'serviceContinuation.0')).toBe('serviceContinuation');
    const communes = findResource('communes')!;
    expect(communes.fields.postalCodes?.kind).toBe('texts');
    expect(formErrorPath(communes, 'postalCodes.2')).toBe('postalCodes');
    const structures = findResource('structures')!;
    expect(structures.fields.parents?.kind).toBe('references');
    expect(formErrorPath(structures, 'parents.0')).toBe('parents');
  });

  it("keeps a collection row's sub-field, and a field's own error, as they are", () => {
    const structures = findResource('structures')!;
    expect(formErrorPath(structures, 'addresses.0.postalCode')).toBe('addresses.0.postalCode');
    expect(formErrorPath(structures, 'addresses')).toBe('addresses');
    expect(formErrorPath(projectComments, 'informationTypes')).toBe('informationTypes');
    expect(formErrorPath(projectComments, 'subject')).toBe('subject');
  });
});
