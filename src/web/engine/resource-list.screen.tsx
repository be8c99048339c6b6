import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconDownload,
  IconCopy,
  IconEye,
  IconPencil,
  IconPencilBolt,
  IconPlus,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconUpload,
  IconZoomIn,
} from '@tabler/icons-react';
import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useSearchParams } from 'react-router';
import { can, nobody, type ResourceAction } from '../../shared/permissions';
import {
  batchActionLabel,
  batchActionPermission,
  batchActionsOf,
  isEngineBatchAction,
  type BatchReply,
  canOnRecord,
  listColumns,
  recordTitle,
  type ResourceDefinition,
  type ResourceRecord,
} from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ApiRequestError, apiRequest } from '../api-client';
import { ErrorScreen, errorStatusOfFailure } from '../screens/error/error.screen';
import { useSession } from '../session.hook';
import { takeConfirmation, useDialogs, type DialogTexts } from '../shell/dialogs.component';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { toast } from '../shell/toasts.component';
import { FieldValue } from './field-value.component';
import { useRefreshResource, useResourcePage } from './resource-api.hook';
import { ExportModal, type ExportFormat } from './resource-export.modal';
import { ImportModal } from './resource-import.modal';
import { isImportable } from '../../shared/resources/import';
import { PreviewModal } from './resource-preview.modal';
import { EditModal } from './resource-edit.modal';
import { PublishToggle } from './publish-toggle.component';
import { ResourceFilters, criteriaNames } from './resource-filters.component';

/** Spec 2.2: a sticky-header table at most the window height minus 120 pixels tall. */
const TABLE_MAX_HEIGHT = 'calc(100vh - 120px)';

/**
 * Shift-click: every row between the last clicked one and this one takes this one's new state.
 * Disabled rows are left as they are.
 */
