import { ActionIcon, Indicator, Menu, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/i18n/format';
import type { NotificationItem } from '../../shared/resources/notifications.resource';
import { path } from '../../shared/routes';
import { api } from '../api-client';
import {
  BELL_POLL_MS,
  exportFilePath,
  exportNotificationText,
  notificationPath,
} from '../screens/notifications/notifications-query';
import { queryKeys } from '../query-keys';

/**
 * The header's bell: the unread count (polled every 30 s) and a menu of the five newest notifications
 * not archived, each leading to its project's board (and marked as seen), then the notifications screen.
 * A finished export's downloads its ZIP (« Télécharger »), while the file is kept.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.notifications.header,
    queryFn: () => api('GET', 'api.notifications.header_unread'),
    refetchInterval: BELL_POLL_MS,
  });
  const unread = data?.unread ?? 0;
  const latest = data?.latest ?? [];
  const open = (item: NotificationItem) => {
    if (item.seen) return;
    void api('POST', 'api.notifications.mark_seen', { body: { ids: [item.id] } }).then(() =>
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
    );
  };

  return (
    <Menu position="bottom-end" withinPortal width={340}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={unread > 0 ? t('notifications.bell', { count: unread }) : t('notifications.bell_none')}
        >
          <Indicator label={unread} size={16} disabled={unread === 0} offset={2} color="red.8">
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      {/* Named by the bell: Mantine labels the menu by its target. */}
      <Menu.Dropdown>
        {latest.length === 0 && <Menu.Item disabled>{t('notifications.empty')}</Menu.Item>}
        {latest.map((item) => {
          const content = (
            <Stack gap={0}>
              <Text size="sm" fw={item.seen ? 400 : 700}>
                {t(`resources.notifications.choices.kind.${item.kind}`)}
                {item.seen ? '' : ` · ${t('notifications.unread')}`}
              </Text>
              <Text size="xs">
                {item.ticket && item.project
                  ? t('notifications.ticket_in_project', { ticket: item.ticket.title, project: item.project.title })
                  : t(exportNotificationText(item))}
              </Text>
              {exportFilePath(item) && (
                <Text size="xs" c="blue.8" td="underline">
                  {t('notifications.download')}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(item.createdAt)}
              </Text>
            </Stack>
          );
          const file = exportFilePath(item);
          return file ? (
            <Menu.Item key={item.id} component="a" href={file} download onClick={() => open(item)}>
              {content}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.id} component={Link} to={notificationPath(item)} onClick={() => open(item)}>
              {content}
            </Menu.Item>
          );
        })}
        <Menu.Item component={Link} to={path('admin.resource.list', { resource: 'notifications' })}>
          {t('notifications.see_all')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
