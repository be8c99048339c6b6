import { List } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format';

import { api } from '../../api-client';
import { RecordPanel } from '../../engine/record-panel.component';
import { queryKeys } from '../../query-keys';

/** Above the project's history: its meetings ahead whose type says so (GET reunions-a-venir/{projet}); nothing when none. */
export function UpcomingMeetingsPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data = [] } = useQuery({
    queryKey: queryKeys.resource.route('projet', 'api.projects.upcoming_meetings', projectId),
    queryFn: () => api('GET', 'api.projects.upcoming_meetings', { params: { projet: projectId } }),
  });
  if (data.length === 0) return null;
  return (
    <RecordPanel title={t('resources.projet.page.upcoming_meetings')}>
      <List>
        {data.map((meeting) => (
          <List.Item key={meeting.ticket.id}>
            {t('resources.projet.page.upcoming_meeting', {
              date: formatDateTime(meeting.at),
              type: meeting.type,
              name: meeting.ticket.name,
            })}
          </List.Item>
        ))}
      </List>
    </RecordPanel>
  );
}
