import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiErrorPayload } from '../../shared/account/account.schema';
import { emptyValue } from '../../shared/resources/field-kinds';
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
    resolver: zodResolver(schema),
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
      for (const [name, message] of Object.entries(error.payload.fieldErrors ?? {})) form.setError(name, { message });
      setServerError(error.payload);
      return void toast.error(error.message);
    }
    // An edit saves the record it started from; a create or a clone, a new one.
    toast.success(t(saved.id === record?.id ? 'success.updated' : 'success.saved'));
    await onSaved(saved, values);
  });

  return { form, save, serverError };
}
