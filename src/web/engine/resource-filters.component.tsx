import { Autocomplete, Badge, Button, Collapse, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldDef } from '../../shared/resources/fields';
import { filterFields, type ResourceDefinition, type Suggestion } from '../../shared/resources/resource';
import { path, type ParamlessRouteName } from '../../shared/routes';
import {
  AutocompleteInput,
  resourceSuggestions,
  useRecordTitles,
  useTypedSuggestions,
} from './autocomplete-input.component';
import { INVALID_DATE_ATTRIBUTE } from './date-input.component';
import { useReferenceChoices } from './field-input.component';
import { rangeNames, webFieldKinds } from './field-kinds.component';
import { useWebModule } from './web-module';

/**
 * The URL parameters that are search criteria: the free search, the filter fields (a range's two
 * days), and among `present` (the names of a query or a form) those of the resource's own criteria.
 */
export function criteriaNames(definition: ResourceDefinition, present: Iterable<string> = []): string[] {
  const own = [...present].filter((name) => definition.listCriteria?.test(name));
  const fields = filterFields(definition).flatMap((name) =>
    definition.fields[name]!.filter === 'range' ? rangeNames(name) : [name],
  );
  return [...new Set(['q', ...fields, ...own])];
}

/** The range filter fields whose first day, in this form's data, comes after its last. */
function invertedRanges(definition: ResourceDefinition, data: FormData): string[] {
  return filterFields(definition).filter((name) => {
    const def = definition.fields[name]!;
    if (def.filter !== 'range' || (def.kind !== 'date' && def.kind !== 'datetime')) return false;
    const [from, to] = rangeNames(name).map((param) => String(data.get(param) ?? '').trim());
    return Boolean(from && to && from > to);
  });
}

/** Active filters: criteria with a value (page, sort and hidden fields do not count). */
export function activeFilterCount(definition: ResourceDefinition, params: URLSearchParams): number {
  return criteriaNames(definition, params.keys()).filter((name) => (params.get(name) ?? '') !== '').length;
}

function FilterInput({
  slug,
  name,
  def,
  params,
}: {
  slug: string;
  name: string;
  def: FieldDef;
  params: URLSearchParams;
}) {
  const { t } = useTranslation();
  const label = t(`resources.${slug}.fields.${name}`);
  const choices = useReferenceChoices(def);
  const any = { value: '', label: t('engine.any') };
  const value = params.get(name) ?? '';
  return webFieldKinds[def.kind].filter({ t, slug, name, def, label, value, params, any, choices, ReferenceFilter });
}

/** A record of a large reference target, found by typing part of its title (its autocomplete). */
export function ReferenceFilter({
  label,
  name,
  target,
  value,
}: {
  label: string;
  name: string;
  target: string;
  value: string;
}) {
  const [chosen, setChosen] = useState<number | null>(value ? Number(value) : null);
  const known = useRecordTitles(target, value ? Number(value) : null);
  return (
    <>
      <AutocompleteInput
        label={label}
        suggestions={resourceSuggestions(target)}
        known={known}
        value={chosen}
        onChange={setChosen}
      />
      <input type="hidden" name={name} value={chosen ?? ''} />
    </>
  );
}

/**
 * The free search, suggesting records from the resource's searchSuggest route as one types (the
 * users' find-approximately: typos tolerated); choosing one opens it, filtering takes the text typed.
 */
function SuggestingSearch({
  definition,
  route,
  value,
}: {
  definition: ResourceDefinition;
  route: ParamlessRouteName;
  value: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(value);
  const suggestions = useTypedSuggestions<SearchSuggestion>(route, text);
  // Each suggestion as one line, what tells homonyms apart (a user's email) included.
  const lines = new Map(
    suggestions.map((suggestion) => [
      suggestion.email ? `${suggestion.label} — ${suggestion.email}` : suggestion.label,
      suggestion.value,
    ]),
  );
  return (
    <Autocomplete
      label={t('engine.search')}
      description={t('engine.search_suggests')}
      name="q"
      type="search"
      value={text}
      onChange={setText}
      data={[...lines.keys()]}
      // The server has already chosen them, typos tolerated: every suggestion is shown.
      filter={({ options }) => options}
      onOptionSubmit={(line) => {
        const id = lines.get(line);
        if (id !== undefined) void navigate(path('admin.resource.show', { resource: definition.slug, id }));
      }}
    />
  );
}

/** A suggestion of the search, with what tells it apart (a user's email). */
type SearchSuggestion = Suggestion & { email?: string };

interface ResourceFiltersProps {
  definition: ResourceDefinition;
  params: URLSearchParams;
  onApply: (criteria: Record<string, string>) => void;
}

/** The collapsible search panel (filtre-de-recherche), its button showing the number of active filters. */
export function ResourceFilters({ definition, params, onApply }: ResourceFiltersProps) {
  const { t } = useTranslation();
  const active = activeFilterCount(definition, params);
  const [opened, setOpened] = useState(active > 0);
  const ModuleFilters = useWebModule(definition.slug).ListFilters;

  const [rangeErrors, setRangeErrors] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A day that is no real date (31/02/2026) is not applied: its field says why, the list stays.
    const invalidDate = event.currentTarget.querySelector<HTMLElement>(`[${INVALID_DATE_ATTRIBUTE}]`);
    if (invalidDate) {
      invalidDate.blur();
      invalidDate.focus();
      return;
    }
    const data = new FormData(event.currentTarget);
    // A range ending before it starts is not applied either, as the kanban's filters say.
    const inverted = invertedRanges(definition, data);
    setRangeErrors(inverted.map((name) => t(`resources.${definition.slug}.fields.${name}`)));
    if (inverted.length > 0) return;
    // The criteria in force that the form no longer gives (a characteristic changed) are removed.
    const names = criteriaNames(definition, [...params.keys(), ...data.keys()]);
    onApply(Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '').trim()])));
  }

  return (
    <Paper withBorder p="sm">
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
          aria-expanded={opened}
          rightSection={
            active > 0 ? <Badge size="sm">{t('engine.active_filters', { count: active })}</Badge> : undefined
          }
        >
          {t('engine.filters')}
        </Button>
        {active > 0 && (
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              onApply(Object.fromEntries(criteriaNames(definition, params.keys()).map((name) => [name, ''])))
            }
          >
            {t('engine.reset_filters')}
          </Button>
        )}
      </Group>
      <Collapse expanded={opened}>
        {/* Re-created when the URL changes, so the inputs show the criteria in force. */}
        <form key={params.toString()} onSubmit={submit} role="search" aria-label={t('engine.filters')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="sm">
            {definition.searchSuggest ? (
              <SuggestingSearch
                definition={definition}
                route={definition.searchSuggest}
                value={params.get('q') ?? ''}
              />
            ) : (
              <TextInput label={t('engine.search')} name="q" defaultValue={params.get('q') ?? ''} type="search" />
            )}
            {ModuleFilters && <ModuleFilters params={params} />}
            {filterFields(definition).map((name) => (
              <FilterInput
                key={name}
                slug={definition.slug}
                name={name}
                def={definition.fields[name]!}
                params={params}
              />
            ))}
          </SimpleGrid>
          {rangeErrors.map((field) => (
            <Text key={field} size="sm" c="red.8" role="alert" mt="xs">
              {t('engine.range_error', { field, message: t('tickets.errors.deadline_range') })}
            </Text>
          ))}
          <Group justify="flex-end" mt="sm">
            <Button type="submit">{t('engine.apply_filters')}</Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
