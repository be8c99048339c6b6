import { Alert, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { ErrorScreen, errorStatusOfFailure } from '../shell/error.screen';
import { useDocumentTitle } from '../shell/document-title.hook';
import { BatchBar, BatchForm } from './list/batch-bar.component';
import { ListContext, useListController } from './list/list-context.hook';
import { ListPagination } from './list/list-pagination.component';
import { useUrlListParams } from './list/list-params.hook';
import { ListTable } from './list/list-table.component';
import { ListToolbar } from './list/list-toolbar.component';
import { ResourceFilters } from './resource-filters.component';
import { useWebModule } from './web-module';
import { Loading } from '../shell/loading.component';

/**
 * A resource's list: toolbar, search panel, then its records — the table, or the list body its web
 * module gives (a kanban board) — with the batch bar and the pages. Every part reads the list
 * context; the criteria are in the address.
 */
export function ResourceListScreen({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const label = t(`resources.${definition.slug}.label`);
  useDocumentTitle(label);
  const list = useListController(definition, useUrlListParams(definition));
  const Body = useWebModule(definition.slug).ListBody ?? ListTable;
  const { page, isPending, error } = list;
  // A refused or failed list is its error page, at once (a 4xx is not asked again).
  if (error && !page) return <ErrorScreen status={errorStatusOfFailure(error)} />;

  return (
    <ListContext.Provider value={list}>
      <Stack>
        <ListToolbar title={label} />
        <ResourceFilters
          definition={definition}
          params={list.params}
          onApply={(criteria) => list.update({ ...criteria, page: '' })}
        />
        {isPending && <Loading />}
        {page && page.total === 0 && (
          <Alert color="gray" title={t('engine.empty')}>
            {t('engine.empty_hint')}
          </Alert>
        )}
        {page && page.total > 0 && (
          <BatchForm>
            <Text size="sm" c="dimmed" mb="xs">
              {t('engine.total', { count: page.total })}
            </Text>
            <Body />
            <Group justify="space-between" mt="sm">
              <BatchBar />
              <ListPagination
                total={page.total}
                page={page.page}
                pageSize={page.pageSize}
                onChange={(next) => list.update({ page: String(next) })}
              />
            </Group>
          </BatchForm>
        )}
      </Stack>
    </ListContext.Provider>
  );
}
