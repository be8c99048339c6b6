import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMonthYear, maskMonthYear, parseMonthYear } from '../../shared/i18n/format';

interface MonthYearInputProps {
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
  /** "2026-03", or what is being typed until it makes a month-year. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A month-year typed through the 99/9999 mask (spec 5): "032026" shows "03/2026". A complete and
 * real month is kept as "2026-03"; anything else stays as typed, for the field's schema to refuse
 * ("13/2026": the month runs from 01 to 12).
 */
export function MonthYearInput({ value, onChange, ...common }: MonthYearInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...common}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('engine.month_year_placeholder')}
      value={value === null ? '' : formatMonthYear(value)}
      onChange={(event) => {
        const typed = maskMonthYear(event.currentTarget.value);
        onChange(typed === '' ? null : (parseMonthYear(typed) ?? typed));
      }}
    />
  );
}
