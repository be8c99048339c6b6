import { MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Suggestion } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { apiRequest } from '../api-client';

/** Spec 9: suggestions are asked for 300 ms after the last key, from the first character. */
const AUTOCOMPLETE_DELAY_MS = 300;
const AUTOCOMPLETE_MIN_LENGTH = 1;

const keepAll: OptionsFilter = ({ options }) => options;

interface AutocompleteProps {
  target: string;
  label: string;
  required?: boolean;
  error?: string;
  /** Titles of the values already chosen, by id. */
  known: Record<string, string>;
}

function useSuggestions(target: string, known: Record<string, string>) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), AUTOCOMPLETE_DELAY_MS);
  const [chosen, setChosen] = useState(known);
  const { data = [] } = useQuery({
    queryKey: ['autocomplete', target, debounced],
    enabled: debounced.length >= AUTOCOMPLETE_MIN_LENGTH,
    queryFn: () =>
      apiRequest<Suggestion[]>('GET', path('api.resource.autocomplete', { resource: target, term: debounced })),
  });
  const labels = { ...chosen, ...Object.fromEntries(data.map(({ value, label }) => [String(value), label])) };
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
  const { options, searchProps, remember } = useSuggestions(props.target, props.known);
  return (
    <Select
      label={props.label}
      required={props.required}
      error={props.error}
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
  const { options, searchProps, remember } = useSuggestions(props.target, props.known);
  return (
    <MultiSelect
      label={props.label}
      required={props.required}
      error={props.error}
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
