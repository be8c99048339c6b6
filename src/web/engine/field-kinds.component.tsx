import {
  Anchor,
  Checkbox,
  ColorInput,
  List,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Select,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldText, type FieldTextContext } from '../../shared/resources/field-kinds';
import type { FieldDef, FieldKind } from '../../shared/resources/fields';
import { path, type ParamlessRouteName } from '../../shared/routes';
import { RichTextEditor } from '../shell/rich-text-editor.component';
import {
  AutocompleteInput,
  AutocompleteMultiInput,
  SuggestInput,
  useSuggestionLabel,
  type SuggestionsUrl,
} from './autocomplete-input.component';
import { CollectionInput } from './collection-input.component';
import { DateInput } from './date-input.component';
import type { CommuneOfPostalCodeInput, FieldInputProps, Option } from './field-input.component';
import { UploadInput } from './file-input.component';
import { MonthYearInput } from './month-year-input.component';
import { PermissionsInput } from './permissions-input.component';
import type { ReferenceFilter } from './resource-filters.component';
import { cutToLimit, remainingCharacters } from './text-limit';

/**
 * What each field kind is to the web engine: its form input, its value in lists and on show pages,
 * and its input in the search panel. One entry per kind, a kind without one fails to compile; what
 * a kind is on both sides (schema, text, empty value) is shared/resources/field-kinds.ts's.
 * The components that hold an entry's input give it what they own through its context (the field
 * input itself for a collection's rows): the entries import none of them back.
 */
interface WebFieldKind {
  input: (context: InputContext) => ReactNode;
  /** The value, its one-line text never empty (fieldText's). */
  value: (context: ValueContext) => ReactNode;
  filter: (context: FilterContext) => ReactNode;
}

/** What the field input (field-input.component.tsx) gives the entry drawing it. */
export interface InputContext extends Omit<FieldInputProps, 'titles'> {
  /** Titles of the records the value points at (reference fields), by id. */
  titles: Record<string, string>;
  t: TFunction;
  label: string;
  error: string | undefined;
  disabled: boolean;
  common: { label: string; error?: string; required?: boolean; disabled: boolean; description?: string };
  /** A reference's target is chosen by typing (its autocomplete), not in a list. */
  byAutocomplete: boolean;
  /** A reference's records to choose from, when not by typing. */
  options: Option[];
  /** A reference's autocomplete: the field's suggest route, else its target's. */
  autocomplete: InputContext['common'] & { suggestions: SuggestionsUrl; known: Record<string, string> };
  /** The field input itself: a collection's sub-fields. */
  Input: ComponentType<FieldInputProps>;
  CommuneInput: typeof CommuneOfPostalCodeInput;
}

/** What the value display (field-value.component.tsx) gives the entry drawing it. */
export interface ValueContext {
  name: string;
  def: FieldDef;
  value: unknown;
  text: string;
  textContext: FieldTextContext;
}

/** What the search panel (resource-filters.component.tsx) gives the entry drawing a filter. */
export interface FilterContext {
  t: TFunction;
  slug: string;
  name: string;
  def: FieldDef;
  label: string;
  /** The criterion in force. */
  value: string;
  params: URLSearchParams;
  /** The "any" choice heading a select. */
  any: { value: string; label: string };
  /** A reference's records (reference filters), undefined while unknown. */
  choices: { byTyping: true } | { byTyping: false; options: Option[] } | undefined;
  ReferenceFilter: typeof ReferenceFilter;
}

/** A date filter offering a first and a last day: its two URL parameters (the API's `<field>Du`, `<field>Au`). */
export const rangeNames = (name: string) => [`${name}Du`, `${name}Au`] as const;

