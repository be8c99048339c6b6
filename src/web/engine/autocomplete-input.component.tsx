import { MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../shared/resources/registry';
import { recordLabel, type Suggestion } from '../../shared/resources/resource';
import { path, type ParamlessRouteName } from '../../shared/routes';
import { api, apiAt } from '../api-client';
import { queryKeys } from '../query-keys';

/** Spec 9: suggestions are asked for 300 ms after the last key, from the first character. */
export const AUTOCOMPLETE_DELAY_MS = 300;
const AUTOCOMPLETE_MIN_LENGTH = 1;

const keepAll: OptionsFilter = ({ options }) => options;

interface AutocompleteProps {
  /** Where the suggestions come from (resourceSuggestions or routeSuggestions). */
  suggestions: SuggestionsUrl;
  label: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  /** Shown under the input (e.g. why it is disabled for now). */
  description?: string;
  /** Titles of the values already chosen, by id. */
  known: Record<string, string>;
}

/** Where suggestions come from: the address of the reply for a typed term. */
export type SuggestionsUrl = (term: string) => string;

/** The target resource's own autocomplete. */
export const resourceSuggestions =
  (target: string): SuggestionsUrl =>
  (term) =>
    path('api.resource.autocomplete', { resource: target, term });
/** A route of its own (a field's `suggest`), told which record is edited when one is. */
export const routeSuggestions =
  (route: ParamlessRouteName, record?: number): SuggestionsUrl =>
  (term) =>
    path(route, { term, record });

/** A route's suggestions for a term being typed: asked 300 ms after the last key, from the first character. */
export function useTypedSuggestions<T extends Suggestion<number | string>>(
  route: ParamlessRouteName,
  term: string,
): T[] {
  return useDebouncedSuggestions<T>(routeSuggestions(route), term);
}

function useDebouncedSuggestions<T extends Suggestion<number | string>>(url: SuggestionsUrl, term: string): T[] {
  const [debounced] = useDebouncedValue(term.trim(), AUTOCOMPLETE_DELAY_MS);
  const { data = [] } = useQuery({
    queryKey: queryKeys.autocomplete(url(debounced)),
    enabled: debounced.length >= AUTOCOMPLETE_MIN_LENGTH,
    // Suggestions of the engine's autocomplete or of a route of a resource's own (value and label alike).
    queryFn: async () => (await apiAt('GET', 'api.resource.autocomplete', url(debounced))) as T[],
  });
  return data;
}

/** `known` names the values already chosen; it may arrive after the first render (a looked-up label). */
function useSuggestions(url: SuggestionsUrl, known: Record<string, string>) {
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState(known);
  const data = useDebouncedSuggestions(url, term);
  const labels = {
    ...chosen,
    ...known,
    ...Object.fromEntries(data.map(({ value, label }) => [String(value), label])),
  };
  return {
    options: Object.entries(labels).map(([value, label]) => ({ value, label })),
    // The server has already filtered: every suggestion is shown.
    searchProps: { searchable: true, searchValue: term, onSearchChange: setTerm, filter: keepAll },
    remember: (ids: string[]) => setChosen(Object.fromEntries(ids.map((id) => [id, labels[id] ?? id]))),
  };
}

/** A reference chosen by typing part of its title (GET …/autocomplete?term=, JSON reply). */
export function AutocompleteInput({
  value,
  onChange,
  ...props
}: AutocompleteProps & { value: number | null; onChange: (value: number | null) => void }) {
  const { t } = useTranslation();
  const { options, searchProps, remember } = useSuggestions(props.suggestions, props.known);
  return (
    <Select
      label={props.label}
      required={props.required}
      error={props.error}
      disabled={props.disabled}
      description={props.description}
      {...searchProps}
      clearable={!props.required}
      nothingFoundMessage={t('engine.type_to_search')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        remember(next ? [next] : []);
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}

/** Several references chosen by typing. */
export function AutocompleteMultiInput({
  value,
  onChange,
  ...props
}: AutocompleteProps & { value: number[]; onChange: (value: number[]) => void }) {
  const { t } = useTranslation();
  const { options, searchProps, remember } = useSuggestions(props.suggestions, props.known);
  return (
    <MultiSelect
      label={props.label}
      required={props.required}
      error={props.error}
      disabled={props.disabled}
      description={props.description}
      {...searchProps}
      nothingFoundMessage={t('engine.type_to_search')}
      data={options}
      value={value.map(String)}
      onChange={(next) => {
        remember(next);
        onChange(next.map(Number));
      }}
    />
  );
}

/**
 * The label of a text field's value among its route's suggestions (field.text's `suggest`): the
 * route is asked for the value itself, and answers it first. Null while unknown.
 */
export function useSuggestionLabel(route: ParamlessRouteName, value: string): string | null {
  const { data } = useQuery({
    queryKey: queryKeys.autocomplete(path(route, { term: value })),
    enabled: value !== '',
    queryFn: () => apiAt('GET', 'api.structures.naf_codes', path(route, { term: value })),
  });
  return data?.find((suggestion) => suggestion.value === value)?.label ?? null;
}

/** A text chosen among a route's suggestions, e.g. a NAF code: the value is the code, shown with its label. */
export function SuggestInput({
  route,
  label,
  required,
  error,
  value,
  onChange,
}: {
  route: ParamlessRouteName;
  label: string;
  required?: boolean;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const valueLabel = useSuggestionLabel(route, value);
  const known = value === '' ? {} : { [value]: valueLabel ?? value };
  const { options, searchProps, remember } = useSuggestions(routeSuggestions(route), known);
  return (
    <Select
      label={label}
      required={required}
      error={error}
      {...searchProps}
      clearable={!required}
      nothingFoundMessage={t('engine.type_to_search')}
      data={options}
      value={value === '' ? null : value}
      onChange={(next) => {
        remember(next ? [next] : []);
        onChange(next ?? '');
      }}
    />
  );
}

/** The label of a record already chosen (a filter read from the URL), as `known` wants it: {} until loaded. */
export function useRecordTitles(target: string, id: number | null): Record<string, string> {
  const definition = findResource(target);
  const { data } = useQuery({
    queryKey: queryKeys.resource.item(target, String(id)),
    enabled: definition !== undefined && id !== null,
    queryFn: () => api('GET', 'api.resource.item', { params: { resource: target, id: id! } }),
  });
  return data && definition ? { [String(data.id)]: recordLabel(definition, data) } : {};
}
