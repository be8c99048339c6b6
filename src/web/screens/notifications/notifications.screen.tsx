import { Anchor, Badge, Button, Checkbox, Group, Pagination, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/format';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { Loading } from '../../shell/loading.component';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { exportFilePath, exportNotificationText, notificationPath } from './notifications-query';
import { queryKeys } from '../../query-keys';

const toProcessPath = path('admin.resource.list', { resource: 'notifications' });
const archivedPath = path('admin.notifications.archived');

type BatchRoute = 'api.notifications.mark_seen' | 'api.notifications.archive' | 'api.notifications.unarchive';

/**
 * Notifications (spec 2.1): the user's own, "À traiter" (not archived) or "Archivées", newest first;
 * each names its ticket (opening it, on its project's board) and project (its page); selected ones are
 * marked as seen, archived or put back to process. A finished export's offers its ZIP (« Télécharger »)
 * while it is kept; a failed or expired one says so.
 */
export function NotificationsScreen({ archived }: { archived: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<number[]>([]);
  useDocumentTitle(t('notifications.title'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const list = useQuery({
    queryKey: queryKeys.notifications.page(archived, page),
    queryFn: () => api('GET', 'api.notifications.page', { query: { archived: archived ? '1' : '0', page } }),
    placeholderData: (previous) => previous,
  });
  const batch = useMutation({
    mutationFn: (route: BatchRoute) => api('POST', route, { body: { ids: selected } }),
    onSuccess: async ({ updated }) => {
      toast.success(t('notifications.done', { count: updated }));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
    onError: (error) => toast.error(error instanceof ApiRequestError ? error.message : t('notifications.error')),
  });

  const data = list.data;
  const items = data?.items ?? [];
  const totalPages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const allSelected = items.length > 0 && items.every(({ id }) => selected.includes(id));
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  const actions: { route: BatchRoute; label: string }[] = archived
    ? [{ route: 'api.notifications.unarchive', label: 'notifications.unarchive' }]
    : [
        { route: 'api.notifications.mark_seen', label: 'notifications.mark_seen' },
        { route: 'api.notifications.archive', label: 'notifications.archive' },
      ];

  return (
    <Stack>
      <ScreenHeader title={t('notifications.title')} />
      <Tabs
        value={archived ? 'archived' : 'to_process'}
        onChange={(tab) => {
          setSelected([]);
          void navigate(tab === 'archived' ? archivedPath : toProcessPath);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="to_process">{t('notifications.to_process')}</Tabs.Tab>
          <Tabs.Tab value="archived">{t('notifications.archived')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="xs">
        {actions.map(({ route, label }) => (
          <Button
            key={route}
            variant="default"
            disabled={selected.length === 0}
            loading={batch.isPending && batch.variables === route}
            onClick={() => batch.mutate(route)}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
      {!data ? (
        <Loading />
      ) : items.length === 0 ? (
        <Text>{t(archived ? 'notifications.empty_archived' : 'notifications.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped highlightOnHover aria-label={t('notifications.list_label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('notifications.select_all')}
                      checked={allSelected}
                      indeterminate={!allSelected && selected.length > 0}
                      onChange={() => setSelected(allSelected ? [] : items.map(({ id }) => id))}
                    />
                  </Table.Th>
                  <Table.Th>{t('resources.notifications.fields.kind')}</Table.Th>
                  <Table.Th>{t('resources.notifications.fields.ticket')}</Table.Th>
                  <Table.Th>{t('notifications.project')}</Table.Th>
                  <Table.Th>{t('notifications.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('notifications.select', {
                          ticket: item.ticket?.title ?? t(`resources.notifications.choices.kind.${item.kind}`),
                        })}
                        checked={selected.includes(item.id)}
                        onChange={() => toggle(item.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={item.seen ? 400 : 700}>
                          {t(`resources.notifications.choices.kind.${item.kind}`)}
                        </Text>
                        {!item.seen && (
                          <Badge size="sm" color="red.8">
                            {t('notifications.unread')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {item.ticket ? (
                        <Anchor component={Link} to={notificationPath(item)}>
                          {item.ticket.title}
                        </Anchor>
                      ) : (
                        <Group gap="xs">
                          <Text size="sm">{t(exportNotificationText(item))}</Text>
                          {exportFilePath(item) && (
                            <Button
                              component="a"
                              href={exportFilePath(item)}
                              download
                              size="compact-sm"
                              variant="light"
                              leftSection={<IconDownload size={14} aria-hidden />}
                            >
                              {t('notifications.download')}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {item.project && (
                        <Anchor component={Link} to={path('admin.projects.page', { id: item.project.id })}>
                          {item.project.title}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={data.page}
              onChange={(next) => setParams({ page: String(next) })}
              getControlProps={(control) => ({ 'aria-label': t(`engine.page_${control}`) })}
              getItemProps={(pageNumber) => ({ 'aria-label': t('engine.page_number', { page: pageNumber }) })}
              aria-label={t('engine.pagination')}
            />
          )}
        </>
      )}
    </Stack>
  );
}
