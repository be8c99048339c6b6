// Mantine's whole stylesheet, with the first page that needs more than the login page's (first-page-styles.ts).
import '@mantine/core/styles.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { DialogTexts } from './dialogs.component';

interface DialogModalProps {
  opened: boolean;
  onClose: () => void;
  texts: Required<Pick<DialogTexts, 'title' | 'confirmLabel' | 'cancelLabel'>> & DialogTexts;
  closeLabel: string;
  /** The confirm button is red. */
  destructive: boolean;
  busy: boolean;
  onConfirm: () => void;
}

/** The dialog DialogProvider shows (spec 2.4): its texts, cancel and confirm. */
export function DialogModal({ opened, onClose, texts, closeLabel, destructive, busy, onConfirm }: DialogModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={texts.title}
      centered
      // Above any other modal: a confirmation is always asked on top of what it confirms.
      zIndex={400}
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {typeof texts.body === 'string' ? <Text>{texts.body}</Text> : texts.body}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {texts.cancelLabel}
        </Button>
        <Button color={destructive ? 'red' : undefined} loading={busy} onClick={onConfirm}>
          {texts.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
