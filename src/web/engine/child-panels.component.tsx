import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { resources } from '../../shared/resources/registry';
import type { ResourceDefinition, ResourceRecordView } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ListContext, useListController } from './list/list-context.hook';
import { ListPagination } from './list/list-pagination.component';
import { useLocalListParams } from './list/list-params.hook';
import { ListTable } from './list/list-table.component';
import { RecordPanel } from './record-panel.component';
import { Loading } from '../shell/loading.component';

/** The resources whose declaration names this one as their parent (a user's login history). */
const childrenOf = (slug: string) => resources.filter((resource) => resource.parent?.resource === slug);

/** On a record's page, a panel for each of its child resources, listing the record's own. */
export function ChildPanels({ definition, record }: { definition: ResourceDefinition; record: ResourceRecordView }) {
  return childrenOf(definition.slug).map((child) => (
    <ChildPanel key={child.slug} parent={definition} record={record} child={child} />
  ));
}

/** A panel titled by the child resource, listing the parent record's own. */
function ChildPanel({
  parent,
  record,
  child,
}: {
  parent: ResourceDefinition;
  record: ResourceRecordView;
  child: ResourceDefinition;
}) {
  const { t } = useTranslation();
  return (
    <RecordPanel title={t(`resources.${child.slug}.label`)}>
      <ChildRecords parent={parent.slug} parentId={record.id} child={child} />
    </RecordPanel>
  );
}

/**
 * The list's table, sorted and paged, of a parent record's child records (GET
 * /api/<parent>/{id}/<child>), with their row actions: a record page's panel, or a module's own.
 */
export function ChildRecords({
  parent,
  parentId,
  child,
}: {
  parent: string;
  parentId: number;
  child: ResourceDefinition;
}) {
  const { t } = useTranslation();
  const list = useListController(child, useLocalListParams(child), {
    collectionPath: path('api.resource.children', { resource: parent, id: parentId, child: child.slug }),
    batch: false,
  });
  const { page } = list;
  return (
    <ListContext.Provider value={list}>
      {!page ? (
        list.error ? (
          <Text size="sm">{t('errors.generic')}</Text>
        ) : (
          <Loading />
        )
      ) : page.total === 0 ? (
        <Text size="sm">{t('engine.empty')}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('engine.total', { count: page.total })}
          </Text>
          <ListTable />
          <ListPagination
            total={page.total}
            page={page.page}
            pageSize={page.pageSize}
            onChange={(next) => list.update({ page: String(next) })}
          />
        </Stack>
      )}
    </ListContext.Provider>
  );
}
