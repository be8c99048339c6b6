import { Checkbox, ColorInput, MultiSelect, NumberInput, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../shared/resources/fields';
import { findResource } from '../../shared/resources/registry';
import type { ResourcePage } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { apiRequest } from '../api-client';

interface FieldInputProps {
  slug: string;
  name: string;
  def: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
}

/** The characters left; a line break counts as two, as it does once sent. Orange from limit − 20. */
export function remainingCharacters(value: string, maxLength: number): number {
  const lineBreaks = value.match(/\n/g)?.length ?? 0;
  return maxLength - value.length - lineBreaks;
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

/** Options of a reference field: the target resource's records, by title. */
export function useReferenceOptions(target: string | undefined) {
  const definition = findResource(target);
  return useQuery({
    queryKey: ['resource', target, 'options'],
    enabled: definition !== undefined,
    queryFn: async () => {
      const page = await apiRequest<ResourcePage>(
        'GET',
        path('api.resource.collection', { resource: target ?? '', parPage: 100, tri: definition?.titleField }),
      );
      return page.items.map((item) => ({ value: String(item.id), label: String(item[definition!.titleField]) }));
    },
  });
}

/** The form input of a field, by kind. */
export function FieldInput({ slug, name, def, value, onChange, error }: FieldInputProps) {
  const { t } = useTranslation();
  const label = t(`resources.${slug}.fields.${name}`);
  const common = { label, error, required: def.required };
  const references = useReferenceOptions(
    def.kind === 'reference' || def.kind === 'references' ? def.target : undefined,
  );

  switch (def.kind) {
    case 'boolean':
      return (
        <Checkbox
          label={label}
          error={error}
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
    case 'textarea': {
      const text = String(value ?? '');
      const maxLength = def.maxLength ?? 5000;
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text}
          // Truncated at the limit, line breaks counting twice.
          onChange={(event) => {
            const next = event.currentTarget.value;
            onChange(remainingCharacters(next, maxLength) >= 0 ? next : text);
          }}
          description={<CharacterCounter value={text} maxLength={maxLength} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      );
    }
    case 'color':
      return <ColorInput {...common} value={String(value ?? '')} onChange={onChange} format="hex" />;
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
      return (
        <Select
          {...common}
          searchable
          clearable={!def.required}
          nothingFoundMessage={t('engine.empty')}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(next) => onChange(next === null ? null : Number(next))}
          data={references.data ?? []}
        />
      );
    case 'references':
      return (
        <MultiSelect
          {...common}
          searchable
          value={((value as number[] | undefined) ?? []).map(String)}
          onChange={(next) => onChange(next.map(Number))}
          data={references.data ?? []}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={def.kind === 'email' ? 'email' : def.kind === 'url' ? 'url' : def.kind === 'date' ? 'date' : 'text'}
          maxLength={def.maxLength}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
