import { Alert, Anchor, Badge, Button, Group, List, Skeleton, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardWidgetId, Interaction } from '../../../shared/dashboard/dashboard';
import { formatDate, formatDateTime } from '../../../shared/i18n/format';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { CountUp } from '../../shell/count-up.component';
import type { RecordPartProps } from '../../engine/web-module';

/**
 * A widget's body as its own request goes: a skeleton while it loads, its own error (with a way to
 * ask again) when it fails, whatever the other widgets do.
 */
function WidgetState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true">
        <VisuallyHidden>{t('dashboard.loading_widget', { widget: label })}</VisuallyHidden>
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        <Group justify="space-between">
          <Text size="sm">{t('dashboard.errors.widget')}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Text c="dimmed" size="sm">
    {children}
  </Text>
);

function InteractionItem({ item }: { item: Interaction }) {
  const { t } = useTranslation();
  const steps = item.fromStep || item.toStep ? `${item.fromStep ?? '—'} → ${item.toStep ?? '—'}` : null;
  return (
    <List.Item>
      <Text size="sm">
        <Text span fw={600}>
          {t(`dashboard.interactions.kinds.${item.kind}`)}
        </Text>
        {' · '}
        <Anchor component={Link} to={path('admin.projects.page', { id: item.project.id })}>
          {item.project.name}
        </Anchor>
        {item.ticket && ` · ${item.ticket.name}`}
        {steps && ` · ${steps}`}
      </Text>
      {item.text && (
        <Text size="sm" lineClamp={2}>
          {item.text}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(item.date)}
        {item.author && ` ${t('dashboard.interactions.by', { name: item.author })}`}
      </Text>
    </List.Item>
  );
}

/** Interactions newest first, or the widget's words for none. */
export function InteractionList({ items }: { items: Interaction[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Empty>{t('dashboard.interactions.empty')}</Empty>;
  return (
    <List spacing="sm" listStyleType="none">
      {items.map((item) => (
        <InteractionItem key={`${item.kind}-${item.id}`} item={item} />
      ))}
    </List>
  );
}

function LatestInteractions({ label }: { label: string }) {
  const query = useQuery({
    queryKey: queryKeys.dashboard.widget('dernieres-interactions'),
    queryFn: () => api('GET', 'api.ticket_transitions.latest'),
  });
  return (
    <WidgetState query={query} label={label}>
      {({ items }) => <InteractionList items={items} />}
    </WidgetState>
  );
}

/** On a structure's page: the latest interactions on the projects it owns, co-owns or is a partner of. */
export function StructureInteractions({ record }: RecordPartProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.structureInteractions(record.id),
    queryFn: () => api('GET', 'api.ticket_transitions.latest_for_structure', { params: { structure: record.id } }),
  });
  return (
    <WidgetState query={query} label={t('resources.structures.panels.interactions')}>
      {({ items }) => <InteractionList items={items} />}
    </WidgetState>
  );
}

function UsefulLinks({ label }: { label: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.dashboard.widget('liens-utiles'),
    queryFn: () => api('GET', 'api.dashboard.useful_links'),
  });
  return (
    <WidgetState query={query} label={label}>
      {({ items }) =>
        items.length === 0 ? (
          <Empty>{t('dashboard.useful_links_empty')}</Empty>
        ) : (
          <List spacing={4}>
            {items.map((link) => (
              <List.Item key={link.id}>
                <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )
      }
    </WidgetState>
  );
}

function MediaWatch({ label }: { label: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.dashboard.widget('veille-media'),
    queryFn: () => api('GET', 'api.dashboard.media_watch'),
  });
  return (
    <WidgetState query={query} label={label}>
      {({ items }) =>
        items.length === 0 ? (
          <Empty>{t('dashboard.media_watch_empty')}</Empty>
        ) : (
          <List spacing="xs" listStyleType="none">
            {items.map((item) => (
              <List.Item key={item.id}>
                <Text size="sm">
                  {item.link ? (
                    <Anchor href={item.link} target="_blank" rel="noopener noreferrer">
                      {item.title}
                    </Anchor>
                  ) : (
                    item.title
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {[item.media, item.publicationDate && formatDate(item.publicationDate)].filter(Boolean).join(' · ')}
                </Text>
              </List.Item>
            ))}
          </List>
        )
      }
    </WidgetState>
  );
}

function ProjectTabs({ label }: { label: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.dashboard.widget('projets'),
    queryFn: () => api('GET', 'api.dashboard.projects'),
  });
  return (
    <WidgetState query={query} label={label}>
      {({ tabs }) =>
        tabs.length === 0 ? (
          <Empty>{t('dashboard.projects.none')}</Empty>
        ) : (
          <Tabs defaultValue={String(tabs[0]!.state.id)}>
            <Tabs.List aria-label={t('dashboard.projects.tabs')}>
              {tabs.map(({ state, count, more }) => (
                <Tabs.Tab
                  key={state.id}
                  value={String(state.id)}
                  rightSection={
                    <Badge variant="light" size="sm">
                      <CountUp value={count} />
                      {more && '+'}
                    </Badge>
                  }
                >
                  {state.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map(({ state, count, more, projects }) => (
              <Tabs.Panel key={state.id} value={String(state.id)} pt="xs">
                {projects.length === 0 ? (
                  <Empty>{t('dashboard.projects.empty')}</Empty>
                ) : (
                  <Stack gap="xs">
                    <List spacing={4}>
                      {projects.map((project) => (
                        <List.Item key={project.id}>
                          <Anchor component={Link} to={path('admin.projects.page', { id: project.id })}>
                            {project.name}
                          </Anchor>{' '}
                          <Text span size="xs" c="dimmed">
                            {project.reference}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                    {(more || count > projects.length) && (
                      <Text size="sm">
                        {t(more ? 'dashboard.projects.shown_of_more' : 'dashboard.projects.shown_of', {
                          shown: projects.length,
                          count,
                        })}{' '}
                        <Anchor
                          component={Link}
                          to={path('admin.resource.list', {
                            resource: 'projet',
                            state: state.id,
                            showOnDashboard: 'true',
                          })}
                        >
                          {t('dashboard.projects.see_all', { state: state.name })}
                        </Anchor>
                      </Text>
                    )}
                  </Stack>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        )
      }
    </WidgetState>
  );
}

function IframeTabs({ label }: { label: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.dashboard.widget('iframes'),
    queryFn: () => api('GET', 'api.dashboard.iframes'),
  });
  return (
    <WidgetState query={query} label={label}>
      {({ tabs }) =>
        tabs.length === 0 ? (
          <Empty>{t('dashboard.iframes.empty')}</Empty>
        ) : (
          <Tabs defaultValue="0">
            <Tabs.List aria-label={t('dashboard.iframes.tabs')}>
              {tabs.map(({ title }, index) => (
                <Tabs.Tab key={index} value={String(index)}>
                  {title}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map(({ title, src }, index) => (
              <Tabs.Panel key={index} value={String(index)} pt="xs">
                {src ? (
                  // Sandboxed, as the server rewrote it on save: the page runs in its own origin only.
                  <iframe
                    title={title}
                    src={src}
                    sandbox="allow-scripts allow-same-origin"
                    referrerPolicy="no-referrer"
                    loading="lazy"
                    style={{ width: '100%', height: 400, border: 0 }}
                  />
                ) : (
                  <Empty>{t('dashboard.iframes.not_allowed')}</Empty>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        )
      }
    </WidgetState>
  );
}

/** Each widget's body, by its id in the shared registry. */
export const widgetBodies: Record<DashboardWidgetId, (props: { label: string }) => ReactNode> = {
  'dernieres-interactions': LatestInteractions,
  'liens-utiles': UsefulLinks,
  'veille-media': MediaWatch,
  projets: ProjectTabs,
  iframes: IframeTabs,
};
