import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import { RecordPanel } from '../../engine/record-panel.component';
import { queryKeys } from '../../query-keys';
import { DocumentMailButton } from './document-mail.button';
import { downloadFrom } from './posted-file';

/** The Export tab's documents: a template file applicable to the project, merged and downloaded (PDF when offered). */
export function DocumentExportPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [pdf, setPdf] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('projet', 'api.projects.document_export', projectId),
    queryFn: () => api('GET', 'api.projects.document_export', { params: { id: projectId } }),
  });
  if (!data) return null;
  async function download() {
    if (chosen === null) return;
    setBusy(true);
    try {
      await downloadFrom(
        path('api.projects.document_export', { id: projectId }),
        { fichierType: Number(chosen), ...(pdf ? { pdf: true } : {}) },
        'document',
        t('export.failed'),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <RecordPanel title={t('documents.export.title')}>
      {data.templates.length === 0 ? (
        <Text size="sm">{t('documents.export.none')}</Text>
      ) : (
        <Stack>
          <Group align="end">
            <Select
              label={t('documents.export.template')}
              placeholder={t('documents.export.template_placeholder')}
              data={data.templates.map((template) => ({
                value: String(template.id),
                label: `${template.name} (.${template.format})`,
              }))}
              value={chosen}
              onChange={setChosen}
              miw={320}
            />
            {data.pdf && (
              <Checkbox
                label={t('documents.export.pdf')}
                checked={pdf}
                onChange={(event) => setPdf(event.currentTarget.checked)}
              />
            )}
            <Button
              leftSection={<IconFileDownload size={16} aria-hidden />}
              disabled={chosen === null}
              loading={busy}
              onClick={() => void download()}
            >
              {t('documents.export.download')}
            </Button>
            <DocumentMailButton
              projectId={projectId}
              body={chosen === null ? null : { fichierType: Number(chosen), ...(pdf ? { pdf: true } : {}) }}
            />
          </Group>
        </Stack>
      )}
    </RecordPanel>
  );
}
