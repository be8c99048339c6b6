import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiErrorPayload } from '../../shared/account/account.schema';
import {
  formTabs,
  inputSchema,
  type ResourceDefinition,
  type ResourceRecord,
  type ResourceRecordView,
} from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ApiRequestError, apiRequest } from '../api-client';
import { toast } from '../shell/toasts.component';
import { DuplicateAlert } from './duplicate-alert.component';
import { ResourceFields } from './resource-fields.component';
import { initialValues } from './resource-form.screen';

/**
 * A resource's form inside a modal: a new record (POST …/modal/ajouter) or, given one, that record
 * (PUT …/modal/editer/{id}). Hands the saved record's id back.
 */
export function ModalRecordForm({
  definition,
  record,
  onSaved,
  onCancel,
}: {
  definition: ResourceDefinition;
  record?: ResourceRecordView;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { slug } = definition;
  const schema = useMemo(() => inputSchema(definition), [definition]);
  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(definition, record),
  });
  const { isSubmitting } = form.formState;
  const tabs = formTabs(definition);
  const [activeTab, setActiveTab] = useState(tabs[0]?.tab ?? null);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(null);

  const save = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = record
        ? await apiRequest<ResourceRecord>(
            'PUT',
            path('api.resource.modal_edit', { resource: slug, id: record.id }),
            values,
          )
        : await apiRequest<ResourceRecord>('POST', path('api.resource.modal_create', { resource: slug }), values);
      toast.success(t(record ? 'success.updated' : 'success.saved'));
      // Lists, records and reference inputs show the change once fetched again.
      await queryClient.invalidateQueries({ queryKey: ['resource', slug] });
      onSaved(saved.id);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return void toast.error(t('errors.generic'));
      for (const [name, message] of Object.entries(error.payload.fieldErrors ?? {})) form.setError(name, { message });
      setServerError(error.payload);
      toast.error(error.message);
    }
  });

  return (
    // The modal sits in a portal but inside the page's form in React's tree: its submit stops here.
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void save(event);
      }}
    >
      <ResourceFields
        definition={definition}
        form={form}
        activeTab={activeTab}
        onTabChange={setActiveTab}
        titles={record?.titles}
        recordId={record?.id}
      />
      <DuplicateAlert slug={slug} error={serverError} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('engine.save')}
        </Button>
      </Group>
    </form>
  );
}
