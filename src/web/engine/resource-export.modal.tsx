import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { AppModal } from '../shell/app-modal.component';
import { saveFile } from '../shell/save-file';
import { toast } from '../shell/toasts.component';

export type ExportFormat = 'csv' | 'xlsx';

interface ExportModalProps {
  definition: ResourceDefinition;
  format: ExportFormat;
  /** The list's criteria: the export holds what the list shows. */
  criteria: Record<string, string>;
  total: number;
  onClose: () => void;
}

/** Shows how many rows will be exported, then the progress of the download (rows for CSV). */
export function ExportModal({ definition, format, criteria, total, onClose }: ExportModalProps) {
  const { t } = useTranslation();
  const [rowsDone, setRowsDone] = useState<number | null>(null);
  const running = rowsDone !== null;

  async function run(chosen: ExportFormat) {
    setRowsDone(0);
    try {
      const response = await fetch(
        path('api.resource.export', { resource: definition.slug, ...criteria, format: chosen }),
      );
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        // CSV: one line per row, after the header line.
        if (chosen === 'csv') {
          lines += value.reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0);
          setRowsDone(Math.max(0, lines - 1));
        }
      }
      saveFile(response, chunks, `export.${chosen}`);
      toast.success(t('export.done', { count: total }));
      onClose();
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setRowsDone(null);
    }
  }

  return (
    <AppModal
      onClose={() => !running && onClose()}
      title={t('export.title', { resource: t(`resources.${definition.slug}.label`), format: format.toUpperCase() })}
    >
      <Stack>
        <Text>{t('export.rows_to_export', { count: total })}</Text>
        {running && (
          <Stack gap={4}>
            <Progress
              value={format === 'csv' && total > 0 ? (rowsDone / total) * 100 : 100}
              animated
              aria-label={t('export.progress_label')}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {format === 'csv' ? t('export.progress', { done: rowsDone, total }) : t('export.preparing')}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={running}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void run(format)} loading={running} disabled={total === 0}>
            {t('export.start')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
