import { Anchor, FileInput, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../shared/routes';
import { ApiRequestError, api } from '../api-client';
import { FileManagerButton } from '../shell/file-manager.modal';

/** The name a stored upload shows: the last part of its path. */
const uploadName = (stored: string) => stored.split('/').pop() ?? stored;

/**
 * A file field: the chosen file is sent at once; the field keeps the path it was stored at. The file
 * manager picks one already sent instead (an upload or a media image the user may read).
 */
export function UploadInput({
  folder,
  label,
  required,
  error,
  value,
  onChange,
}: {
  folder: string;
  label: string;
  required?: boolean;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function send(file: File | null) {
    setUploadError(null);
    if (!file) return onChange('');
    setSending(true);
    try {
      const uploaded = await api('POST', 'api.upload', { query: { dossier: folder, nom: file.name }, body: file });
      onChange(uploaded.path);
    } catch (failure) {
      setUploadError(failure instanceof ApiRequestError ? failure.message : t('errors.upload'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div>
      <FileInput
        label={label}
        required={required}
        error={uploadError ?? error}
        clearable
        clearButtonProps={{ 'aria-label': t('engine.clear_file', { field: label }) }}
        disabled={sending}
        placeholder={value ? uploadName(value) : t('engine.choose_file')}
        // The placeholder is the button's only text: dimmed (AA) rather than Mantine's pale placeholder grey.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        onChange={(file) => void send(file)}
      />
      <Group gap="xs" mt={4}>
        <FileManagerButton
          label={label}
          stores={['uploads', 'media']}
          disabled={sending}
          onChoose={(file) => {
            if (!file.uploadPath) return;
            setUploadError(null);
            onChange(file.uploadPath);
          }}
        />
        {value && (
          <Group gap={4}>
            <Text size="sm">{t('engine.current_file')}</Text>
            <Anchor size="sm" href={path('uploads.file', { chemin: value })}>
              {uploadName(value)}
            </Anchor>
          </Group>
        )}
      </Group>
    </div>
  );
}
