import { z } from 'zod';
import { field } from './fields';
import { defineResource } from './resource';

/**
 * French communes (current ones), loaded from @etalab/decoupage-administratif by
 * `npm run communes:load`; GET /api/communes/ajax/code-postal?code= finds them by postal code.
 */
export const communes = defineResource({
  slug: 'communes',
  table: 'communes',
  menu: { section: 'other', icon: 'map' },
  titleField: 'name',
  // Homonyms ("Saint-Denis") told apart where a commune is picked.
  titleDetail: ['department', 'postalCodes'],
  fields: {
    inseeCode: field.text({
      required: true,
      maxLength: 5,
      unique: true,
      list: true,
      sortable: true,
      searchable: true,
      filter: true,
    }),
    name: field.text({ required: true, list: true, sortable: true, searchable: true }),
    postalCodes: field.texts({ list: true, filter: true }),
    department: field.text({ maxLength: 3, list: true, sortable: true, filter: true }),
  },
  behaviours: { clonable: false },
});

/** A commune as the postal-code lookup (communes/ajax/code-postal) answers it. */
export const communeByPostalCodeSchema = z.object({
  id: z.number(),
  inseeCode: z.string(),
  name: z.string(),
  postalCodes: z.array(z.string()),
});
export type CommuneByPostalCode = z.infer<typeof communeByPostalCodeSchema>;
