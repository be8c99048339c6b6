import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formTabs,
  type ResourceDefinition,
  type ResourceRecord,
  type ResourceRecordView,
} from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { apiRequest } from '../api-client';
import { DuplicateAlert } from './duplicate-alert.component';
import { ResourceFields } from './resource-fields.component';
import { useResourceForm } from './resource-form.hook';

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
  const { form, save, serverError } = useResourceForm({
    definition,
    record,
    send: (values) =>
      record
        ? apiRequest<ResourceRecord>('PUT', path('api.resource.modal_edit', { resource: slug, id: record.id }), values)
        : apiRequest<ResourceRecord>('POST', path('api.resource.modal_create', { resource: slug }), values),
    onSaved: async (saved) => {
      // Lists, records and reference inputs show the change once fetched again.
      await queryClient.invalidateQueries({ queryKey: ['resource', slug] });
      onSaved(saved.id);
    },
  });
  const { isSubmitting } = form.formState;
  const tabs = formTabs(definition);
  const [activeTab, setActiveTab] = useState(tabs[0]?.tab ?? null);

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
