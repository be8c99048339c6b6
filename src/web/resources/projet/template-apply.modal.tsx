import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRecord } from '../../../shared/resources/resource';

import { api } from '../../api-client';
import { AppModal } from '../../shell/app-modal.component';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { useConfirmLeave } from '../../shell/unsaved-changes.hook';
import { queryKeys } from '../../query-keys';

/** Templates read at once: a service keeps a handful, one page holds them. */
const TEMPLATES_PAGE = 100;

/**
 * "Appliquer un modèle de tâches": a task template chosen (those of the project's types first), how
 * many tickets it makes, then a confirmation creating them (template-tache/appliquer/{id}/{projet}).
 */
export function TemplateApplyModal({
  projectId,
  projectTypeIds,
  onClose,
}: {
  projectId: number;
  projectTypeIds: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const confirmLeave = useConfirmLeave();
  const { data } = useQuery({
    queryKey: queryKeys.resource.list('template-tache', 'apply-choices'),
    queryFn: () =>
      api('GET', 'api.resource.collection', {
        params: { resource: 'template-tache' },
        query: { parPage: TEMPLATES_PAGE, tri: 'name' },
      }),
  });
  const apply = useMutation({
    mutationFn: (template: string) =>
      api('POST', 'api.task_templates.apply', { params: { id: template, projet: projectId } }),
    onSuccess: async ({ created }) => {
      toast.success(t('resources.template-tache.apply.done', { count: created.length }));
      // The gantt, the board and the history show the new tickets.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('tickets') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ticketBoard.all }),
      ]);
      onClose();
    },
    onError: (error) => toast.error(error.message || t('resources.template-tache.apply.failed')),
  });

  const templates = data?.items ?? [];
  const ofProjectTypes = (template: ResourceRecord) =>
    typeof template.projectType === 'number' && projectTypeIds.includes(template.projectType);
  const option = (template: ResourceRecord) => ({ value: String(template.id), label: String(template.name) });
  const options = [
    { group: t('resources.template-tache.apply.project_types'), items: templates.filter(ofProjectTypes).map(option) },
    {
      group: t('resources.template-tache.apply.other_types'),
      items: templates.filter((template) => !ofProjectTypes(template)).map(option),
    },
  ].filter(({ items }) => items.length > 0);
  const template = templates.find(({ id }) => String(id) === chosen);
  const tasks = Array.isArray(template?.tasks) ? template.tasks.length : 0;

  return (
    // A template chosen and not yet applied is unsaved: closing asks first (spec 2.2).
    <AppModal
      title={t('resources.template-tache.apply.title')}
      onClose={() => !apply.isPending && onClose()}
      dirty={chosen !== null}
    >
      {!data ? (
        <Loading />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) apply.mutate(chosen);
          }}
        >
          <Stack>
            {templates.length === 0 ? (
              <Text size="sm">{t('resources.template-tache.apply.none')}</Text>
            ) : (
              <Select
                label={t('resources.template-tache.apply.template')}
                placeholder={t('resources.template-tache.apply.placeholder')}
                data={options}
                value={chosen}
                onChange={setChosen}
                searchable
                required
              />
            )}
            {template && (
              <Text size="sm" aria-live="polite">
                {t('resources.template-tache.apply.tasks', { count: tasks })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => confirmLeave(onClose)} disabled={apply.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" disabled={!template || tasks === 0} loading={apply.isPending}>
                {t('resources.template-tache.apply.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
