import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { FieldDef } from '../../shared/resources/fields';
import { inputSchema, type ResourceDefinition, type ResourceRecord } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ApiRequestError, apiRequest } from '../api-client';
import { ErrorScreen } from '../screens/error/error.screen';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { toast } from '../shell/toasts.component';
import { useUnsavedChangesGuard } from '../shell/unsaved-changes.hook';
import { FieldInput } from './field-input.component';
import { useRefreshResource, useResourceRecord } from './resource-api.hook';

export type FormMode = 'create' | 'edit' | 'clone';

function emptyValue(def: FieldDef): unknown {
  switch (def.kind) {
    case 'boolean':
      return false;
    case 'references':
      return [];
    case 'integer':
    case 'date':
    case 'select':
    case 'reference':
      return null;
    default:
      return '';
  }
}

/** The form's starting values: the record's (edit, clone), or each field's empty value (create). */
function initialValues(definition: ResourceDefinition, record: ResourceRecord | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definition.fields).map(([name, def]) => [name, record?.[name] ?? emptyValue(def)]),
  );
}

/** Create (ajouter), edit (editer/{id}) and clone (dupliquer/{id}: a create form prefilled from a record). */
export function ResourceFormScreen({ definition, mode }: { definition: ResourceDefinition; mode: FormMode }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const record = useResourceRecord(definition, mode === 'create' ? undefined : id);
  if (mode !== 'create') {
    if (record.isError) {
      const status = record.error instanceof ApiRequestError && record.error.status === 404 ? 404 : 500;
      return <ErrorScreen status={status} />;
    }
    if (!record.data) return <Loader aria-label={t('shell.loading')} />;
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
  record?: ResourceRecord;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshResource(definition);
  const { slug } = definition;
  const schema = useMemo(() => inputSchema(definition), [definition]);
  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(definition, record),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useUnsavedChangesGuard(isDirty && leaveTo === null);
  // Navigates once the saved values are the form's own, so the unsaved-changes guard stays quiet.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo);
  }, [leaveTo, navigate]);

  const title = record ? String(record[definition.titleField]) : '';
  const heading =
    mode === 'create'
      ? t('engine.create_title', { resource: t(`resources.${slug}.singular`) })
      : t(mode === 'edit' ? 'engine.edit_title' : 'engine.clone_title', { title });
  useDocumentTitle(heading);
  const listPath = path('admin.resource.list', { resource: slug });

  const save = form.handleSubmit(async (values) => {
    try {
      const saved =
        mode === 'edit' && record
          ? await apiRequest<ResourceRecord>(
              'PUT',
              path('api.resource.item', { resource: slug, id: record.id }),
              values,
            )
          : await apiRequest<ResourceRecord>('POST', path('api.resource.collection', { resource: slug }), values);
      toast.success(t(mode === 'edit' ? 'success.updated' : 'success.saved'));
      await refresh();
      form.reset(values);
      setLeaveTo(path('admin.resource.show', { resource: slug, id: saved.id }));
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [name, message] of Object.entries(error.payload.fieldErrors ?? {})) form.setError(name, { message });
        toast.error(error.message);
      } else {
        toast.error(t('errors.generic'));
      }
    }
  });

  return (
    <Stack>
      <ScreenHeader title={heading} />
      <Paper withBorder p="md">
        <form onSubmit={save} noValidate>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {Object.entries(definition.fields).map(([name, def]) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <FieldInput
                    slug={slug}
                    name={name}
                    def={def}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors[name]?.message ? t(String(errors[name]?.message)) : undefined}
                  />
                )}
              />
            ))}
          </SimpleGrid>
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
