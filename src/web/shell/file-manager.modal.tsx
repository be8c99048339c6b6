import { Button, Modal, type ButtonProps } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileStore } from '../../shared/api/file-manager.contract';
import { path } from '../../shared/routes';
import { isFileChosen, type ChosenFile, type FileChosenMessage } from './file-manager.protocol';

/** The file manager's framed window (spec 1, 9): 880 by 570 pixels, narrower on a smaller screen. */
export const FILE_MANAGER_FRAME = { width: 880, height: 570 } as const;

export interface FileManagerOptions {
  /** The stores it offers, the first shown first (all three by default). */
  stores?: FileStore[];
  /** Given the file chosen; the window then closes. */
  onChoose: (file: ChosenFile) => void;
}

/**
 * The file manager in a modal: its page (/admin/gestionnaire-fichiers) in a frame of 880 by 570. A
 * file chosen there comes back as a message from that frame and this origin only; the opener mounts
 * this while it is open and unmounts it on `onClose`.
 */
export function FileManagerModal({ stores, onChoose, onClose }: FileManagerOptions & { onClose: () => void }) {
  const { t } = useTranslation();
  const field = useId();
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    function receive(event: MessageEvent) {
      if (!isFileChosen(event, frame.current?.contentWindow, field)) return;
      onChoose((event.data as FileChosenMessage).file);
      onClose();
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [field, onChoose, onClose]);

  const source = path('admin.file_manager', { champ: field, magasins: stores?.join(',') });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('file_manager.title')}
      size={FILE_MANAGER_FRAME.width + 32}
      padding="md"
      closeButtonProps={{ 'aria-label': t('file_manager.close') }}
    >
      <iframe
        ref={frame}
        src={source}
        title={t('file_manager.title')}
        data-file-manager-frame
        style={{
          display: 'block',
          width: FILE_MANAGER_FRAME.width,
          maxWidth: '100%',
          height: FILE_MANAGER_FRAME.height,
          border: 0,
        }}
      />
    </Modal>
  );
}

/**
 * A button opening the file manager, for any form (a file field, a rich text, the theme editor's
 * images): `label` names what it fills, in its accessible name.
 */
export function FileManagerButton({
  label,
  stores,
  onChoose,
  ...button
}: FileManagerOptions & { label: string } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        {...button}
        onClick={() => setOpen(true)}
        aria-label={t('file_manager.open_for', { field: label })}
      >
        {t('file_manager.open')}
      </Button>
      {open && <FileManagerModal stores={stores} onChoose={onChoose} onClose={() => setOpen(false)} />}
    </>
  );
}
