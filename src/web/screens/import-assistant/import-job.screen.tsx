import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  runningStatuses,
  type ImportConfig,
  type ImportJob,
  type ImportStatus,
} from '../../../shared/import-assistant/import-assistant';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useConfirmedSubmit } from '../../shell/dialogs.component';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { PageGuard } from '../../shell/page-guard.component';
import { ErrorScreen, errorStatusOfFailure } from '../../shell/error.screen';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { useConfirmLeave } from '../../shell/unsaved-changes.hook';
import { useWizard, WizardSteps } from '../../shell/wizard-steps.component';
import { ImportMapping } from './import-mapping.component';
import { ImportAdviceList, ImportProgress, ImportRejections, ImportResultsTable } from './import-results.component';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** The wizard's step for a job's status: where its page opens, and where it moves when a run ends. */
function stepOf(job: ImportJob): 'mapping' | 'simulation' | 'import' {
  if (job.run === 'import' && job.status !== 'undone') return 'import';
  if (job.run === 'simulation' && job.status !== 'failed') return 'simulation';
  return job.status === 'undone' ? 'import' : 'mapping';
}

/** Polls the job while it runs in the background (once a second), as long as the page is open. */
function useJob(id: number) {
  return useQuery({
    queryKey: queryKeys.importJob(id),
    queryFn: () => api('GET', 'api.import_jobs.item', { params: { id } }),
    refetchInterval: (query) => (query.state.data && runningStatuses.includes(query.state.data.status) ? 1000 : false),
  });
}

/** The steps of a job's page: mapping, simulation (dry run), import; the file step leads to a new import. */
function ImportWizard({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const wizard = useWizard(stepOf(job));
  const confirmLeave = useConfirmLeave();
  // A step clicked leaves the mapping's form (unmounted): asked first when it holds unsaved data.
  const steps = { ...wizard, go: (step: string) => confirmLeave(() => wizard.go(step)) };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // When a run ends, the wizard moves on to the step that shows it.
  const [shownStatus, setShownStatus] = useState<ImportStatus>(job.status);
  if (shownStatus !== job.status) {
    setShownStatus(job.status);
    if (stepOf(job) !== wizard.current) wizard.go(stepOf(job));
  }
  const running = runningStatuses.includes(job.status);
  const imported = job.run === 'import' && job.status !== 'failed';

  async function send(request: () => Promise<ImportJob>) {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      queryClient.setQueryData(queryKeys.importJob(job.id), await request());
    } catch (caught) {
      const payload = caught instanceof ApiRequestError ? caught.payload : null;
      setError(payload?.message ?? t('errors.generic'));
      setFieldErrors(payload?.fieldErrors ?? {});
    } finally {
      setBusy(false);
    }
  }
  const simulate = (config: ImportConfig) =>
    send(() => api('POST', 'api.import_jobs.simulate', { params: { id: job.id }, body: config }));
  const runImport = () => send(() => api('POST', 'api.import_jobs.run', { params: { id: job.id } }));
  const undo = useConfirmedSubmit(
    {
      title: t('import_assistant.undo_title'),
      body: t('import_assistant.undo_body'),
      confirmLabel: t('import_assistant.undo_confirm'),
      cancelLabel: t('import_assistant.undo_cancel'),
    },
    () =>
      void send(async () => {
        const undone = await api('POST', 'api.import_jobs.undo', { params: { id: job.id } });
        toast.success(t('import_assistant.undone'));
        return undone;
      }),
  );

  return (
    <Stack>
      <WizardSteps
        label={t('import_assistant.steps.label')}
        wizard={steps}
        steps={[
          { value: 'file', label: t('import_assistant.steps.file'), disabled: true },
          { value: 'mapping', label: t('import_assistant.steps.mapping'), disabled: running || imported },
          {
            value: 'simulation',
            label: t('import_assistant.steps.simulation'),
            disabled: job.run === null || imported,
          },
          { value: 'import', label: t('import_assistant.steps.import'), disabled: job.run !== 'import' },
        ]}
      />
      <Text>
        {t('import_assistant.file_name', { file: job.fileName })} —{' '}
        <Anchor component={Link} to={path('admin.import_assistant')}>
          {t('import_assistant.new_import')}
        </Anchor>
      </Text>
      {job.status === 'failed' && job.error && (
        <Alert color="red" role="alert">
          {job.error}
        </Alert>
      )}

      {wizard.current === 'mapping' && (
        <ImportMapping
          job={job}
          busy={busy}
          error={error}
          fieldErrors={fieldErrors}
          onSimulate={(config) => void simulate(config)}
        />
      )}

      {wizard.current === 'simulation' && (
        <Stack>
          <Title order={2} size="h3">
            {t('import_assistant.steps.simulation')}
          </Title>
          {job.status === 'simulating' && <ImportProgress job={job} />}
          {job.status === 'simulated' && (
            <>
              <ImportResultsTable job={job} />
              <ImportRejections job={job} />
              <Text size="sm" c="dimmed">
                {t('import_assistant.run_hint')}
              </Text>
              <FormErrorAlert error={error} />
              <Group>
                <Button variant="default" onClick={() => wizard.go('mapping')}>
                  {t('import_assistant.remap')}
                </Button>
                <Button onClick={() => void runImport()} loading={busy}>
                  {t('import_assistant.run')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}

      {wizard.current === 'import' && (
        <Stack>
          <Title order={2} size="h3">
            {t('import_assistant.steps.import')}
          </Title>
          <Text fw={500}>{t(`import_assistant.status.${job.status}`)}</Text>
          {job.status === 'importing' && <ImportProgress job={job} />}
          {(job.status === 'imported' || job.status === 'failed' || job.status === 'undone') &&
            job.run === 'import' && (
              <>
                <ImportResultsTable job={job} />
                {job.status !== 'undone' && <ImportRejections job={job} />}
              </>
            )}
          <FormErrorAlert error={error} />
          {job.canUndo && (
            <form onSubmit={undo}>
              <Button type="submit" color="red" variant="light" loading={busy}>
                {t('import_assistant.undo')}
              </Button>
            </form>
          )}
        </Stack>
      )}
      <ImportAdviceList />
    </Stack>
  );
}

/** import-individus/{id}: one file's import, where it stands, even after the page was left. */
export function ImportJobScreen() {
  return (
    <PageGuard page="admin.import_assistant">
      <ImportJobPage />
    </PageGuard>
  );
}

function ImportJobPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const job = useJob(id);
  useDocumentTitle(t('import_assistant.title'));
  if (job.error) return <ErrorScreen status={errorStatusOfFailure(job.error)} />;
  return (
    <Stack>
      <ScreenHeader
        title={job.data ? t('import_assistant.job_title', { file: job.data.fileName }) : t('import_assistant.title')}
      />
      {job.isPending && <Loading />}
      {job.data && <ImportWizard key={job.data.id} job={job.data} />}
    </Stack>
  );
}
