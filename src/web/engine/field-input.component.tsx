import {
  Anchor,
  Checkbox,
  ColorInput,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isReference, type FieldDef } from '../../shared/resources/fields';
import { findResource } from '../../shared/resources/registry';
import { recordTitle } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { api } from '../api-client';
import {
  AutocompleteInput,
  AutocompleteMultiInput,
  resourceSuggestions,
  routeSuggestions,
  SuggestInput,
  useRecordTitles,
} from './autocomplete-input.component';
import { CollectionInput } from './collection-input.component';
import { DateInput } from './date-input.component';
import { useCreateInModal } from './create-in-modal.hook';
import { MonthYearInput } from './month-year-input.component';
import { cutToLimit, remainingCharacters } from './text-limit';
import { UploadInput } from './file-input.component';
import { PermissionsInput } from './permissions-input.component';
import { RichTextEditor } from '../shell/rich-text-editor.component';

/** Errors as react-hook-form nests them: a message, or per row and sub-field for collections. */
export type FieldErrorTree = { message?: unknown } & { [key: string]: FieldErrorTree | undefined };

export interface FieldInputProps {
  slug: string;
  name: string;
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  errors?: FieldErrorTree;
  /** Titles of the records the value points at (reference fields), by id. */
  titles?: Record<string, string>;
  /** A sub-field of a collection: labelled from resources.<slug>.subfields. */
  sub?: boolean;
  /** Why the input is disabled for now (what to fill first), shown as its description. */
  disabledBecause?: string;
  /** The record an edit form edits: a `suggest` route leaves out what it may not point at. */
  recordId?: number;
  /** The postal code typed in the field a commune reference is narrowed by (its postalCodeFrom). */
  postalCode?: string;
}

function CharacterCounter({ value, maxLength }: { value: string; maxLength: number }) {
  const { t } = useTranslation();
  const remaining = remainingCharacters(value, maxLength);
  return (
    <Text size="xs" c={remaining <= 20 ? 'orange.9' : 'dimmed'} aria-live="polite">
      {t('engine.remaining_characters', { count: remaining })}
    </Text>
  );
}

/** The most records a reference offers as a list to choose from; beyond, it is chosen by typing. */
const LISTED_REFERENCES = 100;

/**
 * What a reference field offers: its target's records as a list when they are few, or, when the
 * field says so or the target holds more than a list can show (35 000 communes), `byTyping`: an
 * autocomplete. Undefined while unknown.
 */
export function useReferenceChoices(
  def: FieldDef,
): { byTyping: true } | { byTyping: false; options: Option[] } | undefined {
  const declared = isReference(def) && def.autocomplete === true;
  const definition = isReference(def) && !declared ? findResource(def.target) : undefined;
  const { data } = useQuery({
    queryKey: ['resource', definition?.slug, 'options'],
    enabled: definition !== undefined,
    queryFn: async () => {
      const page = await api('GET', 'api.resource.collection', {
        params: { resource: definition!.slug },
        query: { parPage: LISTED_REFERENCES, tri: definition!.titleField },
      });
      return {
        complete: page.total <= page.items.length,
        options: page.items.map((item) => ({ value: String(item.id), label: recordTitle(definition!, item) })),
      };
    },
  });
  if (declared) return { byTyping: true };
  if (!data) return undefined;
  return data.complete ? { byTyping: false, options: data.options } : { byTyping: true };
}

interface Option {
  value: string;
  label: string;
}

/**
 * The form input of a field; a reference declared createInModal gets its "new" button under it, one
 * declared editLink its edit (or add) link.
 */
export function FieldInput(props: FieldInputProps) {
  const { def, value, onChange } = props;
  const createInModal = useCreateInModal();
  if (!def.createInModal && !def.editLink) return <KindInput {...props} />;
  const select = (id: number) =>
    onChange(def.kind === 'references' ? [...((value as number[] | undefined) ?? []), id] : id);
  return (
    <Stack gap="xs">
      <KindInput {...props} />
      {def.createInModal && createInModal({ target: def.target ?? '', onCreated: select })}
      {def.editLink && <EditLink target={def.target ?? ''} id={typeof value === 'number' ? value : null} />}
    </Stack>
  );
}

/** Spec 2.2: with a value chosen, the link edits that record; without, it adds one. */
function EditLink({ target, id }: { target: string; id: number | null }) {
  const { t } = useTranslation();
  const singular = t(`resources.${target}.singular`);
  return id === null ? (
    <Anchor component={Link} size="sm" to={path('admin.resource.create', { resource: target })}>
      {t('engine.create_title', { resource: singular })}
    </Anchor>
  ) : (
    <Anchor component={Link} size="sm" to={path('admin.resource.edit', { resource: target, id })}>
      {t('engine.edit_link', { resource: singular })}
    </Anchor>
  );
}

