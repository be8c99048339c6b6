import { Button, Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransitionForm } from '../../../shared/resources/ticket-board';
import { DateInput } from '../../engine/date-input.component';
import { AppModal } from '../../shell/app-modal.component';

type Characteristic = TransitionForm['characteristics'][number];

/** One characteristic's input, by its type; every value is sent as text (a checkbox: "1" or "0"). */
function CharacteristicInput({
  characteristic: { name, type, options },
  value,
  onChange,
}: {
  characteristic: Characteristic;
  value: string;
  onChange: (value: string) => void;
}) {
  switch (type) {
    case 'number':
      return <NumberInput label={name} value={value} onChange={(next) => onChange(String(next))} />;
    case 'date':
      return (
        <DateInput label={name} value={value || null} onChange={(next) => onChange(next ?? '')} withTime={false} />
      );
    case 'choice':
      return <Select label={name} data={options} value={value || null} onChange={(next) => onChange(next ?? '')} />;
    case 'checkbox':
      return (
        <Checkbox
          label={name}
          checked={value === '1'}
          onChange={(event) => onChange(event.currentTarget.checked ? '1' : '0')}
        />
      );
    default:
      return <TextInput label={name} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

/**
 * What a move's transition asks before it is recorded (409 of move-ajax): one input per
 * characteristic. Submitting sends the move with them; cancelling puts the card back.
 */
export function TransitionModal({
  form,
  ticketName,
  stepName,
  onSubmit,
  onClose,
}: {
  form: TransitionForm;
  ticketName: string;
  stepName: string;
  onSubmit: (characteristics: Record<string, string>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(form.characteristics.map(({ name, type }) => [name, type === 'checkbox' ? '0' : ''])),
  );
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    await onSubmit(values);
  }

  return (
    <AppModal title={t('resources.tickets.board.transition_modal.title', { step: stepName })} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Text size="sm">{t('resources.tickets.board.transition_modal.intro', { name: ticketName })}</Text>
          {form.characteristics.map((characteristic) => (
            <CharacteristicInput
              key={characteristic.name}
              characteristic={characteristic}
              value={values[characteristic.name] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [characteristic.name]: value }))}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('resources.tickets.board.transition_modal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
