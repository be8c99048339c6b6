import { Alert, Button, Group, SimpleGrid, Tabs, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../shared/i18n/format';
import { can, nobody } from '../../../shared/permissions';
import { canOnRecord, formTabs, type ResourceRecordView } from '../../../shared/resources/resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { ticketComments } from '../../../shared/resources/tickets-commentaires.resource';
import { ticketDocuments } from '../../../shared/resources/tickets-documents.resource';
import { subTasks } from '../../../shared/resources/tickets-sous-taches.resource';
import { timeEntries } from '../../../shared/resources/tickets-temps.resource';
import { path } from '../../../shared/routes';
import { api, withFailureMessage } from '../../api-client';
import { addLabel } from '../../engine/add-label';
import { FieldValue } from '../../engine/field-value.component';
import type { ExtraTab } from '../../engine/resource-fields.component';
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

/** The modal's tabs besides the ticket's fields, an existing ticket's only, in the fields' row. */
const recordTabs = ['sub_tasks', 'time', 'comments', 'documents', 'history'] as const;
/** The child resource a tab lists (under the ticket, with that resource's own permissions). */
const tabChild: Partial<Record<(typeof recordTabs)[number], string>> = {
  sub_tasks: subTasks.slug,
  time: timeEntries.slug,
  comments: ticketComments.slug,
  documents: ticketDocuments.slug,
};
/** The fields' tab that names the linked ticket, under which the button opening it stands. */
const LINKS_TAB = 'links';

/**
 * The ticket modal (spec 2.1): a new ticket of a project (ticketId null), or a ticket to edit. Its
 * opener mounts it while open and unmounts it on close; `onSaved` follows a save (and a duplication,
 * with the copy's id). A new ticket once saved stays open as the ticket it became, so that its
 * sub-tasks, time and comments can follow; the linked task opens in place, and `onShown` tells the
 * opener which ticket is shown (the address names it).
 */
export function TicketModal({
  ticketId,
  project,
  onSaved,
  onShown,
  onClose,
}: {
  ticketId: number | null;
  /** A new ticket's project, with its title. */
  project?: { id: number; title: string };
  onSaved: (id: number) => void;
  onShown?: (id: number) => void;
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
  const show = (id: number) => {
    setCurrentId(id);
    onShown?.(id);
  };
  const saved = (id: number) => {
    setCurrentId(id);
    onSaved(id);
  };
  const user = useSession().data?.user ?? nobody;
  const title =
    currentId === null
      ? addLabel(t, tickets.slug)
      : record.data && !canOnRecord(user, tickets, record.data, 'update')
        ? t('resources.tickets.modal.view')
        : t('resources.tickets.modal.edit');
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
        <TicketTabs key={record.data.id} record={record.data} onSaved={saved} onOpen={show} onClose={onClose} />
      )}
    </AppModal>
  );
}

