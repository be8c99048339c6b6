import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FORM_COLUMNS, forms } from '../../../shared/resources/formulaires.resource';
import type { Suggestion } from '../../../shared/resources/resource';
import { formFieldsTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import type { ServerResource } from '../../engine/server-resource';

const { slug } = forms;
const fieldColumns = getTableColumns(formFieldsTable) as Record<string, AnyPgColumn>;
/** Lower case without accents: what the suggestions compare. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const formsHooks: ServerResource = {
  validate(values) {
    const columns = values.columns as number;
    if (columns < FORM_COLUMNS.min || columns > FORM_COLUMNS.max)
      return { columns: `resources.${slug}.errors.columns` };
  },

  routes: [
    {
      // ajax-autocompleter/{id}?term=: the form's live fields flagged autocomplete whose name contains
      // the term (case and accents ignored), in the form's order.
      name: 'api.forms.autocompleter',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.forms_autocompleter',
      async handle(request, { db, store, actor }): Promise<Suggestion[]> {
        const form = await store.get(forms, request.params.id, actor);
        const term = folded(request.query.term ?? '');
        const ids = form.fields as number[];
        if (term === '' || ids.length === 0) return [];
        const rows = await db
          .select({ id: fieldColumns.id!, name: fieldColumns.name! })
          .from(formFieldsTable)
          .where(and(inArray(fieldColumns.id!, ids), isLive(formFieldsTable), eq(fieldColumns.autocomplete!, true)));
        const names = new Map(rows.map(({ id, name }) => [Number(id), String(name)]));
        return ids.flatMap((id) => {
          const label = names.get(id);
          return label !== undefined && folded(label).includes(term) ? [{ value: id, label }] : [];
        });
      },
    },
  ],
};
