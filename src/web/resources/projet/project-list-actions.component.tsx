import { Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { recordTitle, type ResourceRecord } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { api, ApiRequestError } from '../../api-client';
import { useListContext } from '../../engine/list/list-context.hook';
import { RowAction } from '../../engine/list/row-actions.component';
import { queryKeys } from '../../query-keys';
import { AppModal } from '../../shell/app-modal.component';
import { saveFile } from '../../shell/save-file';
import { toast } from '../../shell/toasts.component';
import { DocumentsZipButton } from './documents-zip.modal';
import { useProjectStates } from './project-states.hook';

// The mailing's modal (and the date picker it holds) loads with its first opening.
const MailingModal = lazy(async () => ({ default: (await import('./mailing.modal')).MailingModal }));

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

/** The list row's "Dupliquer": the clone dialog. */
export function ProjectCloneAction({ record, title }: { record: ResourceRecord; title: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <RowAction
        label={t('engine.row_clone', { title })}
        icon={<IconCopy size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      />
      {opened && <ProjectCloneDialog id={record.id} title={title} onClose={() => setOpened(false)} />}
    </>
  );
}

/**
 * A project's copy, confirmed: a dialog saying what the copy takes and leaves (its name, today's
 * date, the starting state; co-owners, partners and characteristics copied; documents, acts,
 * tickets, internal notes and history not), then dupliquer/{id} and the copy's page. The list's
 * row opens it, and so does the project's page reached by the old clone form's address.
 */
export function ProjectCloneDialog({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function clone() {
    setBusy(true);
    try {
      const copy = await api('POST', 'api.projects.clone', { params: { id } });
      toast.success(copy.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') });
      void navigate(path('admin.projects.page', { id: copy.id }));
    } catch (error) {
      toast.error(errorMessage(error, t('projects.errors.clone')));
      setBusy(false);
      onClose();
    }
  }

  return (
    <AppModal title={t('projects.clone.confirm_title', { title })} onClose={() => !busy && onClose()}>
      <Stack>
        <Text>{t('projects.clone.confirm_body', { title })}</Text>
        <List size="sm">
          <List.Item>{t('projects.clone.copied')}</List.Item>
          <List.Item>{t('projects.clone.not_copied')}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void clone()} loading={busy}>
            {t('projects.clone.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/**
 * The project list's own batch actions beside the engine's delete: the selection put in a state
 * (chosen in the states' order, confirmed, all or none: actions-groupes/change-etat), and the
 * selection exported as CSV or Excel (export-projet-selection), each for whoever may do it.
 */
export function ProjectBatchActions() {
  const { user, selection, refresh } = useListContext();
  const ids = [...selection.selected];
  return (
    <Group align="flex-end">
      {can(user, 'projet', 'update') && <BatchState ids={ids} onDone={refresh} clear={selection.clear} />}
      {can(user, 'projet', 'export') && <BatchExport ids={ids} />}
      {can(user, 'projet', 'update') && can(user, 'template-email', 'show') && <BatchMailing ids={ids} />}
    </Group>
  );
}

/**
 * "Publipostage": the ticked projects' owners written to from a template, or the whole filtered
 * list's when no row is ticked (mailing.modal.tsx).
 */
function BatchMailing({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const { items, refresh, selection, query, page } = useListContext();
  const [opened, setOpened] = useState(false);
  const titled = ids.map((id) => {
    const record = items.find((item) => item.id === id);
    return { id, title: record ? recordTitle(projects, record) : t('mailUi.mailing.project', { id }) };
  });
  const total = page?.total ?? 0;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} aria-hidden />}
        onClick={() => (ids.length === 0 && total === 0 ? toast.error(t('batch.no_items')) : setOpened(true))}
      >
        {t('mailUi.mailing.open')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <MailingModal
            projects={titled}
            filtered={{
              query,
              total,
              shown: items.map((record) => ({ id: record.id, title: recordTitle(projects, record) })),
            }}
            onClose={() => setOpened(false)}
            onSent={() => {
              selection.clear();
              void refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function BatchState({ ids, onDone, clear }: { ids: number[]; onDone: () => Promise<void>; clear: () => void }) {
  const { t } = useTranslation();
  const { data: states = [] } = useProjectStates();
  const [state, setState] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const chosen = states.find((candidate) => String(candidate.id) === state);

  function ask() {
    if (!chosen) return toast.error(t('projects.batch.choose_state'));
    if (ids.length === 0) return toast.error(t('batch.no_items'));
    setConfirming(true);
  }

  async function apply() {
    if (!chosen) return;
    setBusy(true);
    try {
      const { message } = await api('POST', 'api.projects.batch_state', {
        params: { etat: chosen.id },
        body: { ids },
      });
      toast.success(message);
      clear();
      await onDone();
    } catch (error) {
      toast.error(errorMessage(error, t('errors.batch')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Select
        label={t('projects.batch.state')}
        placeholder={t('engine.batch_choose')}
        data={states.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        value={state}
        onChange={setState}
        clearable
      />
      <Button variant="default" onClick={ask}>
        {t('projects.batch.change_state')}
      </Button>
      {confirming && chosen && (
        <AppModal
          title={t('projects.batch.confirm_state', { count: ids.length, state: chosen.name })}
          onClose={() => !busy && setConfirming(false)}
        >
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void apply()} loading={busy}>
              {t('projects.batch.change_state')}
            </Button>
          </Group>
        </AppModal>
      )}
    </>
  );
}

function BatchExport({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<'csv' | 'xlsx' | null>(null);

  async function download(format: 'csv' | 'xlsx') {
    if (ids.length === 0) return toast.error(t('batch.no_items'));
    setRunning(format);
    try {
      const response = await fetch(path('api.projects.export_selection', { ids: ids.join(','), format }));
      if (!response.ok) throw new Error(String(response.status));
      saveFile(response, [await response.arrayBuffer()], `projets.${format}`);
      toast.success(
        t('projects.batch.exported', { count: Number(response.headers.get('x-total-count') ?? ids.length) }),
      );
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setRunning(null);
    }
  }

  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={running === format}
          onClick={() => void download(format)}
        >
          {t(`projects.batch.export_${format}`)}
        </Button>
      ))}
      <DocumentsZipButton ids={ids} />
    </>
  );
}
