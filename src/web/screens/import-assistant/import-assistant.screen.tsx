import { Anchor, Badge, FileInput, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ASSISTANT_MAX_BYTES } from '../../../shared/import-assistant/import-assistant';
import { formatDateTime } from '../../../shared/i18n/format';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { PageGuard } from '../../shell/page-guard.component';
import { ScreenHeader } from '../../shell/screen-header.component';
import { useWizard, WizardSteps } from '../../shell/wizard-steps.component';
import { ImportAdviceList } from './import-results.component';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** The imports made before, newest first, each leading to its page. */
function ImportHistory() {
  const { t } = useTranslation();
  const jobs = useQuery({
    queryKey: queryKeys.importJobs,
    queryFn: () => api('GET', 'api.import_jobs.collection'),
  });
  if (!jobs.data) return <Loading size="sm" />;
  if (jobs.data.length === 0) return <Text c="dimmed">{t('import_assistant.history_empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={500} type="native">
      <Table striped captionSide="top">
        <Table.Caption>{t('import_assistant.history')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import_assistant.history_file')}</Table.Th>
            <Table.Th>{t('import_assistant.history_date')}</Table.Th>
            <Table.Th>{t('import_assistant.history_status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>
                <Anchor component={Link} to={path('admin.import_assistant.job', { id: job.id })}>
                  {job.fileName}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDateTime(new Date(job.createdAt))}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={job.status === 'failed' ? 'red' : job.status === 'imported' ? 'green' : 'gray'}
                >
                  {t(`import_assistant.status.${job.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * import-individus: the import assistant's first step — send an XLSX or CSV file (checked on the
 * server: a spreadsheet, not empty, not a zip bomb) — and the imports made before.
 */
export function ImportAssistantScreen() {
  return (
    <PageGuard page="admin.import_assistant">
      <NewImport />
    </PageGuard>
  );
}

function NewImport() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wizard = useWizard('file');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('import_assistant.title'));

  async function choose(chosen: File | null) {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    if (chosen.size > ASSISTANT_MAX_BYTES) return setError(t('import_assistant.errors.too_large'));
    setBusy(true);
    try {
      const { job } = await api('POST', 'api.import_assistant.upload', { query: { nom: chosen.name }, body: chosen });
      await navigate(path('admin.import_assistant.job', { id: job.id }));
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : t('errors.generic'));
      setBusy(false);
    }
  }

  return (
    <Stack>
      <ScreenHeader title={t('import_assistant.title')} />
      <Text>{t('import_assistant.intro')}</Text>
      <Text>
        {t('import_assistant.project_intro')}{' '}
        <Anchor href={path('api.import_assistant.project_template')} download>
          {t('import_assistant.project_template')}
        </Anchor>
      </Text>
      <WizardSteps
        label={t('import_assistant.steps.label')}
        wizard={wizard}
        steps={[
          { value: 'file', label: t('import_assistant.steps.file') },
          { value: 'mapping', label: t('import_assistant.steps.mapping'), disabled: true },
          { value: 'simulation', label: t('import_assistant.steps.simulation'), disabled: true },
          { value: 'import', label: t('import_assistant.steps.import'), disabled: true },
        ]}
      />
      <FileInput
        label={t('import_assistant.file')}
        description={t('import_assistant.file_hint')}
        placeholder={t('import_assistant.file_placeholder')}
        accept=".csv,.xlsx"
        value={file}
        onChange={(chosen) => void choose(chosen)}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        disabled={busy}
        maw={480}
      />
      {busy && (
        <Text role="status" size="sm">
          {t('import_assistant.reading')}
        </Text>
      )}
      <FormErrorAlert error={error} />
      <ImportAdviceList />
      <Title order={2} size="h3">
        {t('import_assistant.history')}
      </Title>
      <ImportHistory />
    </Stack>
  );
}
