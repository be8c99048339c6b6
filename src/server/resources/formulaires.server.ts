import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FORM_COLUMNS, forms } from '../../shared/resources/formulaires.resource';
import type { Suggestion } from '../../shared/resources/resource';
import { routePattern } from '../../shared/routes';
import { requireUser } from '../auth/sessions';
import { formFieldsTable } from '../db/schema';
import { createResourceStore } from '../engine/resource-store';
import { parseId } from '../engine/resource.routes';
import { ApiError } from '../http/api-error';
import { allowedUser, type ResourceServerHooks } from './resource-hooks';

const { slug } = forms;
const fieldColumns = getTableColumns(formFieldsTable) as Record<string, AnyPgColumn>;
/** Lower case without accents: what the suggestions compare. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const formsHooks: ResourceServerHooks = {
  async beforeWrite(_tx, values) {
    const columns = values.columns as number;
    if (columns < FORM_COLUMNS.min || columns > FORM_COLUMNS.max)
      throw new ApiError(400, 'errors.form', { columns: `resources.${slug}.errors.columns` });
  },

  routes(app, db) {
    const store = createResourceStore(db);

    // ajax-autocompleter/{id}?term=: the form's live fields flagged autocomplete whose name contains
    // the term (case and accents ignored), in the form's order.
    app.get<{ Params: { id: string }; Querystring: { term?: string } }>(
      routePattern('api.forms.autocompleter'),
      { preHandler: requireUser },
      async (request): Promise<Suggestion[]> => {
        allowedUser(request, slug, 'list');
        const form = await store.get(forms, parseId(request.params.id));
        const term = folded(String(request.query.term ?? '').trim());
        const ids = form.fields as number[];
        if (term === '' || ids.length === 0) return [];
        const rows = await db
          .select({ id: fieldColumns.id!, name: fieldColumns.name! })
          .from(formFieldsTable)
          .where(
            and(inArray(fieldColumns.id!, ids), isNull(fieldColumns.deletedAt!), eq(fieldColumns.autocomplete!, true)),
          );
        const names = new Map(rows.map(({ id, name }) => [Number(id), String(name)]));
        return ids.flatMap((id) => {
          const label = names.get(id);
          return label !== undefined && folded(label).includes(term) ? [{ value: id, label }] : [];
        });
      },
    );
  },
};
