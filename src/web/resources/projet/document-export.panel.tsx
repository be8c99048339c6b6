import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../../shared/routes';
import { api, csrfHeader } from '../../api-client';
import { RecordPanel } from '../../engine/record-panel.component';
import { queryKeys } from '../../query-keys';
import { toast } from '../../shell/toasts.component';
import { DocumentMailButton } from './document-mail.button';

/** The name a reply's Content-Disposition gives, its UTF-8 form first. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return utf8 ? decodeURIComponent(utf8) : (/filename="([^"]+)"/.exec(header)?.[1] ?? fallback);
}

/**
 * Sends a request answering a file and offers the file to the browser; a refusal shows the server's
 * French message (the spec's export errors).
 */
export async function downloadFrom(url: string, body: unknown, fallback: string, failure: string): Promise<boolean> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrfHeader() },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    toast.error(payload?.message || failure);
    return false;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileNameOf(response, fallback);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return true;
}

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
