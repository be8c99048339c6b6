import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { can, nobody } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { recordTitle } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { useResourceRecord } from '../../engine/resource-api.hook';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ErrorScreen } from '../../shell/error.screen';
import { ScreenHeader } from '../../shell/screen-header.component';
import { ProjectFailure } from './project-failure.component';
import { TicketBoard } from './ticket-board.component';

/**
 * tickets/kanban/{projet}: one project's board, its name leading to the project's page. The board
 * is asked for at once, alongside the project (not after it).
 */
export function ProjectBoardScreen() {
  const { t } = useTranslation();
  const { projet } = useParams();
  const user = useSession().data?.user ?? nobody;
  const { data: record, isError, error } = useResourceRecord(projects, projet);
  const title = t('resources.tickets.board.title_project');
  const name = record ? recordTitle(projects, record) : '';
  useDocumentTitle(name ? `${title} – ${name}` : title);
  const id = Number(projet);
  if (!can(user, 'tickets', 'list')) return <ErrorScreen status={403} />;
  if (isError) return <ProjectFailure error={error} />;
  if (!Number.isInteger(id)) return <ErrorScreen status={404} />;
  return (
    <Stack>
      <ScreenHeader title={title}>
        {record && (
          <Anchor component={Link} to={path('admin.projects.page', { id: record.id })}>
            {t('resources.tickets.board.project_page', { project: name })}
          </Anchor>
        )}
      </ScreenHeader>
      <TicketBoard project={{ id, title: name }} />
    </Stack>
  );
}
