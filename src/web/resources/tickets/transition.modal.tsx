import { Button, Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransitionForm } from '../../../shared/resources/ticket-board';
import { DateInput } from '../../engine/date-input.component';
import { AppModal } from '../../shell/app-modal.component';
import { useConfirmLeave } from '../../shell/unsaved-changes.hook';

type Characteristic = TransitionForm['characteristics'][number];

/**
 * One characteristic's input, by its type; every value is sent as text (a checkbox: "true" or
 * "false"). All but the checkbox are required by the server.
 */
function CharacteristicInput({
  characteristic: { name, type, options },
  value,
  error,
  onChange,
}: {
  characteristic: Characteristic;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const common = { label: name, error, required: type !== 'checkbox' };
  switch (type) {
    case 'number':
      return <NumberInput {...common} value={value} decimalSeparator="," onChange={(next) => onChange(String(next))} />;
    case 'date':
      return <DateInput {...common} value={value || null} onChange={(next) => onChange(next ?? '')} withTime={false} />;
    case 'choice':
      return <Select {...common} data={options} value={value || null} onChange={(next) => onChange(next ?? '')} />;
    case 'checkbox':
      return (
        <Checkbox
          label={name}
          error={error}
          checked={value === 'true'}
          onChange={(event) => onChange(String(event.currentTarget.checked))}
        />
      );
    default:
      return <TextInput {...common} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
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
  /** Resolves with the server's errors by field (`characteristics.<name>`), or null once moved. */
  onSubmit: (characteristics: Record<string, string>) => Promise<Record<string, string> | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [initial] = useState<Record<string, string>>(() =>
    Object.fromEntries(form.characteristics.map(({ name, type }) => [name, type === 'checkbox' ? 'false' : ''])),
  );
  const [values, setValues] = useState(initial);
  const confirmLeave = useConfirmLeave();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const refused = await onSubmit(values);
    if (!refused) return;
    setErrors(refused);
    setSending(false);
  }

  return (
    <AppModal
      title={t('resources.tickets.board.transition_modal.title', { step: stepName })}
      onClose={onClose}
      dirty={Object.entries(values).some(([name, value]) => value !== initial[name])}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text size="sm">{t('resources.tickets.board.transition_modal.intro', { name: ticketName })}</Text>
          {form.characteristics.map((characteristic) => (
            <CharacteristicInput
              key={characteristic.name}
              characteristic={characteristic}
              value={values[characteristic.name] ?? ''}
              error={errors[`characteristics.${characteristic.name}`]}
              onChange={(value) => setValues((current) => ({ ...current, [characteristic.name]: value }))}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => confirmLeave(onClose)} disabled={sending}>
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
