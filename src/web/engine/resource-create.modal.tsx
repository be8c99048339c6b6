import { Button, Group, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../shared/resources/registry';
import { ModalRecordForm } from './resource-modal-form.component';

/**
 * The "new" button of a reference field declared with createInModal: it opens the target
 * resource's create form in a modal (POST …/modal/ajouter) and hands the created record's id back.
 */
export function CreateInModalButton({ target, onCreated }: { target: string; onCreated: (id: number) => void }) {
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
          {t(`resources.${target}.new`)}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('engine.create_title', { resource: t(`resources.${target}.singular`) })}
        size="xl"
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {opened && (
          <ModalRecordForm
            definition={definition}
            onCancel={() => setOpened(false)}
            onSaved={(id) => {
              setOpened(false);
              onCreated(id);
            }}
          />
        )}
      </Modal>
    </>
  );
}
