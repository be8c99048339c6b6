import { Alert, Button, FileInput, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorPayload } from '../../shared/account/account.schema';
import {
  IMPORT_MAX_BYTES,
  importableFields,
  type ImportAnalysis,
  type ImportFailure,
  type ImportMapping,
} from '../../shared/resources/import';
import type { ResourceDefinition } from '../../shared/resources/resource';

import { ApiRequestError, api } from '../api-client';
import { AppModal } from '../shell/app-modal.component';
import { toast } from '../shell/toasts.component';
import { useConfirmLeave } from '../shell/unsaved-changes.hook';
import { useWizard, WizardSteps } from '../shell/wizard-steps.component';
import { useRefreshResource } from './resource-api.hook';

interface ImportModalProps {
  definition: ResourceDefinition;
  onClose: () => void;
}

/** What went wrong: the server's message, and its field errors or row report when it sent them. */
type Failure = Pick<ApiErrorPayload, 'message' | 'fieldErrors'> & Partial<Pick<ImportFailure, 'errors' | 'errorCount'>>;

/**
 * Import of a CSV or XLSX file: choose the file, check the column of each field (suggested from the
 * headers) against a preview, then import — all rows, or none and the report of each row's errors.
 */
export function ImportModal({ definition, onClose }: ImportModalProps) {
  const { t } = useTranslation();
  const { slug } = definition;
  const refresh = useRefreshResource(definition);
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<ImportAnalysis | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const wizard = useWizard('file');
  const confirmLeave = useConfirmLeave();
  const fieldLabel = (name: string) => t(`resources.${slug}.fields.${name}`);

  function reset() {
    setFile(null);
    setAnalysis(null);
    setMapping({});
    setFailure(null);
    wizard.reset();
  }

  function close() {
    if (!busy) onClose();
  }

  /** Runs a request, keeping what the server says went wrong. */
  async function run(request: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await request();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? (error.payload as Failure) : { message: t('import.failed') });
    } finally {
      setBusy(false);
    }
  }

  async function choose(chosen: File | null) {
    reset();
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) return setFailure({ message: t('import.too_large') });
    await run(async () => {
      const result = await api('POST', 'api.resource.import_analyse', { params: { resource: slug }, body: chosen });
      setAnalysis(result);
      setMapping(result.mapping);
      wizard.go('mapping');
    });
  }

  async function startImport() {
    if (!file) return;
    await run(async () => {
      const result = await api('POST', 'api.resource.import', {
        params: { resource: slug },
        query: { mapping: JSON.stringify(mapping) },
        body: file,
      });
      toast.success(t('import.done', { count: result.imported }));
      onClose();
      await refresh();
    });
  }

  const columnOptions = [
    { value: '', label: t('import.no_column') },
    ...(analysis?.columns ?? []).map((column, index) => ({
      value: String(index),
      label: column || t('import.column', { number: index + 1 }),
    })),
  ];

  return (
    // A file chosen (and its columns mapped) but not imported is unsaved: closing asks first (spec 2.2).
    <AppModal
      onClose={close}
      size="xl"
      title={t('import.title', { resource: t(`resources.${slug}.label`) })}
      dirty={file !== null}
    >
      <Stack>
        <WizardSteps
          label={t('import.steps')}
          wizard={wizard}
          steps={[
            { value: 'file', label: t('import.step_file') },
            { value: 'mapping', label: t('import.step_mapping'), disabled: !analysis },
          ]}
        />
        {wizard.current === 'file' && (
          <FileInput
            label={t('import.file')}
            description={t('import.file_hint')}
            placeholder={t('import.file_placeholder')}
            accept=".csv,.xlsx"
            value={file}
            onChange={(chosen) => void choose(chosen)}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            disabled={busy}
          />
        )}

        {failure && (
          <Alert color="red" role="alert">
            {failure.message}
            {failure.errors && failure.errorCount !== undefined && failure.errorCount > failure.errors.length && (
              <Text size="sm" mt="xs">
                {t('import.report_truncated', { shown: failure.errors.length, count: failure.errorCount })}
              </Text>
            )}
          </Alert>
        )}
        {failure?.errors && (
          <Table.ScrollContainer minWidth={400} maxHeight={300} type="native">
            <Table striped stickyHeader captionSide="top">
              <Table.Caption>{t('import.report')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.row')}</Table.Th>
                  <Table.Th>{t('import.field')}</Table.Th>
                  <Table.Th>{t('import.error')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {failure.errors.map(({ row, field, message }) => (
                  <Table.Tr key={`${row}-${field}`}>
                    <Table.Td>{row}</Table.Td>
                    <Table.Td>{fieldLabel(field)}</Table.Td>
                    <Table.Td>{t(message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        {analysis && wizard.current === 'mapping' && (
          <>
            <Text>{t('import.rows', { count: analysis.rowCount })}</Text>
            <Title order={2} size="h4">
              {t('import.mapping')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('import.mapping_hint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {importableFields(definition).map(([name, def]) => (
                <NativeSelect
                  key={name}
                  label={fieldLabel(name)}
                  withAsterisk={def.required}
                  data={columnOptions}
                  value={String(mapping[name] ?? '')}
                  onChange={(event) => {
                    const { value } = event.currentTarget;
                    setMapping({ ...mapping, [name]: value === '' ? null : Number(value) });
                  }}
                  error={failure?.fieldErrors?.[name]}
                />
              ))}
            </SimpleGrid>
            <Table.ScrollContainer minWidth={400} type="native">
              <Table withTableBorder captionSide="top">
                <Table.Caption>{t('import.preview')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {analysis.columns.map((column, index) => (
                      <Table.Th key={index}>{column || t('import.column', { number: index + 1 })}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {analysis.sample.map((cells, rowIndex) => (
                    <Table.Tr key={rowIndex}>
                      {analysis.columns.map((_column, index) => (
                        <Table.Td key={index}>{cells[index] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={() => confirmLeave(close)} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void startImport()} loading={busy} disabled={!analysis}>
            {t('import.start')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
