import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can, nobody } from '../../../shared/permissions';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ErrorScreen } from '../../shell/error.screen';
import { ScreenHeader } from '../../shell/screen-header.component';
import { TicketBoard } from './ticket-board.component';

/** tickets/kanban-global: every project's tickets the user may read, on one board. */
export function GlobalBoardScreen() {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  const title = t('resources.tickets.board.title_global');
  useDocumentTitle(title);
  if (!can(user, 'tickets', 'list')) return <ErrorScreen status={403} />;
  return (
    <Stack>
      <ScreenHeader title={title} />
      <TicketBoard />
    </Stack>
  );
}
