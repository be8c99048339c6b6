import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/permissions';
import { projectDocuments } from '../../../shared/resources/piece-jointe.resource';

import { api } from '../../api-client';
import { ChildRecords } from '../../engine/child-panels.component';
import { FieldInput, type FieldErrorTree } from '../../engine/field-input.component';
import { RecordPanel } from '../../engine/record-panel.component';
import { useResourceForm } from '../../engine/resource-form.hook';
import { useSession } from '../../session.hook';
import { queryKeys } from '../../query-keys';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes.hook';

/**
 * The fields the upload form asks for, in order: the file, its title (the name of the file kept
 * unless the adviser typed one), its type.
 */
const uploadFields = ['file', 'title', 'documentType'] as const;

/** A stored file's name without its folders and extension: the title a new document starts with. */
const titleOf = (stored: string) => (stored.split('/').pop() ?? '').replace(/\.[^.]+$/, '');

/**
 * A project's documents (piece-jointe): the list with its download links and delete action (the
 * delete dialog, piece-jointe/supprimer/{id}), and, for whoever may change the project, the upload
 * form — a file, its title and its document type.
 */
export function ProjectDocumentsPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  // Added under the project: whoever may change it and create documents (the nested route's permissions).
  const mayAdd = session
    ? can(session.user, 'projet', 'update') && can(session.user, projectDocuments.slug, 'create')
    : false;
  // Each document added starts a new form: the file input forgets the file sent.
  const [added, setAdded] = useState(0);
  return (
    <RecordPanel title={t('resources.piece-jointe.label')}>
      <Stack gap="md">
        {mayAdd && <UploadForm key={added} projectId={projectId} onAdded={() => setAdded((count) => count + 1)} />}
        <ChildRecords parent="projet" parentId={projectId} child={projectDocuments} />
      </Stack>
    </RecordPanel>
  );
}

function UploadForm({ projectId, onAdded }: { projectId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, save } = useResourceForm({
    definition: projectDocuments,
    presets: { project: projectId },
    send: (values) =>
      api('POST', 'api.resource.children', {
        params: { resource: 'projet', id: projectId, child: projectDocuments.slug },
        body: values,
      }),
    onSaved: async () => {
      // The list shows the new document, the project its moved last intervention date and its history.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resource.all(projectDocuments.slug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') }),
      ]);
      onAdded();
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // A file chosen or a title typed, not yet added: leaving the page or the tab asks first (spec 2.2).
  useUnsavedChangesGuard(isDirty);
  // The title the form gave from the file: it follows the file kept until the adviser types their own.
  const givenTitle = useRef('');
  const followFile = (file: string) => {
    const title = String(form.getValues('title') ?? '');
    if (title !== '' && title !== givenTitle.current) return;
    givenTitle.current = file === '' ? '' : titleOf(file);
    form.setValue('title', givenTitle.current);
  };
  return (
    <form noValidate onSubmit={(event) => void save(event)} aria-label={t('projectDocuments.upload_form')}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {uploadFields.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FieldInput
                slug={projectDocuments.slug}
                name={name}
                def={projectDocuments.fields[name]!}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  // A file refused as it is sent changes nothing: the title follows the one kept.
                  if (name === 'file' && typeof value === 'string') followFile(value);
                }}
                errors={errors[name] as FieldErrorTree | undefined}
              />
            )}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={isSubmitting} leftSection={<IconUpload size={16} aria-hidden />}>
          {t('projectDocuments.add')}
        </Button>
      </Group>
    </form>
  );
}
