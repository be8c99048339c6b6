import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CHARACTERISTIC_PREFIX,
  columnName,
  fieldsOfType,
  importTypes,
  parseColumn,
  type ImportConfig,
  type ImportJob,
  type ImportType,
} from '../../../shared/import-assistant/import-assistant';
import { normalize } from '../../../shared/resources/import';

import { ApiRequestError, api } from '../../api-client';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { toast } from '../../shell/toasts.component';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes.hook';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** The mapping as the form holds it: every field's column (empty: not imported) and criterion flag. */
interface MappingState {
  type: ImportType;
  sheet: number;
  header: boolean;
  numericColumns: boolean;
  columns: Record<string, string>;
  criteria: Record<string, boolean>;
}

function stateOf(config: ImportConfig): MappingState {
  return {
    type: config.type,
    sheet: config.sheet,
    header: config.header,
    numericColumns: config.numericColumns,
    columns: Object.fromEntries(config.fields.map(({ field, column }) => [field, column])),
    criteria: Object.fromEntries(config.fields.map(({ field, searchCriterion }) => [field, searchCriterion])),
  };
}

/** The fields given a column, in the assistant's order. */
function configOf(state: MappingState): ImportConfig {
  return {
    type: state.type,
    sheet: state.sheet,
    header: state.header,
    numericColumns: state.numericColumns,
    fields: [...fieldsOfType(state.type).map(({ key }) => key), ...characteristicKeys(state)]
      .filter((key) => (state.columns[key] ?? '').trim() !== '')
      .map((key) => ({
        field: key,
        column: state.columns[key]!.trim(),
        searchCriterion: state.criteria[key] ?? false,
      })),
  };
}

/** A projects file's characteristics the mapping names (by their form field's name). */
const characteristicKeys = (state: MappingState) =>
  state.type === 'projets' ? Object.keys(state.columns).filter((key) => key.startsWith(CHARACTERISTIC_PREFIX)) : [];

/** A field's label; a characteristic's names its form field. */
function fieldLabel(t: TFunction, key: string): string {
  return key.startsWith(CHARACTERISTIC_PREFIX)
    ? t('resources.templates-import.choices.field.characteristic', { name: key.slice(CHARACTERISTIC_PREFIX.length) })
    : t(`resources.templates-import.choices.field.${key}`);
}

/** Columns whose header names a field (its label, with or without "Particulier :"), for a first mapping. */
function suggestedColumns(type: ImportType, headers: string[] | null, label: (key: string) => string) {
  const columns: Record<string, string> = {};
  const fields = fieldsOfType(type);
  headers?.forEach((header, index) => {
    const name = normalize(header);
    if (name === '') return;
    const found = fields.find(({ key }) => {
      const full = label(key);
      return !(key in columns) && (normalize(full) === name || normalize(full.split(':').pop() ?? '') === name);
    });
    if (found) columns[found.key] = columnName(index, false);
  });
  return columns;
}

interface MappingFormProps {
  job: ImportJob;
  initial: ImportConfig;
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onSimulate: (config: ImportConfig) => void;
}

/**
 * The mapping step: the file's contents (type), its tab (0 being the first), its header flag, how
 * columns are written, then each field's column and search-criterion flag, against a preview of
 * the tab; a saved template fills it all, and the mapping can be saved as one.
 */
