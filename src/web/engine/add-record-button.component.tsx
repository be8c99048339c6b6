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
}: {
  definition: ResourceDefinition;
} & Pick<ComponentProps<typeof ModalRecordForm>, 'parent' | 'prefill'>) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const close = () => setAdding(false);
  return (
    <>
      <Group mb="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {addLabel(t, definition.slug)}
        </Button>
      </Group>
      {adding && (
        <AppModal onClose={close} title={addLabel(t, definition.slug)} size="xl">
          <ModalRecordForm definition={definition} parent={parent} prefill={prefill} onCancel={close} onSaved={close} />
        </AppModal>
      )}
    </>
  );
}