/** A day, typed dd/mm/yyyy or picked: the list keeps the records of that day (a moment's date). */
function DayFilter({ label, name, value }: { label: string; name: string; value: string }) {
  const [day, setDay] = useState<string | null>(value || null);
  return (
    <>
      <DateInput label={label} value={day} onChange={setDay} withTime={false} />
      <input type="hidden" name={name} value={day ?? ''} />
    </>
  );
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

/** A value chosen among a route's suggestions (a NAF code), with the label naming it once known. */
function SuggestedValue({ route, value }: { route: ParamlessRouteName; value: string }) {
  return <>{useSuggestionLabel(route, value) ?? value}</>;
}

const plainValue = ({ def, text }: ValueContext) =>
  def.suggest ? <SuggestedValue route={def.suggest} value={text} /> : <>{text}</>;

const textFilter = ({ label, name, value }: FilterContext) => (
  <TextInput label={label} name={name} defaultValue={value} />
);

/** A one-line text input of that HTML type, or the suggestions of the field's route. */
const textInput =
  (type: 'text' | 'email' | 'url') =>
  ({ def, value, onChange, common }: InputContext) =>
    def.suggest ? (
      <SuggestInput {...common} route={def.suggest} value={String(value ?? '')} onChange={onChange} />
    ) : (
      <TextInput
        {...common}
        type={type}
        maxLength={def.maxLength}
        value={String(value ?? '')}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );

const dayInput =
  (withTime: boolean) =>
  ({ value, onChange, common }: InputContext) => (
    <DateInput {...common} withTime={withTime} value={typeof value === 'string' ? value : null} onChange={onChange} />
  );

const dayFilter = ({ t, name, def, label, value, params }: FilterContext) => {
  if (def.filter === 'range') {
    const [from, to] = rangeNames(name);
    return (
      <>
        <DayFilter label={t('engine.range_from', { field: label })} name={from} value={params.get(from) ?? ''} />
        <DayFilter label={t('engine.range_to', { field: label })} name={to} value={params.get(to) ?? ''} />
      </>
    );
  }
  return <DayFilter label={label} name={name} value={value} />;
};

/** A select's or a choices field's values, each with its label (resources.<slug>.choices.<field>.<value>). */
const choiceOptions = (t: TFunction, slug: string, name: string, def: FieldDef): Option[] =>
  (def.choices ?? []).map((choice) => ({ value: choice, label: t(`resources.${slug}.choices.${name}.${choice}`) }));

const choiceFilter = ({ t, slug, name, def, label, value, any }: FilterContext) => (
  <NativeSelect label={label} name={name} defaultValue={value} data={[any, ...choiceOptions(t, slug, name, def)]} />
);

const referenceFilter = ({ def, label, name, value, any, choices, ReferenceFilter }: FilterContext) =>
  // Thousands of choices (the communes) are found by typing, not in a list.
  choices?.byTyping ? (
    <ReferenceFilter label={label} name={name} target={def.target!} value={value} />
  ) : (
    <NativeSelect
      label={label}
      name={name}
      defaultValue={value}
      data={[any, ...(choices?.byTyping === false ? choices.options : [])]}
    />
  );

export const webFieldKinds: Record<FieldKind, WebFieldKind> = {
  text: { input: textInput('text'), value: plainValue, filter: textFilter },
  email: {
    input: textInput('email'),
    value: ({ text }) => <Anchor href={`mailto:${text}`}>{text}</Anchor>,
    filter: textFilter,
  },
  url: {
    input: textInput('url'),
    value: ({ text }) => (
      <Anchor href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </Anchor>
    ),
    filter: textFilter,
  },
  textarea: {
    input: ({ def, value, onChange, common }) => {
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
    },
    // Its line breaks are the writer's (or a mail's): kept as written.
    value: ({ text }) => <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
    filter: textFilter,
  },
  richtext: {
    input: ({ common, value, onChange }) => (
      <RichTextEditor
        label={common.label}
        error={common.error}
        required={common.required}
        value={String(value ?? '')}
        onChange={onChange}
      />
    ),
    value: plainValue,
    filter: textFilter,
  },
  color: {
    input: ({ t, label, value, onChange, common }) => (
      <ColorInput
        {...common}
        value={String(value ?? '')}
        onChange={onChange}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': t('engine.eye_dropper', { field: label }) }}
      />
    ),
    value: plainValue,
    filter: textFilter,
  },
  integer: {
    input: ({ value, onChange, common }) => (
      <NumberInput
        {...common}
        allowDecimal={false}
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
      />
    ),
    value: plainValue,
    filter: textFilter,
  },
  boolean: {
    input: ({ label, error, disabled, disabledBecause, value, onChange }) => (
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
    ),
    value: plainValue,
    filter: ({ t, label, name, value, any }) => (
      <NativeSelect
        label={label}
        name={name}
        defaultValue={value}
        data={[any, { value: 'true', label: t('engine.yes') }, { value: 'false', label: t('engine.no') }]}
      />
    ),
  },
  select: {
    input: ({ t, slug, name, def, value, onChange, common }) => (
      <Select
        {...common}
        clearable={!def.required}
        value={value === null || value === undefined ? null : String(value)}
        onChange={(next) => onChange(next)}
        data={choiceOptions(t, slug, name, def)}
      />
    ),
    value: plainValue,
    filter: choiceFilter,
  },
  choices: {
    input: ({ t, slug, name, def, value, onChange, common }) => (
      <MultiSelect
        {...common}
        // Typed into to narrow the list, as a references field's.
        searchable
        clearable
        value={Array.isArray(value) ? (value as string[]) : []}
        onChange={onChange}
        data={choiceOptions(t, slug, name, def)}
      />
    ),
    value: plainValue,
    // The records holding that choice among theirs.
    filter: choiceFilter,
  },
  date: { input: dayInput(false), value: plainValue, filter: dayFilter },
  datetime: { input: dayInput(true), value: plainValue, filter: dayFilter },
  'month-year': {
    input: ({ value, onChange, common }) => (
      <MonthYearInput {...common} value={typeof value === 'string' ? value : null} onChange={onChange} />
    ),
    value: plainValue,
    filter: textFilter,
  },
  reference: {
    input: (context) => {
      const { t, def, value, onChange, common, titles, postalCode, byAutocomplete, autocomplete, options } = context;
      if (def.postalCodeFrom && postalCode && /^\d{5}$/.test(postalCode))
        return (
          <context.CommuneInput
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
    },
    value: plainValue,
    filter: referenceFilter,
  },
  references: {
    input: ({ value, onChange, common, byAutocomplete, autocomplete, options }) =>
      byAutocomplete ? (
        <AutocompleteMultiInput {...autocomplete} value={(value as number[] | undefined) ?? []} onChange={onChange} />
      ) : (
        <MultiSelect
          {...common}
          searchable
          value={((value as number[] | undefined) ?? []).map(String)}
          onChange={(next) => onChange(next.map(Number))}
          data={options}
        />
      ),
    value: plainValue,
    filter: referenceFilter,
  },
  texts: {
    input: ({ t, value, onChange, common }) => (
      <TagsInput
        {...common}
        description={t('engine.texts_help')}
        value={(value as string[] | undefined) ?? []}
        onChange={onChange}
      />
    ),
    value: plainValue,
    filter: textFilter,
  },
  file: {
    input: ({ slug, value, onChange, common }) => (
      <UploadInput {...common} folder={slug} value={String(value ?? '')} onChange={onChange} />
    ),
    value: ({ value, text }) => <Anchor href={path('uploads.file', { chemin: String(value) })}>{text}</Anchor>,
    filter: textFilter,
  },
  permissions: {
    input: ({ label, error, value, onChange }) => (
      <PermissionsInput label={label} error={error} value={(value as string[]) ?? []} onChange={onChange} />
    ),
    value: plainValue,
    filter: textFilter,
  },
  collection: {
    input: ({ slug, name, def, label, value, onChange, errors, Input }) => (
      <CollectionInput
        slug={slug}
        name={name}
        def={def}
        label={label}
        rows={(value as Record<string, unknown>[] | undefined) ?? []}
        onChange={onChange}
        errors={errors}
        Input={Input}
      />
    ),
    value: ({ name, def, value, textContext }) => (
      <List size="sm">
        {(value as Record<string, unknown>[]).map((row, index) => (
          <List.Item key={index}>{fieldText(name, def, [row], textContext)}</List.Item>
        ))}
      </List>
    ),
    filter: textFilter,
  },
};
