import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  dashboardWidgets,
  mayShowWidget,
  normalizedLayout,
  type DashboardLayout,
  type DashboardWidgetId,
} from '../../../shared/dashboard/dashboard';
import { nobody } from '../../../shared/permissions';
import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { widgetBodies } from './dashboard-widgets.component';

/** The layout with a widget swapped with its neighbour among those shown (-1: up, 1: down). */
export function movedWidget(
  layout: DashboardLayout,
  shown: readonly DashboardWidgetId[],
  id: DashboardWidgetId,
  direction: -1 | 1,
): DashboardLayout {
  const other = shown[shown.indexOf(id) + direction];
  if (other === undefined) return layout;
  const order = [...layout.order];
  const [from, to] = [order.indexOf(id), order.indexOf(other)];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...layout, order };
}

/**
 * The dashboard (spec 1): the widgets the user may see, in the order they chose, each loading on
 * its own. Buttons move a widget up or down and hide or show it; the layout is kept with the user.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: queryKeys.dashboard.layout, queryFn: () => api('GET', 'api.dashboard.layout') });
  const save = useMutation({
    mutationFn: (layout: DashboardLayout) => api('PUT', 'api.dashboard.layout', { body: layout }),
    // Moved at once; put back as the server has it when the save fails.
    onMutate: (layout) => queryClient.setQueryData(queryKeys.dashboard.layout, layout),
    onError: () => {
      toast.error(t('dashboard.errors.layout_not_saved'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.layout });
    },
  });

  const layout = stored.data ?? normalizedLayout(undefined);
  const user = session?.user ?? nobody;
  const allowed = layout.order.filter((id) =>
    mayShowWidget(
      user,
      dashboardWidgets.find((w) => w.id === id)!,
    ),
  );
  const shown = allowed.filter((id) => !layout.hidden.includes(id));
  const hidden = allowed.filter((id) => layout.hidden.includes(id));
  const labelOf = (id: DashboardWidgetId) => t(dashboardWidgets.find((widget) => widget.id === id)!.label);
  const setHidden = (id: DashboardWidgetId, hide: boolean) =>
    save.mutate({
      ...layout,
      hidden: hide ? [...layout.hidden, id] : layout.hidden.filter((other) => other !== id),
    });

  return (
    <Stack>
      <ScreenHeader title={t('dashboard.title')} />
      {session && <Text>{t('dashboard.welcome', { name: session.user.firstName })}</Text>}
      {/* The layout first: the widgets wait for it rather than jump to their places. */}
      {session && !stored.isPending && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {shown.map((id, index) => {
            const label = labelOf(id);
            const Body = widgetBodies[id];
            return (
              <Card key={id} withBorder component="section" aria-labelledby={`widget-${id}`}>
                <Group justify="space-between" wrap="nowrap" mb="xs">
                  <Title order={2} size="h4" id={`widget-${id}`}>
                    {label}
                  </Title>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('dashboard.move_up', { widget: label })}
                      disabled={index === 0}
                      onClick={() => save.mutate(movedWidget(layout, shown, id, -1))}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('dashboard.move_down', { widget: label })}
                      disabled={index === shown.length - 1}
                      onClick={() => save.mutate(movedWidget(layout, shown, id, 1))}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('dashboard.hide', { widget: label })}
                      onClick={() => setHidden(id, true)}
                    >
                      <IconEyeOff size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                <Body label={label} />
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {hidden.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="dashboard-hidden-widgets">
          <Title order={2} size="h5" id="dashboard-hidden-widgets">
            {t('dashboard.hidden_widgets')}
          </Title>
          <Group gap="xs">
            {hidden.map((id) => (
              <Button
                key={id}
                variant="default"
                size="xs"
                leftSection={<IconEye size={16} aria-hidden />}
                onClick={() => setHidden(id, false)}
              >
                {t('dashboard.show', { widget: labelOf(id) })}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