/** Where the ticket stands: its step and its status, and whose project it is (its card says), above its tabs. */
function TicketPlace({ record }: { record: ResourceRecordView }) {
  const { t } = useTranslation();
  const card = useQuery({
    queryKey: queryKeys.ticket.card(record.id),
    queryFn: () => api('GET', 'api.tickets.card', { params: { id: record.id } }),
  });
  const step = typeof record.step === 'number' ? (record.titles.step?.[String(record.step)] ?? null) : null;
  const status = typeof record.status === 'string' ? t(`resources.tickets.choices.status.${record.status}`) : null;
  const place = [
    ['step', t(`resources.tickets.fields.step`), step ?? t('engine.none')],
    ['status', t(`resources.tickets.fields.status`), status ?? t('engine.none')],
    ...(card.data?.project.owner
      ? [['owner', t('resources.tickets.modal.project_owner'), card.data.project.owner]]
      : []),
  ] as const;
  return (
    <Group component="dl" gap="lg" m={0} mb="sm">
      {place.map(([name, label, value]) => (
        <Group key={name} gap={6}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * An existing ticket: its place, its actions, then one row of tabs — its fields' (a form for whoever
 * may change it, their values for anyone else), then its sub-tasks, time, comments, documents and
 * history.
 */
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
  const mayUpdate = canOnRecord(user, tickets, record, 'update');
  // A child's tab for whoever may list it; its form for whoever may also change the ticket and create one.
  const writable = (child: string) => mayUpdate && can(user, child, 'create');
  const shown = recordTabs.filter((tab) => tabChild[tab] === undefined || can(user, tabChild[tab], 'list'));
  const panels = {
    sub_tasks: <SubTasksPanel ticketId={record.id} writable={writable(subTasks.slug)} />,
    time: <TimePanel ticketId={record.id} writable={writable(timeEntries.slug)} />,
    comments: <CommentsPanel ticketId={record.id} writable={writable(ticketComments.slug)} />,
    documents: <DocumentsPanel ticketId={record.id} writable={writable(ticketDocuments.slug)} />,
    history: <HistoryPanel record={record} />,
  };
  const extraTabs: ExtraTab[] = [
    // Under the linked ticket's fields, the button opening it.
    { name: LINKS_TAB, label: '', panel: <LinkedTicketPanel record={record} onOpen={onOpen} /> },
    ...shown.map((tab) => ({ name: tab, label: t(`resources.tickets.modal.tabs.${tab}`), panel: panels[tab] })),
  ];
  return (
    <>
      <TicketPlace record={record} />
      <TicketActions record={record} onCloned={onSaved} onDeleted={onClose} />
      {mayUpdate ? (
        // One row of tabs, the form's first (the description's Ctrl/Cmd+S submits it); every panel stays
        // mounted: the form keeps what was typed while another tab is looked at.
        <ModalRecordForm
          definition={tickets}
          record={record}
          failureMessage={t('tickets.errors.update')}
          extraTabs={extraTabs}
          onSaved={onSaved}
          onCancel={onClose}
        />
      ) : (
        <TicketReadOnlyTabs record={record} extraTabs={extraTabs} />
      )}
    </>
  );
}

/** The ticket's fields as values, in the tabs the form would have, and the same tabs after them. */
function TicketReadOnlyTabs({ record, extraTabs }: { record: ResourceRecordView; extraTabs: ExtraTab[] }) {
  const { t } = useTranslation();
  const tabs = formTabs(tickets);
  const ownTabs = extraTabs.filter(({ name }) => !tabs.some(({ tab }) => tab === name));
  return (
    <Tabs defaultValue={tabs[0]!.tab} keepMounted>
      <Tabs.List mb="md">
        {[...tabs.map(({ tab }) => ({ name: tab, label: t(`resources.tickets.tabs.${tab}`) })), ...ownTabs].map(
          ({ name, label }) => (
            <Tabs.Tab key={name} value={name}>
              {label}
            </Tabs.Tab>
          ),
        )}
      </Tabs.List>
      {tabs.map(({ tab, fields }) => (
        <Tabs.Panel key={tab} value={tab}>
          <SimpleGrid cols={{ base: 1, md: 2 }} component="dl" mt={0}>
            {fields.map(([name, def]) => (
              <div key={name}>
                <Text component="dt" size="sm" fw={700}>
                  {/* The estimate as its input shows it: a duration, not minutes. */}
                  {t(
                    name === 'estimate' ? 'resources.tickets.estimate_input.label' : `resources.tickets.fields.${name}`,
                  )}
                </Text>
                <Text component="dd" m={0}>
                  {name === 'estimate' && typeof record.estimate === 'number' ? (
                    formatDuration(record.estimate)
                  ) : (
                    <FieldValue slug={tickets.slug} name={name} def={def} value={record[name]} titles={record.titles} />
                  )}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {extraTabs.find(({ name }) => name === tab)?.panel}
        </Tabs.Panel>
      ))}
      {ownTabs.map(({ name, panel }) => (
        <Tabs.Panel key={name} value={name}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
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
