import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesScope, useUnsavedChangesGuard, useUnsavedChangesScope } from './unsaved-changes.hook';

/**
 * The one way to show a modal (`<name>.modal.tsx`): its opener mounts it while it is open and
 * unmounts it on `onClose`, so it starts afresh each time and needs no reset; its close button is
 * named. Closing it (Escape, its close button, a click outside) while one of its forms holds unsaved
 * data asks first (spec 2.2): the forms within it declare it with useUnsavedChangesGuard, a form
 * of the modal's own component with `dirty`; a cancel button asks through useConfirmLeave.
 */
export function AppModal({
  title,
  onClose,
  size,
  dirty = false,
  children,
}: Pick<ModalProps, 'title' | 'onClose' | 'size' | 'children'> & {
  /** The modal's own form (in the component showing the modal) holds unsaved data. */
  dirty?: boolean;
}) {
  const { t } = useTranslation();
  const { scope, confirmLeave } = useUnsavedChangesScope();
  return (
    <Modal
      opened
      onClose={() => confirmLeave(onClose)}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <UnsavedChangesScope scope={scope}>
        <UnsavedData dirty={dirty} />
        {children}
      </UnsavedChangesScope>
    </Modal>
  );
}

/** Declares, within the modal's scope, what its own component says of its form. */
function UnsavedData({ dirty }: { dirty: boolean }) {
  useUnsavedChangesGuard(dirty);
  return null;
}
