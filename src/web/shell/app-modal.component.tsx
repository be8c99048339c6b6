import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one way to show a modal (`<name>.modal.tsx`): its opener mounts it while it is open and
 * unmounts it on `onClose`, so it starts afresh each time and needs no reset; its close button is
 * named.
 */
export function AppModal({
  title,
  onClose,
  size,
  children,
}: Pick<ModalProps, 'title' | 'onClose' | 'size' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {children}
    </Modal>
  );
}