export function selectRange(
  selected: ReadonlySet<number>,
  ids: readonly number[],
  enabled: (id: number) => boolean,
  from: number,
  to: number,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
    const id = ids[index];
    if (id === undefined || !enabled(id)) continue;
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The selected records a batch dialog names, at most this many, then how many more. */
const NAMED_IN_BATCH = 10;

/**
 * Spec 2.4's batch dialog, naming the action and the count ("Supprimer 3 éléments ?") and the
 * records it will touch; the confirm button says the action, in red when it deletes.
 */
function batchConfirmation(
  t: TFunction,
  definition: ResourceDefinition,
  action: string,
  titles: string[],
): DialogTexts {
  const count = titles.length;
  const engineAction = isEngineBatchAction(definition, action);
  const label = t(batchActionLabel(definition, action));
  const named = titles.slice(0, NAMED_IN_BATCH).join(', ');
  const more = count - NAMED_IN_BATCH;
  return {
    title: engineAction
      ? t(`engine.batch_confirm.${action}`, { count })
      : t('engine.batch_confirm.command', { action: label, count }),
    body:
      more > 0
        ? t('engine.batch_records_more', { records: named, count: more })
        : t('engine.batch_records', { records: named }),
    confirmLabel: engineAction ? t(`engine.batch_confirm_buttons.${action}`) : label,
    destructive: action === 'delete',
  };
}

export function ResourceListScreen({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const { slug } = definition;
  const label = t(`resources.${slug}.label`);
  useDocumentTitle(label);
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params);
  const { data: page, isPending, error } = useResourcePage(definition, query);
  const { data: session } = useSession();
  const refresh = useRefreshResource(definition);
  const dialogs = useDialogs();
  const user = session?.user ?? nobody;
  const writable = !definition.behaviours.readOnly;
  const canCreate = writable && can(user, slug, 'create');
  const canUpdate = writable && can(user, slug, 'update');
  const canDelete = writable && can(user, slug, 'delete');
  const batchActions = batchActionsOf(definition).filter((action) =>
    can(user, slug, batchActionPermission(definition, action)),
  );

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [batchAction, setBatchAction] = useState<string | null>(null);
  // The export holds what the list shows: same criteria, same order.
  const exportCriteria = Object.fromEntries(
    [...criteriaNames(definition), 'tri', 'ordre'].flatMap((name) => (query[name] ? [[name, query[name]]] : [])),
  );
  const [exportFormat, setExportFormat] = useState<ExportFormat | null>(null);
  const [importOpened, setImportOpened] = useState(false);
  const [previewed, setPreviewed] = useState<ResourceRecord | null>(null);
  const [editing, setEditing] = useState<ResourceRecord | null>(null);
  const activatable = definition.behaviours.activatable;
  const lastClicked = useRef<number | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const items = page?.items ?? [];
  const ids = items.map((item) => item.id);
  // A row is selectable when every batch action may apply to its record: rows the user may not act
  // on (an administrator's account for a user manager) are disabled, and select-all skips them.
  const selectable = new Set(
    items
      .filter((record) =>
        batchActions.every((action) =>
          canOnRecord(user, definition, record, batchActionPermission(definition, action)),
        ),
      )
      .map((record) => record.id),
  );
  const rowEnabled = (id: number) => batchActions.length > 0 && selectable.has(id);
  const enabledIds = ids.filter(rowEnabled);
  const allSelected = enabledIds.length > 0 && enabledIds.every((id) => selected.has(id));
  const columns = listColumns(definition);
  const sort = params.get('tri') ?? definition.defaultSort.field;
  const direction =
    params.get('ordre') ?? (sort === definition.defaultSort.field ? definition.defaultSort.direction : 'asc');

  function updateParams(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === '') next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
    setSelected(new Set());
  }

  function toggleRow(index: number, event: MouseEvent<HTMLInputElement>) {
    const checked = event.currentTarget.checked;
    const from = event.shiftKey && lastClicked.current !== null ? lastClicked.current : index;
    setSelected(selectRange(selected, ids, rowEnabled, from, index, checked));
    lastClicked.current = index;
  }

  function applyBatch() {
    if (!batchAction) return toast.error(t('batch.no_action'));
    if (selected.size === 0) return toast.error(t('batch.no_items'));
    const titles = items.filter((record) => selected.has(record.id)).map((record) => recordTitle(definition, record));
    if (form.current) dialogs.batch(batchConfirmation(t, definition, batchAction, titles), form.current, batchAction);
  }

  async function submitBatch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!takeConfirmation(event.currentTarget)) return applyBatch();
    const data = new FormData(event.currentTarget);
    try {
      const result = await apiRequest<BatchReply>('POST', path('api.resource.batch', { resource: slug }), {
        ids: data.getAll('ids[]').map(Number),
        _action: String(data.get('_action') ?? ''),
      });
      toast.success(t('engine.batch_done', { count: result.processed }));
      // A batch command names each record it could not do, with the reason.
      for (const failure of result.failed ?? []) toast.error(`${failure.title} : ${failure.message}`);
      setSelected(new Set());
      await refresh();
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.batch'));
    }
  }

  function askDelete(record: ResourceRecord) {
    const title = recordTitle(definition, record);
    dialogs.delete(
      { body: t('engine.delete_body', { title }) },
      path('api.resource.delete', { resource: slug, id: record.id }),
      () => void refresh(),
    );
  }

  const totalPages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  // A refused or failed list is its error page, at once (a 4xx is not asked again).
  if (error && !page) return <ErrorScreen status={errorStatusOfFailure(error)} />;

  return (
    <Stack>
      <ScreenHeader title={label}>
        {definition.behaviours.sortable && can(user, slug, 'sort') && (
          <Button
            variant="default"
            component={Link}
            to={path('admin.resource.sort', { resource: slug })}
            leftSection={<IconArrowsSort size={16} aria-hidden />}
          >
            {t('engine.sort')}
          </Button>
        )}
        {definition.behaviours.exportable && can(user, slug, 'export') && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                {t('export.menu')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setExportFormat('csv')}>{t('export.csv')}</Menu.Item>
              <Menu.Item onClick={() => setExportFormat('xlsx')}>{t('export.xlsx')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {isImportable(definition) && canCreate && (
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setImportOpened(true)}
          >
            {t('import.menu')}
          </Button>
        )}
        {canCreate && (
          <Button
            component={Link}
            to={path('admin.resource.create', { resource: slug })}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('engine.add')}
          </Button>
        )}
      </ScreenHeader>

      <PreviewModal definition={definition} record={previewed} onClose={() => setPreviewed(null)} />
      <EditModal definition={definition} record={editing} onClose={() => setEditing(null)} />
      <ImportModal definition={definition} opened={importOpened} onClose={() => setImportOpened(false)} />
      <ExportModal
        definition={definition}
        format={exportFormat}
        criteria={exportCriteria}
        total={page?.total ?? 0}
        onClose={() => setExportFormat(null)}
      />
      <ResourceFilters
        definition={definition}
        params={params}
        onApply={(criteria) => updateParams({ ...criteria, page: '' })}
      />

      {isPending && <Loader aria-label={t('shell.loading')} />}
      {page && page.total === 0 && (
        <Alert color="gray" title={t('engine.empty')}>
          {t('engine.empty_hint')}
        </Alert>
      )}
      {page && page.total > 0 && (
        <form ref={form} onSubmit={submitBatch} aria-label={label}>
          <input type="hidden" name="_action" />
          <Text size="sm" c="dimmed" mb="xs">
            {t('engine.total', { count: page.total })}
          </Text>
          <Table.ScrollContainer minWidth={600} maxHeight={TABLE_MAX_HEIGHT} type="native">
            <Table stickyHeader striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('engine.select_all')}
                      checked={allSelected}
                      indeterminate={!allSelected && enabledIds.some((id) => selected.has(id))}
                      disabled={enabledIds.length === 0}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(enabledIds))}
                    />
                  </Table.Th>
                  {columns.map((name) => {
                    const fieldLabel = t(`resources.${slug}.fields.${name}`);
                    const sorted = sort === name;
                    if (!definition.fields[name]?.sortable) return <Table.Th key={name}>{fieldLabel}</Table.Th>;
                    const SortIcon = sorted
                      ? direction === 'desc'
                        ? IconSortDescending
                        : IconSortAscending
                      : IconArrowsSort;
                    return (
                      <Table.Th
                        key={name}
                        aria-sort={sorted ? (direction === 'desc' ? 'descending' : 'ascending') : 'none'}
                      >
                        <UnstyledButton
                          onClick={() =>
                            updateParams({ tri: name, ordre: sorted && direction === 'asc' ? 'desc' : 'asc', page: '' })
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
                  {activatable && <Table.Th>{t('engine.enabled')}</Table.Th>}
                  <Table.Th>{t('engine.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((record, index) => {
                  const title = recordTitle(definition, record);
                  const may = (action: ResourceAction) => canOnRecord(user, definition, record, action);
                  return (
                    <Table.Tr key={record.id}>
                      <Table.Td>
                        <Checkbox
                          name="ids[]"
                          value={record.id}
                          aria-label={t('engine.select_row', { title })}
                          checked={selected.has(record.id)}
                          disabled={!rowEnabled(record.id)}
                          onChange={() => undefined}
                          onClick={(event) => toggleRow(index, event)}
                        />
                      </Table.Td>
                      {columns.map((name) => (
                        <Table.Td key={name}>
                          {name === definition.titleField ? (
                            <Link to={path('admin.resource.show', { resource: slug, id: record.id })}>
                              {String(record[name] ?? '')}
                            </Link>
                          ) : (
                            <FieldValue
                              slug={slug}
                              name={name}
                              def={definition.fields[name]!}
                              value={record[name]}
                              titles={page.titles}
                            />
                          )}
                        </Table.Td>
                      ))}
                      {activatable && (
                        <Table.Td>
                          {/* The dot variant keeps the text dark: light badges fail the contrast check. */}
                          <Badge color={record.enabled ? 'green.8' : 'gray.7'} variant="dot">
                            {t(record.enabled ? 'engine.enabled_yes' : 'engine.enabled_no')}
                          </Badge>
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {definition.behaviours.publishable && canUpdate && may('update') && (
                            <PublishToggle
                              // Remounted with a fresh state when the list is fetched again.
                              key={`${record.id}-${String(record.published)}`}
                              slug={slug}
                              id={record.id}
                              title={title}
                              published={record.published === true}
                            />
                          )}
                          <Tooltip label={t('engine.row_preview', { title })}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('engine.row_preview', { title })}
                              onClick={() => setPreviewed(record)}
                            >
                              <IconZoomIn size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <RowLink
                            label={t('engine.row_show', { title })}
                            to={path('admin.resource.show', { resource: slug, id: record.id })}
                            icon={IconEye}
                          />
                          {canUpdate && may('update') && (
                            <RowLink
                              label={t('engine.row_edit', { title })}
                              to={path('admin.resource.edit', { resource: slug, id: record.id })}
                              icon={IconPencil}
                            />
                          )}
                          {canUpdate && may('update') && definition.behaviours.modalEdit && (
                            <Tooltip label={t('engine.row_edit_modal', { title })}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('engine.row_edit_modal', { title })}
                                onClick={() => setEditing(record)}
                              >
                                <IconPencilBolt size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          {canCreate && definition.behaviours.clonable && (
                            <RowLink
                              label={t('engine.row_clone', { title })}
                              to={path('admin.resource.clone', { resource: slug, id: record.id })}
                              icon={IconCopy}
                            />
                          )}
                          {canDelete && may('delete') && (
                            <Tooltip label={t('engine.row_delete', { title })}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('engine.row_delete', { title })}
                                onClick={() => askDelete(record)}
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm">
            {batchActions.length > 0 ? (
              <Group align="flex-end">
                <Select
                  label={t('engine.batch_action')}
                  placeholder={t('engine.batch_choose')}
                  data={batchActions.map((action) => ({
                    value: action,
                    label: t(batchActionLabel(definition, action)),
                  }))}
                  value={batchAction}
                  onChange={setBatchAction}
                  clearable
                />
                <Button variant="default" onClick={applyBatch}>
                  {t('engine.batch_apply')}
                </Button>
                <Text size="sm" c="dimmed">
                  {t('engine.selected', { count: selected.size })}
                </Text>
              </Group>
            ) : (
              <span />
            )}
            {totalPages > 1 && (
              <Pagination
                total={totalPages}
                value={page.page}
                onChange={(next) => updateParams({ page: String(next) })}
                getControlProps={(control) => ({ 'aria-label': t(`engine.page_${control}`) })}
                getItemProps={(pageNumber) => ({ 'aria-label': t('engine.page_number', { page: pageNumber }) })}
                aria-label={t('engine.pagination')}
              />
            )}
          </Group>
        </form>
      )}
    </Stack>
  );
}

function RowLink({ label, to, icon: Icon }: { label: string; to: string; icon: typeof IconEye }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" component={Link} to={to} aria-label={label}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
