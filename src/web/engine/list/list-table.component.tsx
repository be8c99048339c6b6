import { Badge, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listColumns, recordTitle } from '../../../shared/resources/resource';
import { FieldValue } from '../field-value.component';
import { useRecordPath } from '../web-module';
import { IconLabels } from './icon-labels.component';
import { useListContext } from './list-context.hook';
import { useViewportWidth } from '../../shell/viewport.hook';
import { ListCards } from './list-cards.component';
import { RowActions } from './row-actions.component';

/** Spec 2.2: a sticky-header table at most the window height minus 120 pixels tall. */
const TABLE_MAX_HEIGHT = 'calc(100vh - 120px)';

/**
 * The actions column stays at the table's right edge, in view, while wider columns scroll under it:
 * a list is as wide as its page, whatever its columns.
 */
const stickyActions: CSSProperties = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
};

/** A title this wide before it wraps: a project's name on two lines at 1 366 px, not five. */
const titleColumn: CSSProperties = { minWidth: '14rem' };

/** Below this width (a phone), the list is a column of cards rather than a table. */
const CARDS_BELOW_PX = 576;

/** The list's records: a table, or cards on a phone. */
export function ListTable() {
  return useViewportWidth() < CARDS_BELOW_PX ? <ListCards /> : <RecordsTable />;
}

/** The list's records as a table: a selection column, sortable columns, the row actions. */
function RecordsTable() {
  const { t } = useTranslation();
  const { definition, page, items, sort, direction, update, batchActions, ownBatchActions, selection } =
    useListContext();
  const recordPath = useRecordPath(definition.slug);
  const { slug } = definition;
  const columns = listColumns(definition);
  const selectable = batchActions.length > 0 || ownBatchActions !== undefined;
  const { selected, enabledIds, allSelected } = selection;

  return (
    <IconLabels>
      <Table.ScrollContainer minWidth={0} maxHeight={TABLE_MAX_HEIGHT} type="native">
        <Table stickyHeader striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('engine.select_all')}
                    checked={allSelected}
                    indeterminate={!allSelected && enabledIds.some((id) => selected.has(id))}
                    disabled={enabledIds.length === 0}
                    onChange={selection.toggleAll}
                  />
                </Table.Th>
              )}
              {columns.map((name) => {
                const fieldLabel = t(`resources.${slug}.fields.${name}`);
                const sorted = sort === name;
                const style = name === definition.titleField ? titleColumn : undefined;
                if (!definition.fields[name]?.sortable)
                  return (
                    <Table.Th key={name} style={style}>
                      {fieldLabel}
                    </Table.Th>
                  );
                const SortIcon = sorted
                  ? direction === 'desc'
                    ? IconSortDescending
                    : IconSortAscending
                  : IconArrowsSort;
                return (
                  <Table.Th
                    key={name}
                    style={style}
                    aria-sort={sorted ? (direction === 'desc' ? 'descending' : 'ascending') : 'none'}
                  >
                    <UnstyledButton
                      onClick={() =>
                        update({ tri: name, ordre: sorted && direction === 'asc' ? 'desc' : 'asc', page: '' })
                      }
                      aria-label={t('engine.sort_by', { field: fieldLabel })}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Text fw={700} size="sm">
                          {fieldLabel}
                        </Text>
                        <SortIcon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              {definition.behaviours.activatable && <Table.Th>{t('engine.enabled')}</Table.Th>}
              <Table.Th style={stickyActions}>{t('engine.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((record, index) => {
              const title = recordTitle(definition, record);
              return (
                <Table.Tr key={record.id}>
                  {selectable && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('engine.select_row', { title })}
                        checked={selected.has(record.id)}
                        disabled={!selection.enabled(record.id)}
                        onChange={() => undefined}
                        onClick={(event) => selection.toggle(index, event)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((name) => (
                    <Table.Td key={name}>
                      {name === definition.titleField ? (
                        // The record's whole title, as its page and its actions name it.
                        <Link to={recordPath(record.id)}>{title}</Link>
                      ) : (
                        <FieldValue
                          slug={slug}
                          name={name}
                          def={definition.fields[name]!}
                          value={record[name]}
                          titles={page?.titles ?? {}}
                        />
                      )}
                    </Table.Td>
                  ))}
                  {definition.behaviours.activatable && (
                    <Table.Td>
                      {/* The dot variant keeps the text dark: light badges fail the contrast check. */}
                      <Badge color={record.enabled ? 'green.8' : 'gray.7'} variant="dot">
                        {t(record.enabled ? 'engine.enabled_yes' : 'engine.enabled_no')}
                      </Badge>
                    </Table.Td>
                  )}
                  <Table.Td style={stickyActions}>
                    <RowActions record={record} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </IconLabels>
  );
}
