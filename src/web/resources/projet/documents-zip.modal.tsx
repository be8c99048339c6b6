import { Anchor, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileZip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentsJob } from '../../../shared/documents/document-templates';
import { path } from '../../../shared/routes';
import { api, csrfHeader } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { AppModal } from '../../shell/app-modal.component';
import { toast } from '../../shell/toasts.component';
import { downloadFrom } from './posted-file';

/**
 * A document per selected project from a template file, in a ZIP (POST export-multiple): downloaded
 * at once for a few projects; past 50, built in the background, its progress followed here, ending
 * with the link to the ZIP.
 */
function DocumentsZipModal({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<DocumentsJob | null>(null);
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('fichier-type', 'api.resource.collection', 0),
    queryFn: () =>
      api('GET', 'api.resource.collection', {
        params: { resource: 'fichier-type' },
        query: { pageSize: 100 } as never,
      }),
  });
  const templates = (data?.items ?? []).filter((item) => item.published !== false);
  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(() => {
      void api('GET', 'api.projects.documents_job', { params: { job: job.job } }).then((next) => {
        setJob(next);
        if (next.status === 'done') toast.success(t('documents.export.ready'));
        if (next.status === 'failed') toast.error(t('export.failed'));
      });
    }, 1000);
    return () => clearTimeout(timer);
  }, [job, t]);

  async function start() {
    if (chosen === null) return;
    setBusy(true);
    try {
      const body = { fichierType: Number(chosen), ids };
      if (ids.length <= 50) {
        if (await downloadFrom(path('api.projects.export_multiple'), body, 'documents.zip', t('export.failed')))
          onClose();
        return;
      }
      const response = await fetch(path('api.projects.export_multiple'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...csrfHeader() },
        body: JSON.stringify(body),
      });
      const payload = (await response.json().catch(() => null)) as (DocumentsJob & { message?: string }) | null;
      if (!response.ok || !payload) toast.error(payload?.message || t('export.failed'));
      else setJob(payload);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppModal title={t('documents.export.selection_title')} onClose={onClose}>
      <Stack>
        <Select
          label={t('documents.export.template')}
          placeholder={t('documents.export.template_placeholder')}
          data={templates.map((item) => ({ value: String(item.id), label: String(item.name) }))}
          value={chosen}
          onChange={setChosen}
          disabled={job !== null}
        />
        {job && (
          <>
            <Progress
              value={job.total === 0 ? 100 : (100 * job.done) / job.total}
              aria-label={t('documents.export.progress_label')}
            />
            <Text size="sm">{t('documents.export.progress', { done: job.done, total: job.total })}</Text>
          </>
        )}
        {job?.status === 'done' ? (
          <Group>
            <Text size="sm">{t('documents.export.ready')}</Text>
            <Anchor href={path('api.projects.documents_job_file', { job: job.job })} download>
              {t('documents.export.ready_link')}
            </Anchor>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button onClick={() => void start()} loading={busy || job?.status === 'running'} disabled={chosen === null}>
              {t('documents.export.start')}
            </Button>
          </Group>
        )}
      </Stack>
    </AppModal>
  );
}

/** The list's batch button opening the ZIP of the selection's documents. */
export function DocumentsZipButton({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden />}
        onClick={() => (ids.length === 0 ? toast.error(t('batch.no_items')) : setOpen(true))}
      >
        {t('documents.export.selection')}
      </Button>
      {open && <DocumentsZipModal ids={ids} onClose={() => setOpen(false)} />}
    </>
  );
}
