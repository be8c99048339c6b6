import { Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyValue } from '../../shared/resources/field-kinds';
import type { FieldDef } from '../../shared/resources/fields';
import { addLabel } from './add-label';
import type { FieldErrorTree, FieldInputProps } from './field-input.component';

export type Row = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The index a new row takes: one past the highest in use, so a removed row's number is never reused. */
export function nextFreeIndex(indexes: readonly number[]): number {
  return indexes.length === 0 ? 0 : Math.max(...indexes) + 1;
}

/** Spec 2.2: repeatable rows of sub-fields, added and removed; each row keeps its own index. */
export function CollectionInput({
  slug,
  def,
  name,
  label,
  rows,
  onChange,
  errors,
  Input,
  subInputs = {},
}: {
  slug: string;
  def: FieldDef;
  /** The collection field's name: its rows' name ("Transition") and add button ("Ajouter une transition"). */
  name: string;
  label: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errors?: FieldErrorTree;
  /** The input of each sub-field: the field input, given by it (it holds this collection). */
  Input: ComponentType<FieldInputProps>;
  /**
   * Inputs replacing some sub-fields' own, given the whole row (a project type offered by the row's
   * mission): a web module's input of the collection passes them.
   */
  subInputs?: Record<string, ComponentType<FieldInputProps & { row: Row }>>;
}) {
  const { t } = useTranslation();
  const rowName = t(`resources.${slug}.rows.${name}`);
  const fields = Object.entries(def.fields ?? {});
  const [indexes, setIndexes] = useState(() => rows.map((_, position) => position));
  const rowError = typeof errors?.message === 'string' ? t(errors.message) : undefined;
  /** A sub-field waiting for another of its row (enabledBy): what to choose first. */
  const waitingFor = (sub: FieldDef, row: Row) =>
    sub.enabledBy !== undefined && isEmpty(row[sub.enabledBy])
      ? t('engine.enabled_by', { field: t(`resources.${slug}.subfields.${sub.enabledBy}`) })
      : undefined;

  function add() {
    setIndexes([...indexes, nextFreeIndex(indexes)]);
    onChange([...rows, Object.fromEntries(fields.map(([subName, sub]) => [subName, emptyValue(sub)]))]);
  }
  function remove(position: number) {
    setIndexes(indexes.filter((_, at) => at !== position));
    onChange(rows.filter((_, at) => at !== position));
  }
  function change(position: number, subName: string, value: unknown) {
    onChange(rows.map((row, at) => (at === position ? { ...row, [subName]: value } : row)));
  }

  return (
    <Fieldset legend={label} style={{ gridColumn: '1 / -1' }}>
      <Stack>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('engine.collection_empty')}
          </Text>
        )}
        {rows.map((row, position) => {
          const rowLabel = t('engine.collection_row', { label: rowName, index: (indexes[position] ?? position) + 1 });
          return (
            <Fieldset key={indexes[position] ?? position} legend={rowLabel} variant="filled">
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {fields.map(([subName, sub]) => {
                  const SubInput = subInputs[subName];
                  const props: FieldInputProps = {
                    slug,
                    name: subName,
                    def: sub,
                    sub: true,
                    value: row[subName],
                    onChange: (value) => change(position, subName, value),
                    errors: errors?.[position]?.[subName],
                    disabledBecause: waitingFor(sub, row),
                    postalCode: sub.postalCodeFrom ? String(row[sub.postalCodeFrom] ?? '') : undefined,
                  };
                  return SubInput ? (
                    <SubInput key={subName} {...props} row={row} />
                  ) : (
                    <Input key={subName} {...props} />
                  );
                })}
              </SimpleGrid>
              <Group justify="flex-end" mt="xs">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => remove(position)}
                >
                  {t('engine.collection_remove', { row: rowLabel })}
                </Button>
              </Group>
            </Fieldset>
          );
        })}
        {rowError && (
          <Text size="sm" c="red.8" role="alert">
            {rowError}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
            {addLabel(t, slug, name)}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
