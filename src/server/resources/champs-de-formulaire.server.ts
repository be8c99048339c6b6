import { asc, getTableColumns, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FONT_SIZE, formFields } from '../../shared/resources/champs-de-formulaire.resource';
import { inputSchema } from '../../shared/resources/resource';
import { routePattern } from '../../shared/routes';
import { requireUser } from '../auth/sessions';
import { formFieldsTable } from '../db/schema';
import { createResourceStore } from '../engine/resource-store';
import { parseBody, parseId } from '../engine/resource.routes';
import { ApiError } from '../http/api-error';
import { allowedUser, type ResourceServerHooks } from './resource-hooks';

/** A form field as all-ajax lists it. */
export interface FormFieldSummary {
  id: number;
  name: string;
  type: string;
}

const { slug } = formFields;
const columns = getTableColumns(formFieldsTable) as Record<string, AnyPgColumn>;
const error = (name: string) => `resources.${slug}.errors.${name}`;

export const formFieldsHooks: ResourceServerHooks = {
  /** A select needs options, a form state needs states, and the font size stays readable. */
  async beforeWrite(_tx, values) {
    const fieldErrors: Record<string, string> = {};
    const isEmpty = (name: string) => (values[name] as unknown[]).length === 0;
    if (values.type === 'select' && isEmpty('options')) fieldErrors.options = error('options_required');
    if (values.type === 'form_state' && isEmpty('states')) fieldErrors.states = error('states_required');
    const fontSize = values.fontSize as number;
    if (fontSize < FONT_SIZE.min || fontSize > FONT_SIZE.max) fieldErrors.fontSize = error('font_size');
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, 'errors.form', fieldErrors);
  },

  routes(app, db) {
    const store = createResourceStore(db);
    const options = { preHandler: requireUser };

    // modal/ajouter: a field created from a form's modal; the reply is the created record.
    app.post(routePattern('api.resource.modal_create', { resource: slug }), options, async (request, reply) => {
      const user = allowedUser(request, slug, 'create');
      const record = await store.create(formFields, parseBody(inputSchema(formFields), request.body), user.id);
      return reply.code(201).send(record);
    });

    // all-ajax: every live field, by name.
    app.get(routePattern('api.form_fields.all'), options, async (request): Promise<FormFieldSummary[]> => {
      allowedUser(request, slug, 'list');
      const rows = await db
        .select({ id: columns.id!, name: columns.name!, type: columns.type! })
        .from(formFieldsTable)
        .where(isNull(columns.deletedAt!))
        .orderBy(asc(columns.name!), asc(columns.id!));
      return rows as FormFieldSummary[];
    });

    // one-ajax/{id}: one field, as the generic show answers it.
    app.get<{ Params: { id: string } }>(routePattern('api.form_fields.one'), options, async (request) => {
      allowedUser(request, slug, 'show');
      return store.get(formFields, parseId(request.params.id));
    });
  },
};
