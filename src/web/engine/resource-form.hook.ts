import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiErrorPayload } from '../../shared/account/account.schema';
import { emptyValue } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import {
  inputSchema,
  type ResourceDefinition,
  type ResourceRecord,
  type ResourceRecordView,
} from '../../shared/resources/resource';
import { ApiRequestError } from '../api-client';
import { toast } from '../shell/toasts.component';

/** The form's starting values: the record's (edit, clone), or each field's empty value (create). */
export function initialValues(
  definition: ResourceDefinition,
  record: ResourceRecordView | undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definition.fields)
      .filter(([, def]) => !def.readOnly)
      .map(([name, def]) => [name, record?.[name] ?? emptyValue(def)]),
  );
}

/**
 * A resource's form, on its page or in a modal: the declaration's zod schema (the server's own)
 * checks it; `send` writes the values, and once it answers, a toast says so and `onSaved` follows.
 * A refusal puts the server's field errors on their inputs, shows its message, and keeps it
 * (`serverError`: a duplicate's link to the existing record).
 */
export function useResourceForm({
  definition,
  record,
  presets,
  send,
  onSaved,
}: {
  definition: ResourceDefinition;
  /** The record edited or cloned: the form starts from its values. */
  record?: ResourceRecordView;
  /** Values set from the start and on reset, besides the record's (a child's parent). */
  presets?: Record<string, unknown>;
  send: (values: Record<string, unknown>) => Promise<ResourceRecord>;
  onSaved: (saved: ResourceRecord, values: Record<string, unknown>) => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => inputSchema(definition), [definition]);
  const form = useForm<Record<string, unknown>>({
    resolver: itemErrorsLifted(definition, zodResolver(schema)),
    defaultValues: { ...initialValues(definition, record), ...presets },
  });
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(null);

  const save = form.handleSubmit(async (values) => {
    setServerError(null);
    let saved: ResourceRecord;
    try {
      saved = await send(values);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return void toast.error(t('errors.generic'));
      for (const [name, message] of Object.entries(error.payload.fieldErrors ?? {})) {
        const field = formErrorPath(definition, name);
        // A list's first wrong item names the field's error.
        if (form.getFieldState(field).error === undefined) form.setError(field, { message });
      }
      setServerError(error.payload);
      return void toast.error(error.message);
    }
    // An edit saves the record it started from; a create or a clone, a new one.
    toast.success(t(saved.id === record?.id ? 'success.updated' : 'success.saved'));
    await onSaved(saved, values);
  });

  return { form, save, serverError };
}

/**
 * The form field a server field error goes under, where its input shows it: a collection's row
 * sub-field keeps its path ("structures.0.contactType"); any other field's item error is the field's
 * own ("informationTypes.0" → "informationTypes": a choices, references, texts or select field has
 * one input for all its items).
 */
export function formErrorPath(definition: ResourceDefinition, path: string): string {
  const within = (fields: Record<string, FieldDef>, parts: string[]): string[] => {
    const [name = '', ...rest] = parts;
    const def = fields[name];
    if (!def || rest.length === 0) return parts;
    if (def.kind !== 'collection') return [name];
    const [row = '', ...sub] = rest;
    return sub.length === 0 ? parts : [name, row, ...within(def.fields ?? {}, sub)];
  };
  return within(definition.fields, path.split('.')).join('.');
}

/**
 * The schema's errors as the inputs show them: an item's error of a list field (a text too long
 * among a texts field's) is the field's own, as formErrorPath puts the server's.
 */
function itemErrorsLifted(
  definition: ResourceDefinition,
  resolver: Resolver<Record<string, unknown>>,
): Resolver<Record<string, unknown>> {
  return async (...args) => {
    const result = await resolver(...args);
    for (const [name, error] of Object.entries(result.errors)) {
      const def = definition.fields[name];
      if (!def || def.kind === 'collection' || !error || typeof error.message === 'string') continue;
      const item = Object.values(error as Record<string, FieldError | undefined>).find(
        (candidate) => typeof candidate?.message === 'string',
      );
      if (item) result.errors[name] = { type: item.type, message: item.message };
    }
    return result;
  };
}
