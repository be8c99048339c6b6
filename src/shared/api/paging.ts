import { z } from 'zod';
import { MAX_INTEGER } from '../resources/fields';

/** The most rows a list page may ask for: more is given as this many. */
export const MAX_PAGE_SIZE = 100;
/** Far past any real list, and (page − 1) × size stays a small number for the database's OFFSET. */
const MAX_PAGE = 1_000_000;

export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number('validation.integer')
    .int('validation.integer')
    .min(min, 'validation.out_of_range')
    .max(max, 'validation.out_of_range');

/** ?page=&parPage= of a paged list: out of range or not a number is a 400, not a database error. */
export const pagingSchema = (defaultSize: number) =>
  z.object({
    page: wholeNumber(1, MAX_PAGE).default(1).describe('openapi.parameters.page'),
    parPage: wholeNumber(1, MAX_INTEGER)
      .transform((size) => Math.min(size, MAX_PAGE_SIZE))
      .default(defaultSize)
      .describe('openapi.parameters.par_page'),
  });