function MappingForm({ job, initial, busy, error, fieldErrors, onSimulate }: MappingFormProps) {
  const { t } = useTranslation();
  const label = (key: string) => fieldLabel(t, key);
  const [state, setState] = useState(() => stateOf(initial));
  const [characteristicName, setCharacteristicName] = useState('');
  const [first] = useState(state);
  const [templateName, setTemplateName] = useState('');
  // The mapping is saved by a simulation only: one changed (or a template's name typed) and not
  // simulated asks before the step or the page is left (spec 2.2).
  useUnsavedChangesGuard(JSON.stringify(state) !== JSON.stringify(first) || templateName.trim() !== '');
  const [templateError, setTemplateError] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: queryKeys.importPreview(job.id, state.sheet, state.header),
    queryFn: () =>
      api('GET', 'api.import_jobs.preview', {
        params: { id: job.id },
        query: { onglet: String(state.sheet), entete: state.header ? '1' : '0' },
      }),
  });
  const templates = useQuery({
    queryKey: queryKeys.importTemplates,
    queryFn: () =>
      api('GET', 'api.resource.collection', {
        params: { resource: 'templates-import' },
        query: { parPage: 100, tri: 'name' },
      }),
  });
  const config = configOf(state);
  // The server names a refused field by its place in the mapping sent ("fields.2.column").
  const errorOf = (key: string, part: 'column' | 'searchCriterion') => {
    const index = config.fields.findIndex(({ field }) => field === key);
    const message = index === -1 ? undefined : fieldErrors[`fields.${index}.${part}`];
    return message ?? (part === 'column' ? fieldErrors[`fields.${index}.field`] : undefined);
  };
  const change = (changes: Partial<MappingState>) => setState({ ...state, ...changes });
  const setColumn = (key: string, column: string) => change({ columns: { ...state.columns, [key]: column } });
  /** Columns follow the flag: "C" becomes "2" and back. */
  const setNumeric = (numeric: boolean) =>
    change({
      numericColumns: numeric,
      columns: Object.fromEntries(
        Object.entries(state.columns).map(([key, column]) => {
          const index = parseColumn(column, state.numericColumns);
          return [key, index === undefined ? column : columnName(index, numeric)];
        }),
      ),
    });
  const applyTemplate = (id: string) => {
    const template = templates.data?.items.find((item) => String(item.id) === id);
    if (!template) return;
    setState(stateOf(template as unknown as ImportConfig));
    toast.success(t('import_assistant.template_applied', { name: String(template.name) }));
  };
  const sample = preview.data?.sample ?? [];
  const firstValue = (key: string) => {
    const index = parseColumn(state.columns[key] ?? '', state.numericColumns);
    return index === undefined ? '' : (sample[0]?.[index] ?? '');
  };

  async function saveTemplate() {
    setTemplateError(null);
    try {
      await api('POST', 'api.resource.collection', {
        params: { resource: 'templates-import' },
        body: {
          name: templateName,
          ...config,
        },
      });
      toast.success(t('import_assistant.template_saved', { name: templateName }));
      setTemplateName('');
      await templates.refetch();
    } catch (caught) {
      const payload = caught instanceof ApiRequestError ? caught.payload : null;
      const details = Object.values(payload?.fieldErrors ?? {});
      setTemplateError([payload?.message ?? t('errors.generic'), ...details].join(' '));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSimulate(config);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h3">
          {t('import_assistant.mapping')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('import_assistant.template')}
            value=""
            onChange={(event) => applyTemplate(event.currentTarget.value)}
            data={[
              { value: '', label: t('import_assistant.template_placeholder') },
              ...(templates.data?.items ?? []).map((item) => ({ value: String(item.id), label: String(item.name) })),
            ]}
          />
          <NativeSelect
            label={t('import_assistant.type')}
            value={state.type}
            onChange={(event) => change({ type: event.currentTarget.value as ImportType })}
            data={importTypes.map((type) => ({
              value: type,
              label: t(`resources.templates-import.choices.type.${type}`),
            }))}
          />
          {job.format === 'xlsx' && (
            <NativeSelect
              label={t('import_assistant.sheet')}
              value={String(state.sheet)}
              onChange={(event) => change({ sheet: Number(event.currentTarget.value) })}
              data={job.sheets.map((name, index) => ({
                value: String(index),
                label: t('import_assistant.sheet_option', { number: index, name }),
              }))}
            />
          )}
        </SimpleGrid>
        <Checkbox
          label={t('import_assistant.header')}
          checked={state.header}
          onChange={(event) => change({ header: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('import_assistant.numeric_columns')}
          checked={state.numericColumns}
          onChange={(event) => setNumeric(event.currentTarget.checked)}
        />

        {preview.isPending && <Loading size="sm" />}
        <FormErrorAlert error={preview.error instanceof ApiRequestError ? preview.error.message : null} />
        {preview.data && (
          <>
            <Text fw={500}>
              {preview.data.rowCount === 0
                ? t('import_assistant.sheet_empty')
                : t('import_assistant.rows', { count: preview.data.rowCount })}
            </Text>
            <Table.ScrollContainer minWidth={500} type="native">
              <Table withTableBorder captionSide="top">
                <Table.Caption>{t('import_assistant.preview')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {Array.from({ length: preview.data.columnCount }, (_, index) => (
                      <Table.Th key={index}>
                        {[columnName(index, state.numericColumns), preview.data.headers?.[index]]
                          .filter(Boolean)
                          .join(' – ')}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sample.map((cells, row) => (
                    <Table.Tr key={row}>
                      {Array.from({ length: preview.data.columnCount }, (_, index) => (
                        <Table.Td key={index}>{cells[index] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {Object.keys(state.columns).length === 0 && preview.data.headers && (
              <Group>
                <Button
                  variant="light"
                  onClick={() => change({ columns: suggestedColumns(state.type, preview.data.headers, label) })}
                >
                  {t('import_assistant.suggest')}
                </Button>
              </Group>
            )}
          </>
        )}

        <Text size="sm" c="dimmed">
          {t('import_assistant.mapping_hint')}
        </Text>
        <Table.ScrollContainer minWidth={600} type="native">
          <Table striped captionSide="top">
            <Table.Caption>{t('import_assistant.mapping')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import_assistant.field')}</Table.Th>
                <Table.Th>{t('import_assistant.column')}</Table.Th>
                <Table.Th>{t('import_assistant.criterion')}</Table.Th>
                <Table.Th>{t('import_assistant.first_value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fieldsOfType(state.type).map(({ key, sub }) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" fw={key.endsWith('.lastName') || key === 'structure.name' ? 700 : 400}>
                    {label(key)}
                  </Table.Th>
                  <Table.Td>
                    <TextInput
                      aria-label={t('import_assistant.column_of', { field: label(key) })}
                      w={90}
                      value={state.columns[key] ?? ''}
                      onChange={(event) => setColumn(key, event.currentTarget.value)}
                      error={errorOf(key, 'column')}
                    />
                  </Table.Td>
                  <Table.Td>
                    {sub === undefined && key !== 'structure.territories' && (
                      <Checkbox
                        aria-label={t('import_assistant.criterion_of', { field: label(key) })}
                        checked={state.criteria[key] ?? false}
                        onChange={(event) =>
                          change({ criteria: { ...state.criteria, [key]: event.currentTarget.checked } })
                        }
                        error={errorOf(key, 'searchCriterion')}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>{firstValue(key)}</Table.Td>
                </Table.Tr>
              ))}
              {characteristicKeys(state).map((key) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" fw={400}>
                    {label(key)}
                  </Table.Th>
                  <Table.Td>
                    <TextInput
                      aria-label={t('import_assistant.column_of', { field: label(key) })}
                      w={90}
                      value={state.columns[key] ?? ''}
                      onChange={(event) => setColumn(key, event.currentTarget.value)}
                      error={errorOf(key, 'column')}
                    />
                  </Table.Td>
                  <Table.Td />
                  <Table.Td>{firstValue(key)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {state.type === 'projets' && (
          <Group align="flex-end">
            <TextInput
              label={t('resources.templates-import.choices.field.characteristic_add')}
              value={characteristicName}
              onChange={(event) => setCharacteristicName(event.currentTarget.value)}
            />
            <Button
              variant="default"
              disabled={characteristicName.trim() === ''}
              onClick={() => {
                setColumn(`${CHARACTERISTIC_PREFIX}${characteristicName.trim()}`, '');
                setCharacteristicName('');
              }}
            >
              {t('import_assistant.characteristic_add')}
            </Button>
          </Group>
        )}

        <FormErrorAlert error={error} />
        <Text size="sm" c="dimmed">
          {t('import_assistant.simulation_hint')}
        </Text>
        <Group>
          <Button type="submit" loading={busy}>
            {t('import_assistant.simulate')}
          </Button>
        </Group>

        <Group align="flex-end">
          <TextInput
            label={t('import_assistant.template_name')}
            value={templateName}
            onChange={(event) => setTemplateName(event.currentTarget.value)}
          />
          <Button variant="default" onClick={() => void saveTemplate()} disabled={templateName.trim() === ''}>
            {t('import_assistant.template_save')}
          </Button>
        </Group>
        <FormErrorAlert error={templateError} />
      </Stack>
    </form>
  );
}

/** The mapping step, from the job's last mapping (or a first one suggested from the headers). */
export function ImportMapping(props: Omit<MappingFormProps, 'initial'>) {
  const { job } = props;
  const { t } = useTranslation();
  const config = job.config ?? job.simulatedConfig;
  const first = useQuery({
    queryKey: queryKeys.importPreview(job.id, 0, true),
    queryFn: () =>
      api('GET', 'api.import_jobs.preview', { params: { id: job.id }, query: { onglet: '0', entete: '1' } }),
    enabled: config === null,
  });
  if (config) return <MappingForm {...props} initial={config} />;
  if (!first.data) return <Loading size="sm" />;
  const label = (key: string) => t(`resources.templates-import.choices.field.${key}`);
  const initial: ImportConfig = {
    type: 'individus',
    sheet: 0,
    header: true,
    numericColumns: false,
    fields: Object.entries(suggestedColumns('individus', first.data.headers, label)).map(([field, column]) => ({
      field,
      column,
      searchCriterion: false,
    })),
  };
  return <MappingForm {...props} initial={initial} />;
}
