import { Badge, Button, Collapse, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../shared/resources/fields';
import { filterFields, type ResourceDefinition } from '../../shared/resources/resource';
import { DateInput } from './date-input.component';
import { useReferenceOptions } from './field-input.component';

/** The URL parameters that are search criteria: the free search and the filter fields. */
export function criteriaNames(definition: ResourceDefinition): string[] {
  return ['q', ...filterFields(definition)];
}

/** Active filters: criteria with a value (page, sort and hidden fields do not count). */
export function activeFilterCount(definition: ResourceDefinition, params: URLSearchParams): number {
  return criteriaNames(definition).filter((name) => (params.get(name) ?? '') !== '').length;
}

function FilterInput({ slug, name, def, value }: { slug: string; name: string; def: FieldDef; value: string }) {
  const { t } = useTranslation();
  const label = t(`resources.${slug}.fields.${name}`);
  const references = useReferenceOptions(
    def.kind === 'reference' || def.kind === 'references' ? def.target : undefined,
  );
  const any = { value: '', label: t('engine.any') };
  switch (def.kind) {
    case 'boolean':
      return (
        <NativeSelect
          label={label}
          name={name}
          defaultValue={value}
          data={[any, { value: 'true', label: t('engine.yes') }, { value: 'false', label: t('engine.no') }]}
        />
      );
    case 'select':
      return (
        <NativeSelect
          label={label}
          name={name}
          defaultValue={value}
          data={[
            any,
            ...(def.choices ?? []).map((choice) => ({
              value: choice,
              label: t(`resources.${slug}.choices.${name}.${choice}`),
            })),
          ]}
        />
      );
    case 'date':
    case 'datetime':
      return <DayFilter label={label} name={name} value={value} />;
    case 'reference':
    case 'references':
      return <NativeSelect label={label} name={name} defaultValue={value} data={[any, ...(references.data ?? [])]} />;
    default:
      return <TextInput label={label} name={name} defaultValue={value} />;
  }
}

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply(Object.fromEntries(criteriaNames(definition).map((name) => [name, String(data.get(name) ?? '').trim()])));
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
            onClick={() => onApply(Object.fromEntries(criteriaNames(definition).map((name) => [name, ''])))}
          >
            {t('engine.reset_filters')}
          </Button>
        )}
      </Group>
      <Collapse expanded={opened}>
        {/* Re-created when the URL changes, so the inputs show the criteria in force. */}
        <form key={params.toString()} onSubmit={submit} role="search" aria-label={t('engine.filters')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="sm">
            <TextInput label={t('engine.search')} name="q" defaultValue={params.get('q') ?? ''} type="search" />
            {filterFields(definition).map((name) => (
              <FilterInput
                key={name}
                slug={definition.slug}
                name={name}
                def={definition.fields[name]!}
                value={params.get(name) ?? ''}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit">{t('engine.apply_filters')}</Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
