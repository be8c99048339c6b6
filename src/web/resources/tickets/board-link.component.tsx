import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { path } from '../../../shared/routes';
import type { RecordPartProps } from '../../engine/web-module';

/** On a ticket's page: its project's board, where it is moved. */
export function BoardLink({ record }: RecordPartProps) {
  const { t } = useTranslation();
  if (typeof record.project !== 'number') return null;
  return (
    <Anchor component={Link} to={path('admin.tickets.board', { projet: record.project })}>
      {t('resources.tickets.board.open_board')}
    </Anchor>
  );
}