/** The input of a field, by kind. */
function KindInput(props: FieldInputProps) {
  const {
    slug,
    name,
    def,
    value,
    onChange,
    errors,
    titles = {},
    sub = false,
    disabledBecause,
    recordId,
    postalCode,
  } = props;
  const { t } = useTranslation();
  const label = t(`resources.${slug}.${sub ? 'subfields' : 'fields'}.${name}`);
  const error = typeof errors?.message === 'string' ? t(errors.message) : undefined;
  const disabled = disabledBecause !== undefined;
  const common = { label, error, required: def.required, disabled, description: disabledBecause };
  const choices = useReferenceChoices(def);
  const byAutocomplete = choices?.byTyping === true;
  const options = choices && !choices.byTyping ? choices.options : [];
  const autocomplete = {
    suggestions: def.suggest ? routeSuggestions(def.suggest, recordId) : resourceSuggestions(def.target ?? ''),
    known: titles,
    ...common,
  };

  switch (def.kind) {
    case 'boolean':
      return (
        <Checkbox
          label={label}
          error={error}
          disabled={disabled}
          description={disabledBecause}
          // Mantine describes the checkbox by its error but does not mark it invalid as it does text inputs.
          aria-invalid={error !== undefined}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'integer':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'richtext':
      return <RichTextEditor label={label} value={String(value ?? '')} onChange={onChange} />;
    case 'textarea': {
      const text = String(value ?? '');
      const maxLength = def.maxLength ?? 5000;
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text}
          // Spec 5: truncated at the limit, line breaks counting twice; a paste too long is cut there.
          onChange={(event) => onChange(cutToLimit(text, event.currentTarget.value, maxLength))}
          description={<CharacterCounter value={text} maxLength={maxLength} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      );
    }
    case 'color':
      return (
        <ColorInput
          {...common}
          value={String(value ?? '')}
          onChange={onChange}
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': t('engine.eye_dropper', { field: label }) }}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          clearable={!def.required}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(next) => onChange(next)}
          data={(def.choices ?? []).map((choice) => ({
            value: choice,
            label: t(`resources.${slug}.choices.${name}.${choice}`),
          }))}
        />
      );
    case 'reference':
      if (def.postalCodeFrom && postalCode && /^\d{5}$/.test(postalCode))
        return (
          <CommuneOfPostalCodeInput
            {...common}
            known={titles}
            postalCode={postalCode}
            value={typeof value === 'number' ? value : null}
            onChange={onChange}
          />
        );
      if (byAutocomplete)
        return (
          <AutocompleteInput {...autocomplete} value={typeof value === 'number' ? value : null} onChange={onChange} />
        );
      return (
        <Select
          {...common}
          searchable
          clearable={!def.required}
          nothingFoundMessage={t('engine.empty')}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(next) => onChange(next === null ? null : Number(next))}
          data={options}
        />
      );
    case 'references':
      if (byAutocomplete)
        return (
          <AutocompleteMultiInput {...autocomplete} value={(value as number[] | undefined) ?? []} onChange={onChange} />
        );
      return (
        <MultiSelect
          {...common}
          searchable
          value={((value as number[] | undefined) ?? []).map(String)}
          onChange={(next) => onChange(next.map(Number))}
          data={options}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DateInput
          {...common}
          withTime={def.kind === 'datetime'}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
        />
      );
    case 'month-year':
      return <MonthYearInput {...common} value={typeof value === 'string' ? value : null} onChange={onChange} />;
    case 'texts':
      return (
        <TagsInput
          {...common}
          description={t('engine.texts_help')}
          value={(value as string[] | undefined) ?? []}
          onChange={onChange}
        />
      );
    case 'file':
      return <UploadInput {...common} folder={slug} value={String(value ?? '')} onChange={onChange} />;
    case 'permissions':
      return <PermissionsInput label={label} error={error} value={(value as string[]) ?? []} onChange={onChange} />;
    case 'collection':
      return (
        <CollectionInput
          slug={slug}
          def={def}
          label={label}
          rowLabel={t(`resources.${slug}.rows.${name}`, { defaultValue: label })}
          rows={(value as Record<string, unknown>[] | undefined) ?? []}
          onChange={onChange}
          errors={errors}
          Input={FieldInput}
        />
      );
    default:
      if (def.suggest)
        return <SuggestInput {...common} route={def.suggest} value={String(value ?? '')} onChange={onChange} />;
      return (
        <TextInput
          {...common}
          type={def.kind === 'email' ? 'email' : def.kind === 'url' ? 'url' : 'text'}
          maxLength={def.maxLength}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/**
 * A commune chosen among those of the postal code typed beside it (communes/ajax/code-postal): when
 * none is chosen yet, the code's only commune is chosen at once. A commune chosen before that the code
 * does not cover stays, shown with a note, until another is chosen: nothing changes unseen.
 */
function CommuneOfPostalCodeInput({
  postalCode,
  value,
  onChange,
  known,
  ...common
}: {
  postalCode: string;
  /** Titles of the communes already chosen, by id. */
  known: Record<string, string>;
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
}) {
  const { t } = useTranslation();
  const { data: communes } = useQuery({
    queryKey: ['communes', 'postal-code', postalCode],
    queryFn: () => api('GET', 'api.communes.by_postal_code', { query: { code: postalCode } }),
  });
  const only = communes?.length === 1 ? communes[0]!.id : null;
  useEffect(() => {
    if (only !== null && value === null) onChange(only);
  }, [only, value, onChange]);
  const options = (communes ?? []).map((commune) => ({ value: String(commune.id), label: commune.name }));
  const current = value === null ? null : String(value);
  const outside = communes !== undefined && current !== null && !options.some((option) => option.value === current);
  const currentTitle = useRecordTitles('communes', outside ? value : null);
  const currentLabel = current === null ? undefined : (known[current] ?? currentTitle[current]);
  if (outside && currentLabel) options.push({ value: current, label: currentLabel });
  const note = outside
    ? t('engine.postal_code_other_commune', { code: postalCode })
    : communes?.length === 0
      ? t('engine.postal_code_no_commune', { code: postalCode })
      : t('engine.postal_code_communes', { code: postalCode });
  return (
    <Select
      {...common}
      description={common.description ?? note}
      clearable={!common.required}
      value={current}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      data={options}
      nothingFoundMessage={t('engine.postal_code_no_commune', { code: postalCode })}
    />
  );
}
