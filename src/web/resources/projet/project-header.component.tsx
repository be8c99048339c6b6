import { Anchor, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nobody } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { canOnRecord, type ResourceRecordView } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { api, ApiRequestError } from '../../api-client';
import { useSession } from '../../session.hook';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { ProjectHighlights } from './highlights.component';
import { queryKeys } from '../../query-keys';
import { useProjectStates } from './project-states.hook';

/** A reference field's title, from the titles the record came with. */
export const titleOf = (record: ResourceRecordView, field: string): string | null =>
  record[field] == null ? null : (record.titles[field]?.[String(record[field])] ?? null);

/**
 * The project page's header: its name and reference, its state as a badge whose menu changes it
 * (change-etat), its owner's pages, and its highlighted characteristics.
 */
export function ProjectHeader({ record }: { record: ResourceRecordView }) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  const owners = (['ownerIndividual', 'ownerStructure'] as const).flatMap((field) => {
    const title = titleOf(record, field);
    const resource = field === 'ownerIndividual' ? 'individus' : 'structures';
    return title === null
      ? []
      : [{ field, title, to: path('admin.resource.show', { resource, id: String(record[field]) }) }];
  });
  return (
    <ScreenHeader title={String(record.name)}>
      <Text fw={700}>{String(record.reference ?? '')}</Text>
      {canOnRecord(user, projects, record, 'update') ? (
        <StateMenu record={record} />
      ) : (
        <Badge size="lg">{titleOf(record, 'state') ?? t('resources.projet.page.no_state')}</Badge>
      )}
      {owners.map(({ field, title, to }) => (
        <Group key={field} gap={4}>
          <Text size="sm">{t(`resources.projet.fields.${field}`)} :</Text>
          <Anchor component={Link} to={to} size="sm">
            {title}
          </Anchor>
        </Group>
      ))}
      <ProjectHighlights projectId={record.id} />
      <Button variant="default" component={Link} to={path('admin.resource.list', { resource: 'projet' })}>
        {t('engine.back_to_list')}
      </Button>
    </ScreenHeader>
  );
}

/**
 * The state badge: its menu lists the project states in their order (fetched when it opens), the
 * current one ticked and marked (aria-current); any other may be chosen, an earlier one too, and is
 * posted to change-etat.
 */
function StateMenu({ record }: { record: ResourceRecordView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const state = titleOf(record, 'state') ?? t('resources.projet.page.no_state');
  const { data: states } = useProjectStates(opened);
  const change = async (etat: number) => {
    try {
      const { message } = await api('POST', 'api.projects.change_state', { params: { id: record.id, etat } });
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') });
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.generic'));
    }
  };
  return (
    <Menu opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button
          size="compact-md"
          radius="xl"
          variant="light"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={t('resources.projet.page.state_menu', { state })}
        >
          {state}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {states?.map((item) => {
          const current = item.id === record.state;
          return (
            <Menu.Item
              key={item.id}
              aria-current={current ? 'true' : undefined}
              leftSection={
                current ? (
                  <IconCheck size={16} aria-hidden />
                ) : (
                  <span style={{ display: 'inline-block', width: 16 }} aria-hidden />
                )
              }
              rightSection={current ? <Text size="xs">{t('projects.states.current')}</Text> : undefined}
              fw={current ? 700 : undefined}
              onClick={() => {
                if (!current) void change(item.id);
              }}
            >
              {item.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
