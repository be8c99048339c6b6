import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formTabs,
  type ReferenceTitles,
  type ResourceDefinition,
  type ResourceRecordView,
} from '../../shared/resources/resource';

import { api, withFailureMessage } from '../api-client';
import { DuplicateAlert } from './duplicate-alert.component';
import { useConfirmLeave, useUnsavedChangesGuard } from '../shell/unsaved-changes.hook';
import { ResourceFields, type ExtraTab } from './resource-fields.component';
import { useResourceForm } from './resource-form.hook';
import { queryKeys } from '../query-keys';

/** A child record's parent (a project's co-owners): the form leaves its field out, the server sets it. */
export interface ChildParent {
  slug: string;
  id: number;
  /** The child's field naming the parent. */
  field: string;
}

/**
 * A resource's form inside a modal (or in place on a page): a new record (POST …/modal/ajouter) or,
 * given one, that record (PUT …/modal/editer/{id}); a child record through its parent's routes
 * (POST /api/<parent>/{id}/<child>, PUT …/{childId}). Hands the saved record's id back.
 */
export function ModalRecordForm({
  definition,
  record,
  parent,
  prefill,
  failureMessage,
  extraTabs,
  onSaved,
  onCancel,
}: {
  definition: ResourceDefinition;
  record?: ResourceRecordView;
  /** A new record's first values, with the titles of the records they name. */
  prefill?: { values: Record<string, unknown>; titles: ReferenceTitles };
  parent?: ChildParent;
  /** What a failure the server does not explain (no answer, a 5xx) says: the screen's own generic error. */
  failureMessage?: string;
  /** The screen's own tabs, in the row of the form's (the ticket modal's sub-tasks, time…), outside the form. */
  extraTabs?: ExtraTab[];
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { slug } = definition;
  // A child's form leaves the parent's field out: the parent's routes set it.
  const formDefinition = useMemo(() => {
    if (!parent) return definition;
    const { [parent.field]: _parentField, ...fields } = definition.fields;
    return { ...definition, fields };
  }, [definition, parent]);
  const sendValues = (values: Record<string, unknown>) => {
    if (parent) {
      const children = { resource: parent.slug, id: parent.id, child: slug };
      return record
        ? api('PUT', 'api.resource.child', { params: { ...children, childId: record.id }, body: values })
        : api('POST', 'api.resource.children', { params: children, body: values });
    }
    return record
      ? api('PUT', 'api.resource.modal_edit', { params: { resource: slug, id: record.id }, body: values })
      : api('POST', 'api.resource.modal_create', { params: { resource: slug }, body: values });
  };
  const { form, save, serverError } = useResourceForm({
    definition: formDefinition,
    record,
    presets: prefill?.values,
    send: (values) =>
      failureMessage === undefined ? sendValues(values) : withFailureMessage(sendValues(values), failureMessage),
    onSaved: async (saved) => {
      // What is saved is no longer unsaved: the form may close or be left at once.
      form.reset(form.getValues());
      guard.saved();
      // Lists, records and reference inputs show the change once fetched again (a child's parent too).
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource.all(slug) });
      if (parent) await queryClient.invalidateQueries({ queryKey: queryKeys.resource.all(parent.slug) });
      onSaved(saved.id);
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const confirmLeave = useConfirmLeave();
  const tabs = formTabs(formDefinition);
  const [activeTab, setActiveTab] = useState(tabs[0]?.tab ?? null);

  const formAround = (fields: ReactNode, fieldTabShown: boolean) => (
    // The modal sits in a portal but inside the page's form in React's tree: its submit stops here.
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void save(event);
      }}
    >
      {fields}
      {fieldTabShown && (
        <>
          <DuplicateAlert slug={slug} error={serverError} />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => confirmLeave(onCancel)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('engine.save')}
            </Button>
          </Group>
        </>
      )}
    </form>
  );

  return (
    <ResourceFields
      definition={formDefinition}
      form={form}
      activeTab={activeTab}
      onTabChange={setActiveTab}
      titles={record?.titles ?? prefill?.titles}
      recordId={record?.id}
      extraTabs={extraTabs}
      wrapFields={formAround}
    />
  );
}
