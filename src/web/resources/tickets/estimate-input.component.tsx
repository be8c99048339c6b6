import { Group, NumberInput, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../engine/field-input.component';

/** A ticket's estimate is kept in minutes (tickets.resource.ts); a working day is 7 hours. */
export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 7 * MINUTES_PER_HOUR;
const units = { hours: MINUTES_PER_HOUR, days: MINUTES_PER_DAY } as const;
type Unit = keyof typeof units;

/** The unit an estimate reads best in: whole days, else hours. */
export function estimateUnit(minutes: number | null): Unit {
  return minutes !== null && minutes > 0 && minutes % MINUTES_PER_DAY === 0 ? 'days' : 'hours';
}

/** Minutes in a unit, to two decimals at most (90 minutes: 1.5 hours). */
const inUnit = (minutes: number, unit: Unit) => Math.round((minutes / units[unit]) * 100) / 100;

/**
 * The ticket's estimate, typed in hours or days (a unit chosen beside the number, the estimate
 * shown in the unit it reads best in), kept as the server's minutes.
 */
export function EstimateInput({ value, onChange, errors }: FieldInputProps) {
  const { t } = useTranslation();
  const minutes = typeof value === 'number' ? value : null;
  const [unit, setUnit] = useState<Unit>(() => estimateUnit(minutes));
  const [amount, setAmount] = useState<number | ''>(() => (minutes === null ? '' : inUnit(minutes, unit)));
  const error = typeof errors?.message === 'string' ? t(errors.message) : undefined;
  const send = (next: number | '', nextUnit: Unit) => onChange(next === '' ? null : Math.round(next * units[nextUnit]));
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberInput
        label={t('resources.tickets.estimate_input.label')}
        error={error}
        min={0}
        decimalScale={2}
        decimalSeparator=","
        style={{ flex: 1 }}
        value={amount}
        onChange={(next) => {
          const typed = typeof next === 'number' ? next : '';
          setAmount(typed);
          send(typed, unit);
        }}
      />
      <Select
        label={t('resources.tickets.estimate_input.unit')}
        w={120}
        allowDeselect={false}
        data={(Object.keys(units) as Unit[]).map((name) => ({
          value: name,
          label: t(`resources.tickets.estimate_input.units.${name}`),
        }))}
        value={unit}
        onChange={(next) => {
          if (next !== 'hours' && next !== 'days') return;
          setUnit(next);
          send(amount, next);
        }}
      />
    </Group>
  );
}
