import '@mantine/dates/styles.css';
import { ActionIcon, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTimeInput, parseDateTimeInput } from '../../shared/i18n/format';

/** Spec 9: the picker opens on noon, minutes go by 5, one month is shown. */
const DEFAULT_HOUR = 12;
const MINUTE_STEP = 5;
const pad = (n: number) => String(n).padStart(2, '0');
const hours = Array.from({ length: 24 }, (_, hour) => pad(hour));
const minutes = Array.from({ length: 60 / MINUTE_STEP }, (_, index) => pad(index * MINUTE_STEP));
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

interface DateInputProps {
  label: string;
  required?: boolean;
  error?: string;
  /** date: yyyy-mm-dd; datetime: an ISO moment. Anything else is what was typed and is invalid. */
  value: string | null;
  onChange: (value: string | null) => void;
  withTime: boolean;
}

function shown(value: string | null, withTime: boolean): string {
  if (!value) return '';
  const date = withTime ? new Date(value) : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00`) : null;
  if (!date || Number.isNaN(date.getTime())) return value;
  return withTime ? formatDateTimeInput(date) : formatDate(date);
}

/** The length of a whole date as typed: dd/mm/yyyy, and - hh:mm with the time. */
const typedLength = (withTime: boolean) => (withTime ? 18 : 10);

/** Marks an input whose text is no real date (a search panel does not apply it). */
export const INVALID_DATE_ATTRIBUTE = 'data-invalid-date';

/**
 * A date typed dd/mm/yyyy (and - hh:mm with the time), or picked from a calendar. What is typed is
 * kept only when it is a real date; otherwise the field holds the text and validation says why.
 * Without an error of its caller's, a text that is no real date says so under the field (spec 5:
 * "La date n'est pas valide.") once it is typed whole or left: 31/02/2026 is refused, not moved to
 * March; the input then carries INVALID_DATE_ATTRIBUTE.
 */
export function DateInput({ label, required, error, value, onChange, withTime }: DateInputProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => shown(value, withTime));
  // A value set from outside (a form filled from a link's page) is shown; what was typed stays as typed.
  const emitted = useRef(value);
  const emit = (next: string | null) => {
    emitted.current = next;
    onChange(next);
  };
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(shown(value, withTime));
  }, [value, withTime]);
  const [left, setLeft] = useState(false);
  const invalid = text.trim() !== '' && (!parseDateTimeInput(text) || (withTime && !text.includes(':')));
  const ownError =
    invalid && (left || text.trim().length >= typedLength(withTime))
      ? t(withTime ? 'validation.datetime' : 'validation.date')
      : undefined;
  const [opened, setOpened] = useState(false);
  const [hour, setHour] = useState(pad(DEFAULT_HOUR));
  const [minute, setMinute] = useState('00');

  function typed(next: string) {
    setText(next);
    if (next.trim() === '') return emit(null);
    const date = parseDateTimeInput(next);
    // A date alone in a datetime field needs its time.
    const complete = date && (!withTime || next.includes(':'));
    emit(complete ? (withTime ? date.toISOString() : isoDay(date)) : next);
  }

  function picked(day: string | null) {
    if (!day) return;
    const date = new Date(`${day}T${withTime ? `${hour}:${minute}` : '00:00'}`);
    setText(withTime ? formatDateTimeInput(date) : formatDate(date));
    emit(withTime ? date.toISOString() : day);
    setOpened(false);
  }

  const pickerLabel = t('engine.date_picker', { field: label });
  return (
    <TextInput
      label={label}
      required={required}
      error={error ?? ownError}
      value={text}
      onBlur={() => setLeft(true)}
      {...(invalid ? { [INVALID_DATE_ATTRIBUTE]: true } : {})}
      placeholder={t(withTime ? 'engine.datetime_placeholder' : 'engine.date_placeholder')}
      onChange={(event) => typed(event.currentTarget.value)}
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label={pickerLabel} onClick={() => setOpened((open) => !open)}>
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label={pickerLabel}>
            <Stack gap="xs">
              {withTime && (
                <Group grow>
                  <Select
                    label={t('engine.hour')}
                    data={hours}
                    value={hour}
                    onChange={(next) => setHour(next ?? hour)}
                  />
                  <Select
                    label={t('engine.minute')}
                    data={minutes}
                    value={minute}
                    onChange={(next) => setMinute(next ?? minute)}
                  />
                </Group>
              )}
              <DatePicker
                numberOfColumns={1}
                locale={i18n.language}
                onChange={picked}
                ariaLabels={{
                  previousMonth: t('engine.calendar.previous_month'),
                  nextMonth: t('engine.calendar.next_month'),
                  previousYear: t('engine.calendar.previous_year'),
                  nextYear: t('engine.calendar.next_year'),
                  previousDecade: t('engine.calendar.previous_decade'),
                  nextDecade: t('engine.calendar.next_decade'),
                  monthLevelControl: t('engine.calendar.month_level'),
                  yearLevelControl: t('engine.calendar.year_level'),
                }}
              />
            </Stack>
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
