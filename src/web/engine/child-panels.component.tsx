import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can, nobody } from '../../shared/permissions';
import { resources } from '../../shared/resources/registry';
import { canOnRecord, type ResourceDefinition, type ResourceRecordView } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ListContext, useListController, type ListState } from './list/list-context.hook';
import { ListPagination } from './list/list-pagination.component';
import { useLocalListParams } from './list/list-params.hook';
import { ListTable } from './list/list-table.component';
import { RecordPanel } from './record-panel.component';
import { AddRecordButton } from './add-record-button.component';
import { Loading } from '../shell/loading.component';
import { useSession } from '../session.hook';
import type { ChildParent } from './resource-modal-form.component';

/** The resources whose declaration names this one as their parent (a user's login history). */
const childrenOf = (slug: string) => resources.filter((resource) => resource.parent?.resource === slug);

/** On a record's page, a panel for each of its child resources the user may list, listing the record's own. */
export function ChildPanels({ definition, record }: { definition: ResourceDefinition; record: ResourceRecordView }) {
  const user = useSession().data?.user ?? nobody;
  return childrenOf(definition.slug)
    .filter((child) => can(user, child.slug, 'list'))
    .map((child) => <ChildPanel key={child.slug} parent={definition} record={record} child={child} />);
}

/**
 * The list's table, sorted and paged within the panel, of the child records under the parent's (GET
 * /api/<parent>/{id}/<child>), for whoever may list them. Whoever may change the parent adds, edits
 * and deletes them in place, in a modal, through the parent's routes, as the child's own permissions allow.
 */
export function ChildPanel({
  parent,
  record,
  child,
}: {
  parent: ResourceDefinition;
  record: ResourceRecordView;
  child: ResourceDefinition;
}) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  const writable =
    !child.behaviours.readOnly && child.parent !== undefined && canOnRecord(user, parent, record, 'update');
  const childParent = writable ? { slug: parent.slug, id: record.id, field: child.parent!.field } : undefined;
  if (!can(user, child.slug, 'list')) {
    return (
      <RecordPanel title={t(`resources.${child.slug}.label`)}>
        <Text size="sm">{t('errors.forbidden')}</Text>
      </RecordPanel>
    );
  }
  return (
    <RecordPanel title={t(`resources.${child.slug}.label`)}>
      {childParent && can(user, child.slug, 'create') && <AddRecordButton definition={child} parent={childParent} />}
      <ChildRecords parent={parent.slug} parentId={record.id} child={child} inPlace={childParent} />
    </RecordPanel>
  );
}

/**
 * The child's declaration as a list under its parent shows it: without the column naming the parent,
 * which would say the page's own record on every row.
 */
function underParent(child: ResourceDefinition): ResourceDefinition {
  const field = child.parent?.field;
  const def = field ? child.fields[field] : undefined;
  if (!field || !def?.list) return child;
  return { ...child, fields: { ...child.fields, [field]: { ...def, list: false } } };
}

/**
 * The list's table, sorted and paged, of a parent record's child records (GET
 * /api/<parent>/{id}/<child>), with their row actions: a record page's panel, or a module's own.
 * `inPlace`: the rows are edited and deleted in a modal, through the parent's routes. The column of
 * the parent is left out (underParent).
 */
export function ChildRecords({
  parent,
  parentId,
  child,
  inPlace,
}: {
  parent: string;
  parentId: number;
  child: ResourceDefinition;
  inPlace?: ChildParent;
}) {
  const shown = useMemo(() => underParent(child), [child]);
  const list = useListController(shown, useLocalListParams(shown), {
    collectionPath: path('api.resource.children', { resource: parent, id: parentId, child: child.slug }),
    batch: false,
    parent: inPlace,
  });
  return <ListPanelBody list={list} />;
}

/** A list within a record's panel: its table, sorted and paged there, or what says it is empty. */
export function ListPanelBody({ list }: { list: ListState }) {
  const { t } = useTranslation();
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
