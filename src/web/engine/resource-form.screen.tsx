import { Button, Group, Paper, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  formTabs,
  recordTitle,
  type ResourceDefinition,
  type ResourceRecordView,
} from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { api } from '../api-client';
import { ErrorScreen, errorStatusOfFailure } from '../shell/error.screen';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { useUnsavedChangesGuard } from '../shell/unsaved-changes.hook';
import { DuplicateAlert } from './duplicate-alert.component';
import { formTabOfHash, hashOfFormTab } from './form-tab-hash';
import { ResourceFields } from './resource-fields.component';
import { useRefreshResource, useResourceRecord } from './resource-api.hook';
import { useResourceForm } from './resource-form.hook';
import { Loading } from '../shell/loading.component';
import { useRecordPath } from './web-module';
import { addLabel } from './add-label';

export type FormMode = 'create' | 'edit' | 'clone';

/** Create (ajouter), edit (editer/{id}) and clone (dupliquer/{id}: a create form prefilled from a record). */
export function ResourceFormScreen({ definition, mode }: { definition: ResourceDefinition; mode: FormMode }) {
  const { id } = useParams();
  const record = useResourceRecord(definition, mode === 'create' ? undefined : id);
  if (mode !== 'create') {
    if (record.isError) return <ErrorScreen status={errorStatusOfFailure(record.error)} />;
    if (!record.data) return <Loading />;
    // A record the user may not change (an administrator's account for a user manager): no form opens.
    if (mode === 'edit' && record.data.refusedActions?.includes('update')) return <ErrorScreen status={403} />;
  }
  return <ResourceForm key={`${mode}-${id ?? ''}`} definition={definition} mode={mode} record={record.data} />;
}

function ResourceForm({
  definition,
  mode,
  record,
}: {
  definition: ResourceDefinition;
  mode: FormMode;
  record?: ResourceRecordView;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = useRefreshResource(definition);
  const recordPath = useRecordPath(definition.slug);
  const { slug } = definition;
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const { form, save, serverError } = useResourceForm({
    definition,
    record,
    send: (values) =>
      mode === 'edit' && record
        ? api('PUT', 'api.resource.item', { params: { resource: slug, id: record.id }, body: values })
        : api('POST', 'api.resource.collection', { params: { resource: slug }, body: values }),
    onSaved: async (saved, values) => {
      await refresh();
      form.reset(values);
      setLeaveTo(recordPath(saved.id));
    },
  });
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty && leaveTo === null);
  // Navigates once the saved values are the form's own, so the unsaved-changes guard stays quiet.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);

  const title = record ? recordTitle(definition, record) : '';
  const heading =
    mode === 'create' ? addLabel(t, slug) : t(mode === 'edit' ? 'engine.edit_title' : 'engine.clone_title', { title });
  useDocumentTitle(heading);
  const listPath = path('admin.resource.list', { resource: slug });

  const tabs = formTabs(definition);
  // Spec 2.2: the active tab lives in the address hash, in French (and the hidden anchor field),
  // so a reload or a shared link opens the same tab.
  const hashTab = formTabOfHash(location.hash.replace(/^#/, ''));
  const activeTab = tabs.some(({ tab }) => tab === hashTab) ? hashTab : (tabs[0]?.tab ?? null);
  const showTab = (tab: string) => void navigate({ hash: hashOfFormTab(tab) }, { replace: true });

  return (
    <Stack>
      <ScreenHeader title={heading} />
      <Paper withBorder p="md">
        <form onSubmit={save} noValidate>
          <input type="hidden" name="anchor" value={activeTab === null ? '' : hashOfFormTab(activeTab)} />
          <ResourceFields
            definition={definition}
            form={form}
            activeTab={activeTab}
            onTabChange={showTab}
            titles={record?.titles}
            recordId={mode === 'edit' ? record?.id : undefined}
          />
          <DuplicateAlert slug={slug} error={serverError} />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" component={Link} to={listPath}>
              {t('engine.back_to_list')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('engine.save')}
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
