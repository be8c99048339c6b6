import { Alert, Button, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHARACTERISTIC_PREFIX,
  importAdvice,
  importSteps,
  type ImportJob,
  type ImportStep,
} from '../../../shared/import-assistant/import-assistant';

import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';

/** The step reports' routes (structures-ajax, territoires-ajax, individus-ajax). */
const stepRoutes: Record<
  ImportStep,
  | 'api.import_jobs.structures'
  | 'api.import_jobs.territories'
  | 'api.import_jobs.individuals'
  | 'api.import_jobs.projects'
> = {
  structures: 'api.import_jobs.structures',
  territoires: 'api.import_jobs.territories',
  individus: 'api.import_jobs.individuals',
  projets: 'api.import_jobs.projects',
};

/** Spec 9: the rows processed out of the total, for the step under way. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const step = job.step ? t(`import_assistant.step_names.${job.step}`) : '';
  const text = t('import_assistant.progress', { step, processed: job.processed, total: job.total });
  return (
    <Stack gap="xs">
      <Text role="status" fw={500}>
        {text}
      </Text>
      <Progress
        value={job.total === 0 ? 0 : (100 * job.processed) / job.total}
        aria-label={t('import_assistant.progress_label')}
        animated
      />
      <Text size="sm" c="dimmed">
        {t('import_assistant.running_hint')}
      </Text>
    </Stack>
  );
}

/** What each step created, updated and refused (a simulation: would create, would update). */
export function ImportResultsTable({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const simulation = job.run === 'simulation';
  const steps = importSteps.filter((step) => job.results[step]);
  return (
    <Table withTableBorder captionSide="top" maw={640}>
      <Table.Caption>{t(`import_assistant.results.${simulation ? 'simulation' : 'import'}`)}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('import_assistant.results.step')}</Table.Th>
          <Table.Th>{t(`import_assistant.results.${simulation ? 'to_create' : 'created'}`)}</Table.Th>
          <Table.Th>{t(`import_assistant.results.${simulation ? 'to_update' : 'updated'}`)}</Table.Th>
          <Table.Th>{t('import_assistant.results.rejected')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {steps.map((step) => (
          <Table.Tr key={step}>
            <Table.Th scope="row">{t(`import_assistant.step_names.${step}`)}</Table.Th>
            <Table.Td>{job.results[step]!.created}</Table.Td>
            <Table.Td>{job.results[step]!.updated}</Table.Td>
            <Table.Td>{job.results[step]!.rejected}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A step's refused rows, a page at a time, each with its reason and the advice that goes with it. */
function StepRejections({ job, step }: { job: ImportJob; step: ImportStep }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const report = useQuery({
    queryKey: queryKeys.importReport(job.id, step, job.run, job.finishedAt, page),
    queryFn: () => api('GET', stepRoutes[step], { params: { id: job.id }, query: { page: String(page) } }),
  });
  const rejections = report.data?.rejections ?? [];
  const fieldLabel = (field: string | null) =>
    field === null
      ? t('import_assistant.rejections.whole_row')
      : field.startsWith(CHARACTERISTIC_PREFIX)
        ? t('resources.templates-import.choices.field.characteristic', {
            name: field.slice(CHARACTERISTIC_PREFIX.length),
          })
        : t(`resources.templates-import.choices.field.${field}`);
  const title = t('import_assistant.rejections.title', { step: t(`import_assistant.step_names.${step}`) });
  if (report.isSuccess && rejections.length === 0 && page === 1) return null;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={600} maxHeight={400} type="native">
        <Table striped stickyHeader captionSide="top">
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import_assistant.rejections.row')}</Table.Th>
              <Table.Th>{t('import_assistant.rejections.field')}</Table.Th>
              <Table.Th>{t('import_assistant.rejections.reason')}</Table.Th>
              <Table.Th>{t('import_assistant.rejections.advice')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rejections.map(({ row, field, message, advice }, index) => (
              <Table.Tr key={`${row}-${index}`}>
                <Table.Td>{row}</Table.Td>
                <Table.Td>{fieldLabel(field)}</Table.Td>
                <Table.Td>{message}</Table.Td>
                <Table.Td>{t(`import_assistant.advice.${advice}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(page > 1 || rejections.length === report.data?.pageSize) && (
        <Group>
          <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('import_assistant.rejections.previous')}
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={rejections.length < (report.data?.pageSize ?? 0)}
            onClick={() => setPage(page + 1)}
          >
            {t('import_assistant.rejections.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Every step's refused rows. */
export function ImportRejections({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const steps = importSteps.filter((step) => job.results[step]);
  if (steps.every((step) => job.results[step]!.rejected === 0)) {
    return <Text c="dimmed">{t('import_assistant.rejections.none')}</Text>;
  }
  return (
    <Stack>
      {steps
        .filter((step) => job.results[step]!.rejected > 0)
        .map((step) => (
          <StepRejections key={step} job={job} step={step} />
        ))}
    </Stack>
  );
}

/** Spec 5's import advice. */
export function ImportAdviceList() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="blue"
      title={
        <Title order={2} size="h5">
          {t('import_assistant.advice.title')}
        </Title>
      }
    >
      <List size="sm" spacing={2}>
        {importAdvice.map((advice) => (
          <List.Item key={advice}>{t(`import_assistant.advice.${advice}`)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
