import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CharacteristicField, CharacteristicValue, ProjectForm } from '../../../shared/project-characteristics';

import { ApiRequestError, api } from '../../api-client';
import {
  AUTOCOMPLETE_DELAY_MS,
  AutocompleteInput,
  resourceSuggestions,
} from '../../engine/autocomplete-input.component';
import { DateInput } from '../../engine/date-input.component';
import { MonthYearInput } from '../../engine/month-year-input.component';
import { Loading } from '../../shell/loading.component';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes.hook';
import { toast } from '../../shell/toasts.component';
import { queryKeys } from '../../query-keys';

/** The query of a project's forms, shared with the header's highlights (refreshed after a save). */

/**
 * A project's dynamic forms (issue 13): each form the project's types and theme call for, in its
 * number of columns, with an input per field by type, its progress and state, and its own save.
 * `readOnly` (whoever may not change the project): the values shown in inputs that take none, no save.
 */
export function ProjectFormsPanel({ projectId, readOnly = false }: { projectId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { data: forms, error } = useQuery({
    queryKey: queryKeys.project.forms(projectId),
    queryFn: () => api('GET', 'api.projects.forms', { params: { projet: projectId } }),
  });
  if (error) return <Alert color="red">{error.message}</Alert>;
  if (!forms) return <Loading size="sm" />;
  if (forms.length === 0) return <Text c="dimmed">{t('projectForms.empty')}</Text>;
  return (
    <Stack>
      {forms.map((form) => (
        // Re-created from the saved values after each save.
        <CharacteristicsForm
          key={`${form.id}-${JSON.stringify(form.values)}`}
          projectId={projectId}
          form={form}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
}

/** A value as a comparison sees it: an empty text or list, an unticked box, is no value. */
const comparable = (value: CharacteristicValue | undefined) =>
  JSON.stringify(
    value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0)
      ? null
      : value,
  );

function CharacteristicsForm({
  projectId,
  form,
  readOnly,
}: {
  projectId: number;
  form: ProjectForm;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, CharacteristicValue>>(form.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Leaving the form (another tab, a menu entry) with values changed and not saved asks first.
  const guard = useUnsavedChangesGuard(
    form.fields.some(({ id }) => comparable(values[id]) !== comparable(form.values[id])),
  );
  const save = useMutation({
    mutationFn: () =>
      api('POST', 'api.projects.characteristics', {
        params: { projet: projectId, form: form.id },
        body: {
          values: Object.fromEntries(
            form.fields
              .filter((field) => !['title', 'iframe'].includes(field.type))
              .map((field) => [field.id, values[field.id] ?? null]),
          ),
        },
      }),
    onSuccess: async () => {
      guard.saved();
      setErrors({});
      toast.success(t('projectForms.saved'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.project.all(projectId) });
    },
    onError: (error) => {
      toast.error(error.message);
      if (error instanceof ApiRequestError) setErrors(error.payload.fieldErrors ?? {});
    },
  });
  const { filled, total, state } = form.progress;
  const titleId = `project-form-${form.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id={titleId}>
            {form.name}
          </Title>
          <Badge color={state?.color ?? 'gray'} variant={state ? 'filled' : 'light'}>
            {state ? t('projectForms.state', { state: state.name }) : t('projectForms.no_state')}
          </Badge>
        </Group>
        <Progress
          value={total === 0 ? 0 : (filled / total) * 100}
          aria-label={t('projectForms.progress_label', { form: form.name })}
          mb={4}
        />
        <Text size="sm" c="dimmed" mb="md">
          {t('projectForms.progress', { filled, total })}
        </Text>
        {/* Read only: every input of the form disabled at once, the values still shown. */}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: Math.min(form.columns, 2), md: form.columns }}>
            {form.fields.map((field) => (
              <CharacteristicInput
                key={field.id}
                field={field}
                value={values[field.id] ?? null}
                title={form.titles[field.id]}
                error={errors[field.id]}
                readOnly={readOnly}
                onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
              />
            ))}
          </SimpleGrid>
        </fieldset>
        {!readOnly && (
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={save.isPending}>
              {t('projectForms.save', { form: form.name })}
            </Button>
          </Group>
        )}
      </form>
    </Paper>
  );
}

interface CharacteristicInputProps {
  field: CharacteristicField;
  value: CharacteristicValue;
  title: string | undefined;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: CharacteristicValue) => void;
}

/** A field's input, by its type; a title and an iframe span the form's width. */
function CharacteristicInput({ field, value, title, error, readOnly, onChange }: CharacteristicInputProps) {
  const { t } = useTranslation();
  const common = { label: field.name, error, disabled: readOnly };
  const wide = { gridColumn: '1 / -1' };
  const options = field.options.map(({ label, value: option }) => ({ label, value: option }));
  switch (field.type) {
    case 'title':
      return (
        <Title order={3} size="h5" style={wide}>
          {field.name}
        </Title>
      );
    case 'iframe':
      return field.iframeUrl ? (
        <iframe
          title={field.name}
          src={field.iframeUrl}
          sandbox="allow-scripts allow-same-origin allow-popups"
          referrerPolicy="no-referrer"
          style={{ ...wide, width: '100%', minHeight: 400, border: 0 }}
        />
      ) : (
        <Alert color="yellow" title={field.name} style={wide}>
          {t('projectForms.iframe_not_allowed')}
        </Alert>
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          thousandSeparator={field.thousandsSeparator ? ' ' : undefined}
          decimalSeparator=","
          rightSection={field.unit ? <Text size="sm">{field.unit}</Text> : undefined}
          rightSectionWidth={field.unit ? 48 : undefined}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          withTime={false}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'month_year':
      return (
        <MonthYearInput
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={options}
          clearable
          searchable={field.autocomplete}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={options}
          clearable
          searchable={field.autocomplete}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          mt="lg"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'form_state':
      return (
        <Select
          {...common}
          data={field.states.map((state) => state.name)}
          clearable
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'individual':
    case 'structure': {
      const target = field.type === 'individual' ? 'individus' : 'structures';
      const id = typeof value === 'number' ? value : null;
      return (
        <AutocompleteInput
          {...common}
          suggestions={resourceSuggestions(target)}
          known={id !== null && title ? { [id]: title } : {}}
          value={id}
          onChange={(next) => onChange(next)}
        />
      );
    }
    default:
      // A text, with the field's options suggested when it is flagged autocomplete.
      return field.autocomplete ? (
        <EnteredValuesInput
          common={common}
          field={field}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
        />
      ) : (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/**
 * A text characteristic flagged autocomplete: as one types, its options and the values already
 * entered for it in other projects (those the user may see), the most used first.
 */
function EnteredValuesInput({
  common,
  field,
  value,
  onChange,
}: {
  common: { label: string; error: string | undefined; disabled: boolean };
  field: CharacteristicField;
  value: string;
  onChange: (value: string) => void;
}) {
  const [term] = useDebouncedValue(value.trim(), AUTOCOMPLETE_DELAY_MS);
  const entered = useQuery({
    queryKey: queryKeys.resource.enteredValues(field.id, term),
    queryFn: () => api('GET', 'api.projects.characteristic_values', { params: { id: field.id }, query: { term } }),
    enabled: !common.disabled,
    placeholderData: (previous) => previous,
  });
  const data = [...new Set([...field.options.map((option) => option.label), ...(entered.data ?? [])])];
  return <Autocomplete {...common} data={data} value={value} onChange={onChange} />;
}
