import { asc, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FONT_SIZE, formFields } from '../../../shared/resources/champs-de-formulaire.resource';
import { formFieldsTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { type FieldErrors, type ServerResource } from '../../engine/server-resource';

/** A form field as all-ajax lists it. */
export interface FormFieldSummary {
  id: number;
  name: string;
  type: string;
}

const { slug } = formFields;
const columns = getTableColumns(formFieldsTable) as Record<string, AnyPgColumn>;
const error = (name: string) => `resources.${slug}.errors.${name}`;

export const formFieldsHooks: ServerResource = {
  /**
   * A choice needs options, an iframe its page, a form state needs states, a month-year's first month comes before its
   * last, and the font size stays readable.
   */
  validate(values) {
    const fieldErrors: FieldErrors = {};
    const isEmpty = (name: string) => (values[name] as unknown[]).length === 0;
    if ((values.type === 'select' || values.type === 'multiselect') && isEmpty('options'))
      fieldErrors.options = error('options_required');
    if (values.type === 'iframe' && !values.iframeUrl) fieldErrors.iframeUrl = error('iframe_url_required');
    if (values.type === 'form_state' && isEmpty('states')) fieldErrors.states = error('states_required');
    const { firstMonth, lastMonth } = values as { firstMonth: string | null; lastMonth: string | null };
    // "2026-03" and "2027-01" compare as text.
    if (firstMonth && lastMonth && firstMonth > lastMonth) fieldErrors.lastMonth = error('month_range');
    const fontSize = values.fontSize as number;
    if (fontSize < FONT_SIZE.min || fontSize > FONT_SIZE.max) fieldErrors.fontSize = error('font_size');
    return fieldErrors;
  },

  routes: [
    {
      // all-ajax: every live field, by name.
      name: 'api.form_fields.all',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.form_fields_all',
      async handle(_request, { db }): Promise<FormFieldSummary[]> {
        const rows = await db
          .select({ id: columns.id!, name: columns.name!, type: columns.type! })
          .from(formFieldsTable)
          .where(isLive(formFieldsTable))
          .orderBy(asc(columns.name!), asc(columns.id!));
        return rows as FormFieldSummary[];
      },
    },
    {
      // one-ajax/{id}: one field, as the generic show answers it.
      name: 'api.form_fields.one',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.form_fields_one',
      handle: (request, { store, actor }) => store.get(formFields, request.params.id, actor),
    },
  ],
};
