import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { AppModal } from '../shell/app-modal.component';
import { addLabel } from './add-label';
import { ModalRecordForm } from './resource-modal-form.component';

/**
 * A panel's « Ajouter … » button, above its list, opening the resource's form in a modal: under a
 * parent record (saved through its routes) or prefilled with the page's record. Whoever shows it has
 * checked the user may create one.
 */
export function AddRecordButton({
  definition,
  parent,
  prefill,
  label,
  onSaved,
}: {
  definition: ResourceDefinition;
  /** The button's and the modal's title, when not the resource's « Ajouter … ». */
  label?: string;
  /** What follows a save, when not closing the modal (going to the new record's page). */
  onSaved?: (id: number) => void;
} & Pick<ComponentProps<typeof ModalRecordForm>, 'parent' | 'prefill'>) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const close = () => setAdding(false);
  const title = label ?? addLabel(t, definition.slug);
  return (
    <>
      <Group mb="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {title}
        </Button>
      </Group>
      {adding && (
        <AppModal onClose={close} title={title} size="xl">
          <ModalRecordForm
            definition={definition}
            parent={parent}
            prefill={prefill}
            onCancel={close}
            onSaved={onSaved ?? close}
          />
        </AppModal>
      )}
    </>
  );
}
