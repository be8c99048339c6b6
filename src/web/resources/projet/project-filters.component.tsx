import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMonthYear } from '../../../shared/i18n/format';
import {
  CHARACTERISTIC_PARAM,
  characteristicParam,
  type FilterableField,
} from '../../../shared/project-characteristics';

import { api } from '../../api-client';
import { DateInput, INVALID_DATE_ATTRIBUTE } from '../../engine/date-input.component';
import { MonthYearInput } from '../../engine/month-year-input.component';
import { ReferenceFilter } from '../../engine/resource-filters.component';
import { queryKeys } from '../../query-keys';

/** The project list's own criteria in its search panel: the commune where projects are, and a characteristic. */
export function ProjectFilters({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  return (
    <>
      <ReferenceFilter
        label={t('resources.projet.filters.commune')}
        name="commune"
        target="communes"
        value={params.get('commune') ?? ''}
      />
      <CharacteristicFilter params={params} />
    </>
  );
}

/**
 * The project list's characteristic criterion (caracteristique[<field id>]=<value>): a form field
 * chosen among those that take a value, then its value in the field's own kind, as the project's
 * forms show it: a choice among the option labels, a date, a month-year, yes, an individual or a
 * structure found by its name, a number or a text (case and accents ignored).
 */
function CharacteristicFilter({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const given = [...params.entries()].find(([name]) => CHARACTERISTIC_PARAM.test(name));
  const [fieldId, setFieldId] = useState<string | null>(given ? CHARACTERISTIC_PARAM.exec(given[0])![1]! : null);
  const { data: fields = [] } = useQuery({
    queryKey: queryKeys.project.filterableFields,
    queryFn: () => api('GET', 'api.projects.filterable_fields'),
  });
  if (fields.length === 0) return null;
  const field = fields.find(({ id }) => String(id) === fieldId);
  // The value given with the address applies to the field it was given for.
  const initial = given && field && given[0] === characteristicParam(field.id) ? given[1] : '';
  return (
    <>
      <Select
        label={t('projectForms.filter.field')}
        data={fields.map(({ id, name }) => ({ value: String(id), label: name }))}
        value={fieldId}
        onChange={setFieldId}
        searchable
        clearable
      />
      {field ? (
        // Remounted with its own state when another field is chosen.
        <CharacteristicValue key={field.id} field={field} initial={initial} />
      ) : (
        <TextInput label={t('projectForms.filter.value')} disabled />
      )}
    </>
  );
}

/** The value of the chosen characteristic, in the input of its kind; the criterion is its hidden input. */
function CharacteristicValue({ field, initial }: { field: FilterableField; initial: string }) {
  const { t } = useTranslation();
  const label = t('projectForms.filter.value');
  const name = characteristicParam(field.id);
  const [value, setValue] = useState<string | null>(initial || null);
  const hidden = <input type="hidden" name={name} value={value ?? ''} />;
  switch (field.type) {
    case 'select':
    case 'multiselect':
    case 'form_state':
      return (
        <>
          <Select label={label} data={field.choices} value={value} onChange={setValue} searchable clearable />
          {hidden}
        </>
      );
    case 'checkbox':
      return (
        <>
          <Select
            label={label}
            data={[{ value: 'true', label: t('projectForms.yes') }]}
            value={value}
            onChange={setValue}
            clearable
          />
          {hidden}
        </>
      );
    case 'date':
      return (
        <>
          <DateInput label={label} value={value} onChange={setValue} withTime={false} />
          {hidden}
        </>
      );
    case 'month_year':
      return <MonthYearFilter label={label} name={name} initial={initial} />;
    case 'individual':
    case 'structure':
      return (
        <ReferenceFilter
          label={label}
          name={name}
          target={field.type === 'individual' ? 'individus' : 'structures'}
          value={initial}
        />
      );
    default:
      return <TextInput label={label} name={name} defaultValue={initial} />;
  }
}

/** A month-year typed mm/yyyy: one that is no real month says so under the field (spec 5). */
function MonthYearFilter({ label, name, initial }: { label: string; name: string; initial: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(initial || null);
  const [left, setLeft] = useState(false);
  const invalid = value !== null && !/^\d{4}-\d{2}$/.test(value) && parseMonthYear(value) === null;
  return (
    // Marked as a date input is when no real month: the search panel does not apply it.
    <div onBlur={() => setLeft(true)} {...(invalid ? { [INVALID_DATE_ATTRIBUTE]: true } : {})}>
      <MonthYearInput
        label={label}
        value={value}
        onChange={setValue}
        error={invalid && (left || value.length >= 7) ? t('validation.date') : undefined}
      />
      <input type="hidden" name={name} value={value ?? ''} />
    </div>
  );
}
