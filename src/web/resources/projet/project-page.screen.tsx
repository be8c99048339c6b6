import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { can, nobody } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { findResource } from '../../../shared/resources/registry';
import { canOnRecord, recordTitle, type ResourceRecordView } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { ChildPanel } from '../../engine/child-panels.component';
import { CreateInModalContext } from '../../engine/create-in-modal.hook';
import { RecordDetails } from '../../engine/record-details.component';
import { RecordHistory } from '../../engine/record-history.component';
import { CreateInModalButton } from '../../engine/resource-create.modal';
import { useResourceRecord } from '../../engine/resource-api.hook';
import { asksCloneDialog } from '../../engine/web-module';
import { ModalRecordForm } from '../../engine/resource-modal-form.component';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ErrorScreen } from '../../shell/error.screen';
import { Loading } from '../../shell/loading.component';
import { useConfirmLeave } from '../../shell/unsaved-changes.hook';
import { ProjectFailure } from '../tickets/project-failure.component';
import { ProjectDocumentsPanel } from './documents.panel';
import { DocumentExportPanel } from './document-export.panel';
import { ProjectFormsPanel } from './forms.panel';
import { UpcomingMeetingsPanel } from './upcoming-meetings.panel';
import { ProjectHeader } from './project-header.component';
import { OverviewPanel } from './overview.panel';
import { ProjectMediaWatch } from '../veille-media/media-watch.panel';
import { ProjectCloneDialog } from './project-list-actions.component';

// The gantt (frappe-gantt) and the time report load with their tab only.
const ProjectGanttPanel = lazy(async () => ({ default: (await import('./gantt.panel')).ProjectGanttPanel }));
const ProjectTimeReportPanel = lazy(async () => ({
  default: (await import('./time-report.panel')).ProjectTimeReportPanel,
}));

interface TabProps {
  record: ResourceRecordView;
}

/** The project's board, loaded with its tab (drag and drop comes with it). */
const TicketBoard = lazy(async () => ({
  default: (await import('../tickets/ticket-board.component')).TicketBoard,
}));

/** A child resource's panel (co-owners, partners, advice acts), its records changed in place. */
const childTab =
  (slug: string): ComponentType<TabProps> =>
  ({ record }) => <ChildPanel parent={projects} record={record} child={findResource(slug)!} />;

/** Mails sent or scheduled for the project, with the mail form: loaded with their tab (tiptap comes with the form). */
const ProjectMailsPanel = lazy(async () => ({ default: (await import('./project-mails.panel')).ProjectMailsPanel }));
const mailsTab =
  (route: 'api.projects.sent_emails' | 'api.projects.scheduled_emails'): ComponentType<TabProps> =>
  ({ record }) => (
    <Suspense fallback={<Loading />}>
      <ProjectMailsPanel record={record} route={route} />
    </Suspense>
  );

/** The project's meetings ahead (tickets), for whoever may list the tickets. */
function MaybeUpcomingMeetings({ projectId }: { projectId: number }) {
  const user = useSession().data?.user ?? nobody;
  return can(user, 'tickets', 'list') ? <UpcomingMeetingsPanel projectId={projectId} /> : null;
}

/** The tab "Références": the project's fields in the engine's form, saved in place. */
function ReferencesTab({ record }: TabProps) {
  const navigate = useNavigate();
  const user = useSession().data?.user ?? nobody;
  if (!canOnRecord(user, projects, record, 'update')) return <RecordDetails definition={projects} record={record} />;
  return (
    <ModalRecordForm
      definition={projects}
      record={record}
      onSaved={() => undefined}
      onCancel={() => void navigate({ hash: 'apercu' }, { replace: true })}
    />
  );
}

/** The tab "Kanban et formulaires": the project's board, then its forms, read only for whoever may not change it. */
function BoardAndFormsTab({ record }: TabProps) {
  const user = useSession().data?.user ?? nobody;
  return (
    <Stack>
      <Suspense fallback={<Loading />}>
        <TicketBoard project={{ id: record.id, title: recordTitle(projects, record) }} />
      </Suspense>
      <ProjectFormsPanel projectId={record.id} readOnly={!canOnRecord(user, projects, record, 'update')} />
    </Stack>
  );
}

