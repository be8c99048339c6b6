import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api-client';
import { useRecordTitles } from '../../engine/autocomplete-input.component';
import { CollectionInput, type Row } from '../../engine/collection-input.component';
import { FieldInput, type FieldInputProps } from '../../engine/field-input.component';
import { queryKeys } from '../../query-keys';

/**
 * A project's mission rows (mission, project type, officer): each row's project type is chosen
 * among those its mission offers (types-projet/ajax/par-mission/{mission}), as the server's save
 * accepts them; changing a row's mission clears its type.
 */
export function MissionRowsInput({ slug, name, def, value, onChange, errors }: FieldInputProps) {
  const { t } = useTranslation();
  const label = t(`resources.${slug}.fields.${name}`);
  const rows = (value as Row[] | undefined) ?? [];
  function changed(next: Row[]) {
    // Same rows (neither added nor removed): a row whose mission changed loses its type.
    const same = next.length === rows.length;
    onChange(
      next.map((row, index) => {
        const before = rows[index];
        return same && before && before.mission !== row.mission ? { ...row, projectType: null } : row;
      }),
    );
  }
  return (
    <CollectionInput
      slug={slug}
      name={name}
      def={def}
      label={label}
      rows={rows}
      onChange={changed}
      errors={errors}
      Input={FieldInput}
      subInputs={{ projectType: ProjectTypeOfMissionInput }}
    />
  );
}

/** The project types of the row's mission, by name; none to choose before the mission is. */
function ProjectTypeOfMissionInput({ slug, name, def, value, onChange, errors, row }: FieldInputProps & { row: Row }) {
  const { t } = useTranslation();
  const mission = typeof row.mission === 'number' ? row.mission : null;
  const { data: types = [] } = useQuery({
    queryKey: queryKeys.project.typesOfMission(mission ?? 0),
    queryFn: () => api('GET', 'api.project_types.by_mission', { params: { mission: mission! } }),
    enabled: mission !== null,
  });
  const chosen = typeof value === 'number' ? value : null;
  const options = types.map((type) => ({ value: String(type.id), label: type.name }));
  // A type chosen before that the mission does not offer stays shown, for the save to say why.
  const offered = chosen === null || options.some((option) => option.value === String(chosen));
  const chosenTitle = useRecordTitles('types-projet', offered ? null : chosen)[String(chosen)];
  if (!offered && chosenTitle) options.push({ value: String(chosen), label: chosenTitle });
  const error = typeof errors?.message === 'string' ? t(errors.message) : undefined;
  return (
    <Select
      label={t(`resources.${slug}.subfields.${name}`)}
      required={def.required}
      error={error}
      disabled={mission === null}
      description={
        mission === null ? t('engine.enabled_by', { field: t(`resources.${slug}.subfields.mission`) }) : undefined
      }
      data={options}
      value={chosen === null ? null : String(chosen)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable
      searchable
    />
  );
}
