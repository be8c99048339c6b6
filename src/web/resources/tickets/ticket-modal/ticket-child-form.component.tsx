import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../shared/resources/resource';

import { api, withFailureMessage } from '../../../api-client';
import { FieldInput, type FieldErrorTree } from '../../../engine/field-input.component';
import { useResourceForm } from '../../../engine/resource-form.hook';
import { useUnsavedChangesGuard } from '../../../shell/unsaved-changes.hook';
import { useRefreshTicket } from './ticket-modal.hook';

/**
 * A form adding a child record to a ticket (POST /api/tickets/{id}/<child>), as the project's
 * document upload form does: these fields of the child, the engine's inputs and validation. Its
 * opener gives it a new key once added, so that it starts empty again.
 */
export function TicketChildForm({
  ticketId,
  child,
  fields,
  presets,
  label,
  submitLabel,
  errorKey,
  onAdded,
  onFieldChange,
}: {
  ticketId: number;
  child: ResourceDefinition;
  fields: readonly string[];
  presets?: Record<string, unknown>;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The catalog key of the spec's generic error for this addition. */
  errorKey: string;
  onAdded: () => void;
  /** Follows a field's change (a document's title from its file's name). */
  onFieldChange?: (name: string, value: unknown, form: UseFormReturn<Record<string, unknown>>) => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshTicket();
  // Only these fields are validated: the parent's route sets the ticket.
  const definition = useMemo(
    () => ({ ...child, fields: Object.fromEntries(fields.map((name) => [name, child.fields[name]!])) }),
    [child, fields],
  );
  const { form, save } = useResourceForm({
    definition,
    presets,
    send: (values) =>
      withFailureMessage(
        api('POST', 'api.resource.children', {
          params: { resource: 'tickets', id: ticketId, child: child.slug },
          body: values,
        }),
        t(errorKey),
      ),
    onSaved: async () => {
      guard.saved();
      await refresh(child.slug);
      onAdded();
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // Closing the ticket with an addition typed but not added asks first.
  const guard = useUnsavedChangesGuard(isDirty);
  const inputs: ReactNode[] = fields.map((name) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => (
        <FieldInput
          slug={child.slug}
          name={name}
          def={child.fields[name]!}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onFieldChange?.(name, value, form);
          }}
          errors={errors[name] as FieldErrorTree | undefined}
        />
      )}
    />
  ));
  return (
    // Inside the modal's portal but within an opener's form in React's tree: its submit stops here.
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.stopPropagation();
        void save(event);
      }}
    >
      <SimpleGrid cols={{ base: 1, md: Math.min(fields.length, 2) }}>{inputs}</SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" variant="light" loading={isSubmitting} leftSection={<IconPlus size={16} aria-hidden />}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