/** The tab "Export": the project as a CSV or Excel file (export-projet-selection), or a document from a template file. */
function ExportTab({ record }: TabProps) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  if (!can(user, 'projet', 'export')) return <Text size="sm">{t('errors.forbidden')}</Text>;
  return (
    <Stack>
      <Group>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            component="a"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            href={path('api.projects.export_selection', { ids: record.id, format })}
            download
          >
            {t(`resources.projet.page.export_${format}`)}
          </Button>
        ))}
      </Group>
      <DocumentExportPanel projectId={record.id} />
    </Stack>
  );
}

/**
 * The page's tabs, in the spec's order; each is the address's hash when active (spec 2.2). `lists`:
 * the resources whose records it shows, which the server gives to whoever may list them only.
 */
const tabs: { name: string; lists?: string[]; Component: ComponentType<TabProps> }[] = [
  { name: 'apercu', Component: ({ record }) => <OverviewPanel projectId={record.id} /> },
  { name: 'references', Component: ReferencesTab },
  { name: 'kanban-formulaires', Component: BoardAndFormsTab },
  {
    name: 'gantt',
    lists: ['tickets'],
    Component: ({ record }) => (
      <Suspense fallback={<Loading />}>
        <ProjectGanttPanel project={record} />
      </Suspense>
    ),
  },
  {
    name: 'historique',
    Component: ({ record }) => (
      <Stack>
        <MaybeUpcomingMeetings projectId={record.id} />
        <RecordHistory definition={projects} record={record} />
      </Stack>
    ),
  },
  { name: 'coporteurs', Component: childTab('coporteurs-projet') },
  { name: 'partenaires', Component: childTab('partenaires-projet') },
  { name: 'conseils', Component: childTab('commentaires-projet') },
  { name: 'mails-envoyes', Component: mailsTab('api.projects.sent_emails') },
  { name: 'mails-programmes', Component: mailsTab('api.projects.scheduled_emails') },
  { name: 'export', Component: ExportTab },
  {
    name: 'documents',
    lists: ['piece-jointe'],
    Component: ({ record }) => <ProjectDocumentsPanel projectId={record.id} />,
  },
  {
    name: 'temps',
    lists: ['tickets', 'tickets-temps'],
    Component: ({ record }) => (
      <Suspense fallback={<Loading />}>
        <ProjectTimeReportPanel projectId={record.id} />
      </Suspense>
    ),
  },
  { name: 'veille-media', lists: ['veille-media'], Component: ({ record }) => <ProjectMediaWatch record={record} /> },
];

/**
 * projet/voir-ou-editer/{id}: the project's header, then one tab per panel; only the active tab is
 * mounted, so each visible tab makes its own request and no other.
 */
export function ProjectPageScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { hash, state } = useLocation();
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const user = useSession().data?.user ?? nobody;
  const { data: record, isError, error } = useResourceRecord(projects, id);
  useDocumentTitle(record ? recordTitle(projects, record) : t('resources.projet.singular'));
  if (!can(user, 'projet', 'show')) return <ErrorScreen status={403} />;
  if (isError) return <ProjectFailure error={error} />;
  if (!record) return <Loading />;
  const active = tabs.some(({ name }) => name === hash.slice(1)) ? hash.slice(1) : 'apercu';
  return (
    <CreateInModalContext.Provider value={CreateInModalButton}>
      <Stack>
        <ProjectHeader record={record} />
        {/* Reached by the old clone form's address (dupliquer/{id}): the copy is the server's, confirmed here. */}
        {asksCloneDialog(state) && (
          <ProjectCloneDialog
            id={record.id}
            title={recordTitle(projects, record)}
            onClose={() => void navigate({ hash }, { replace: true, state: null })}
          />
        )}
        <Tabs
          value={active}
          keepMounted={false}
          // Only the active tab is mounted: leaving one whose form holds unsaved data asks first (spec 2.2).
          onChange={(name) => name && confirmLeave(() => void navigate({ hash: name }, { replace: true }))}
        >
          <Tabs.List mb="md" aria-label={t('resources.projet.page.tabs_label')}>
            {tabs.map(({ name }) => (
              <Tabs.Tab key={name} value={name}>
                {t(`resources.projet.page.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ name, lists = [], Component }) => (
            <Tabs.Panel key={name} value={name}>
              {lists.every((slug) => can(user, slug, 'list')) ? (
                <Component record={record} />
              ) : (
                <Text size="sm">{t('errors.forbidden')}</Text>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </CreateInModalContext.Provider>
  );
}
