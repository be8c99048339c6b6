import { Alert, Button, Group, Tabs } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, nobody } from '../../../shared/permissions';
import { canOnRecord, type ResourceRecordView } from '../../../shared/resources/resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { ticketComments } from '../../../shared/resources/tickets-commentaires.resource';
import { ticketDocuments } from '../../../shared/resources/tickets-documents.resource';
import { subTasks } from '../../../shared/resources/tickets-sous-taches.resource';
import { timeEntries } from '../../../shared/resources/tickets-temps.resource';
import { path } from '../../../shared/routes';
import { api, withFailureMessage } from '../../api-client';
import { ModalRecordForm } from '../../engine/resource-modal-form.component';
import { useSession } from '../../session.hook';
import { AppModal } from '../../shell/app-modal.component';
import { useDialogs } from '../../shell/dialogs.component';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { CommentsPanel } from './ticket-modal/comments.panel';
import { DocumentsPanel } from './ticket-modal/documents.panel';
import { HistoryPanel } from './ticket-modal/history.panel';
import { LinkedTicketPanel } from './ticket-modal/linked-ticket.panel';
import { SubTasksPanel } from './ticket-modal/sub-tasks.panel';
import { useRefreshTicket, useTicketError } from './ticket-modal/ticket-modal.hook';
import { TimePanel } from './ticket-modal/time.panel';
import { queryKeys } from '../../query-keys';

/** The modal's tabs besides the ticket's form, an existing ticket's only. */
const recordTabs = ['sub_tasks', 'time', 'comments', 'documents', 'linked', 'history'] as const;
/** The child resource a tab lists (under the ticket, with that resource's own permissions). */
const tabChild: Partial<Record<(typeof recordTabs)[number], string>> = {
  sub_tasks: subTasks.slug,
  time: timeEntries.slug,
  comments: ticketComments.slug,
  documents: ticketDocuments.slug,
};

/**
 * The ticket modal (spec 2.1): a new ticket of a project (ticketId null), or a ticket to edit. Its
 * opener mounts it while open and unmounts it on close; `onSaved` follows a save (and a duplication,
 * with the copy's id). A new ticket once saved stays open as the ticket it became, so that its
 * sub-tasks, time and comments can follow; the linked task opens in place.
 */
export function TicketModal({
  ticketId,
  project,
  onSaved,
  onClose,
}: {
  ticketId: number | null;
  /** A new ticket's project, with its title. */
  project?: { id: number; title: string };
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorOf = useTicketError();
  const [currentId, setCurrentId] = useState(ticketId);
  const record = useQuery({
    queryKey: queryKeys.ticket.record(currentId ?? 0),
    queryFn: () => api('GET', 'api.resource.item', { params: { resource: 'tickets', id: currentId! } }),
    enabled: currentId !== null,
  });
  const saved = (id: number) => {
    setCurrentId(id);
    onSaved(id);
  };
  const title = currentId === null ? t('resources.tickets.modal.create') : t('resources.tickets.modal.edit');
  return (
    <AppModal title={title} onClose={onClose} size="xl">
      {currentId === null ? (
        <ModalRecordForm
          definition={tickets}
          prefill={
            project
              ? { values: { project: project.id }, titles: { project: { [String(project.id)]: project.title } } }
              : undefined
          }
          failureMessage={t('tickets.errors.create')}
          onSaved={saved}
          onCancel={onClose}
        />
      ) : record.isError ? (
        <Alert color="red" role="alert">
          {errorOf(record.error, 'tickets.errors.open')}
        </Alert>
      ) : !record.data ? (
        <Loading />
      ) : (
        // Keyed by ticket: another ticket opened here (the linked one, a copy) starts on its form.
        <TicketTabs key={record.data.id} record={record.data} onSaved={saved} onOpen={setCurrentId} onClose={onClose} />
      )}
    </AppModal>
  );
}

function TicketTabs({
  record,
  onSaved,
  onOpen,
  onClose,
}: {
  record: ResourceRecordView;
  onSaved: (id: number) => void;
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  // A child's tab for whoever may list it; its form for whoever may also change the ticket and create one.
  const writable = (child: string) => canOnRecord(user, tickets, record, 'update') && can(user, child, 'create');
  const shown = recordTabs.filter((tab) => tabChild[tab] === undefined || can(user, tabChild[tab], 'list'));
  const panels = {
    sub_tasks: <SubTasksPanel ticketId={record.id} writable={writable(subTasks.slug)} />,
    time: <TimePanel ticketId={record.id} writable={writable(timeEntries.slug)} />,
    comments: <CommentsPanel ticketId={record.id} writable={writable(ticketComments.slug)} />,
    documents: <DocumentsPanel ticketId={record.id} writable={writable(ticketDocuments.slug)} />,
    linked: <LinkedTicketPanel record={record} onOpen={onOpen} />,
    history: <HistoryPanel record={record} />,
  };
  return (
    <>
      <TicketActions record={record} onCloned={onSaved} onDeleted={onClose} />
      {/* Panels stay mounted: the form keeps what was typed while another tab is looked at. */}
      <Tabs defaultValue="ticket" keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="ticket">{t('resources.tickets.modal.tabs.ticket')}</Tabs.Tab>
          {shown.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`resources.tickets.modal.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* First in the dialog: Ctrl/Cmd+S in the description's editor submits this form (the editor's own shortcut). */}
        <Tabs.Panel value="ticket">
          <ModalRecordForm
            definition={tickets}
            record={record}
            failureMessage={t('tickets.errors.update')}
            onSaved={onSaved}
            onCancel={onClose}
          />
        </Tabs.Panel>
        {shown.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            {panels[tab]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/** "Dupliquer" (clone/ajax, then the copy opens here) and "Supprimer" (the delete dialog, supprimer/ajax). */
function TicketActions({
  record,
  onCloned,
  onDeleted,
}: {
  record: ResourceRecordView;
  onCloned: (id: number) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const refresh = useRefreshTicket();
  const errorOf = useTicketError();
  const user = useSession().data?.user ?? nobody;
  const name = String(record.name);
  const clone = useMutation({
    mutationFn: () =>
      withFailureMessage(
        api('POST', 'api.tickets.clone_ajax', { params: { id: record.id } }),
        t('tickets.errors.clone'),
      ),
    onSuccess: async ({ id }) => {
      toast.success(t('resources.tickets.modal.cloned', { name }));
      await refresh();
      onCloned(id);
    },
    onError: (error) => toast.error(errorOf(error, 'tickets.errors.clone')),
  });
  const mayClone = can(user, tickets.slug, 'create');
  const mayDelete = canOnRecord(user, tickets, record, 'delete');
  if (!mayClone && !mayDelete) return null;
  return (
    <Group justify="flex-end" gap="xs" mb="sm">
      {mayClone && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconCopy size={14} aria-hidden />}
          loading={clone.isPending}
          onClick={() => clone.mutate()}
        >
          {t('resources.tickets.modal.clone')}
        </Button>
      )}
      {mayDelete && (
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() =>
            dialogs.delete(
              { body: t('resources.tickets.modal.delete_body', { name }) },
              path('api.tickets.delete_ajax', { id: record.id }),
              () => {
                void refresh();
                onDeleted();
              },
            )
          }
        >
          {t('resources.tickets.modal.delete')}
        </Button>
      )}
    </Group>
  );
}
