import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARACTERISTIC_PARAM, characteristicParam } from '../../../shared/project-characteristics';

import { api } from '../../api-client';
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
 * chosen among those that take a value, and the value the projects have (case and accents ignored,
 * or one of several choices).
 */
function CharacteristicFilter({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const given = [...params.entries()].find(([name]) => CHARACTERISTIC_PARAM.test(name));
  const [field, setField] = useState<string | null>(given ? CHARACTERISTIC_PARAM.exec(given[0])![1]! : null);
  const { data: fields = [] } = useQuery({
    queryKey: queryKeys.project.filterableFields,
    queryFn: () => api('GET', 'api.projects.filterable_fields'),
  });
  if (fields.length === 0) return null;
  return (
    <>
      <Select
        label={t('projectForms.filter.field')}
        data={fields.map(({ id, name }) => ({ value: String(id), label: name }))}
        value={field}
        onChange={setField}
        searchable
        clearable
      />
      <TextInput
        label={t('projectForms.filter.value')}
        name={field ? characteristicParam(Number(field)) : undefined}
        defaultValue={given?.[1] ?? ''}
        disabled={!field}
      />
    </>
  );
}
