import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../shared/resources/registry';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { AppModal } from '../shell/app-modal.component';
import { addLabel } from './add-label';
import type { CreateInModalProps } from './create-in-modal.hook';
import { ModalRecordForm } from './resource-modal-form.component';

/**
 * The "new" button of a reference field declared createInModal: it opens the target
 * resource's create form in a modal (POST …/modal/ajouter) and hands the created record's id back.
 */
export function CreateInModalButton({ target, onCreated }: CreateInModalProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const definition = findResource(target);
  if (!definition) return null;
  return (
    <>
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {addLabel(t, target)}
        </Button>
      </Group>
      {opened && (
        <CreateModal
          definition={definition}
          onClose={() => setOpened(false)}
          onCreated={(id) => {
            setOpened(false);
            onCreated(id);
          }}
        />
      )}
    </>
  );
}

/** modal/ajouter: a new record of the resource, created without leaving the form. */
function CreateModal({
  definition,
  onClose,
  onCreated,
}: {
  definition: ResourceDefinition;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal onClose={onClose} title={addLabel(t, definition.slug)} size="xl">
      <ModalRecordForm definition={definition} onCancel={onClose} onSaved={onCreated} />
    </AppModal>
  );
}
