import { Anchor, Badge, Button, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/format';
import { can, nobody } from '../../../shared/permissions';
import { duplicateResources, type DuplicatePair } from '../../../shared/resources/contact-duplicates';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { ErrorScreen } from '../../shell/error.screen';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** The query keys of the duplicates' pages: refetched after a scan, a dismissal or a merge. */

const showError = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiRequestError ? error.message : fallback);

/**
 * Doublons: the probable duplicates the last scan found among individuals or structures (those the
 * user may modify), best first, each with why it was flagged; a new scan, a merge or "not a duplicate".
 */
export function DuplicatesScreen() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('duplicates.title'));
  const user = session?.user ?? nobody;
  const allowed = duplicateResources.filter((slug) => can(user, slug, 'update'));
  const resource = allowed.find((slug) => slug === params.get('fiches')) ?? allowed[0];
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const pairs = useQuery({
    queryKey: queryKeys.duplicates.page(resource, page),
    queryFn: () => api('GET', 'api.duplicates.list', { params: { resource: resource! }, query: { page } }),
    enabled: resource !== undefined,
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.duplicates.all });
  const scan = useMutation({
    mutationFn: () => api('POST', 'api.duplicates.scan', { params: { resource: resource! } }),
    onSuccess: async ({ total }) => {
      toast.success(t('duplicates.scan_done', { count: total }));
      setParams({ fiches: resource! });
      await refresh();
    },
    onError: showError(t('errors.generic')),
  });
  const dismiss = useMutation({
    mutationFn: (pair: DuplicatePair) =>
      api('POST', 'api.duplicates.dismiss', {
        params: { resource: resource! },
        body: {
          ids: [pair.first.id, pair.second.id],
        },
      }),
    onSuccess: async () => {
      toast.success(t('duplicates.dismissed'));
      await refresh();
    },
    onError: showError(t('errors.generic')),
  });

  if (!session) return <Loading />;
  if (!resource) return <ErrorScreen status={403} />;
  const data = pairs.data;
  const totalPages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const names = (pair: DuplicatePair) => ({ first: pair.first.title, second: pair.second.title });

  return (
    <Stack>
      <ScreenHeader title={t('duplicates.title')} />
      {allowed.length > 1 && (
        <SegmentedControl
          aria-label={t('duplicates.resource')}
          data={allowed.map((slug) => ({ value: slug, label: t(`resources.${slug}.label`) }))}
          value={resource}
          onChange={(slug) => setParams({ fiches: slug })}
          w="fit-content"
        />
      )}
      <Group>
        <Text>
          {data?.scannedAt
            ? t('duplicates.scanned_at', { date: formatDateTime(data.scannedAt) })
            : t('duplicates.never_scanned')}
        </Text>
        <Button onClick={() => scan.mutate()} loading={scan.isPending}>
          {t(data?.scannedAt ? 'duplicates.rescan' : 'duplicates.scan')}
        </Button>
      </Group>
      {!data ? (
        <Loading />
      ) : data.scannedAt && data.total === 0 ? (
        <Text>{t('duplicates.empty')}</Text>
      ) : data.total > 0 ? (
        <>
          <Text size="sm" c="dimmed">
            {t('duplicates.total', { count: data.total })}
          </Text>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('duplicates.columns.records')}</Table.Th>
                  <Table.Th>{t('duplicates.columns.reasons')}</Table.Th>
                  <Table.Th>{t('duplicates.columns.score')}</Table.Th>
                  <Table.Th>{t('duplicates.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((pair) => (
                  <Table.Tr key={`${pair.first.id}-${pair.second.id}`}>
                    <Table.Td>
                      <Stack gap={2}>
                        {[pair.first, pair.second].map((side) => (
                          <Anchor
                            key={side.id}
                            component={Link}
                            to={path('admin.resource.show', { resource, id: side.id })}
                          >
                            {side.title}
                          </Anchor>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {pair.reasons.map((reason) => (
                          <Badge key={reason} variant="outline" color="gray.8">
                            {t(`duplicates.reasons.${reason}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{t('duplicates.score_value', { score: pair.score })}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          component={Link}
                          to={path('admin.duplicates.merge', { resource, id: pair.first.id, other: pair.second.id })}
                          aria-label={t('duplicates.merge_pair', names(pair))}
                        >
                          {t('duplicates.merge')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          loading={dismiss.isPending && dismiss.variables === pair}
                          onClick={() => dismiss.mutate(pair)}
                          aria-label={t('duplicates.dismiss_pair', names(pair))}
                        >
                          {t('duplicates.dismiss')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={data.page}
              onChange={(next) => setParams({ fiches: resource, page: String(next) })}
              getControlProps={(control) => ({ 'aria-label': t(`engine.page_${control}`) })}
              getItemProps={(pageNumber) => ({ 'aria-label': t('engine.page_number', { page: pageNumber }) })}
              aria-label={t('engine.pagination')}
            />
          )}
        </>
      ) : null}
    </Stack>
  );
}
