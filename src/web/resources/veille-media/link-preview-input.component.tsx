import { Alert, Button, Stack } from '@mantine/core';
import { IconWorldDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkPreview } from '../../../shared/resources/veille-media.resource';
import { api, ApiRequestError } from '../../api-client';
import { FieldInput, type FieldInputProps } from '../../engine/field-input.component';
import { toast } from '../../shell/toasts.component';

/** A text as a rich-text paragraph: the page's description is plain text. */
const paragraph = (text: string) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;

/**
 * An item's link, with a button filling its title, description, publication date and image from
 * the page's Open Graph data (apercu-lien). What the page does not give stays as typed; when the
 * page cannot be read, the reason is shown and the user types the fields.
 */
export function LinkPreviewInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const { value, setField } = props;
  const [reading, setReading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const url = String(value ?? '').trim();

  async function fill() {
    setReading(true);
    setFailure(null);
    try {
      const found: LinkPreview = await api('POST', 'api.media_watch.link_preview', { body: { url } });
      const filled = {
        title: found.title,
        description: found.description === null ? null : paragraph(found.description),
        publicationDate: found.publicationDate,
        image: found.image,
      };
      let any = false;
      for (const [name, filledValue] of Object.entries(filled)) {
        if (filledValue === null) continue;
        setField?.(name, filledValue);
        any = true;
      }
      toast.success(t(any ? 'resources.veille-media.preview.filled' : 'resources.veille-media.preview.nothing'));
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : t('errors.generic');
      setFailure(t('resources.veille-media.preview.failed', { message }));
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack gap="xs">
      <FieldInput {...props} />
      <div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconWorldDownload size={14} aria-hidden />}
          disabled={url === ''}
          loading={reading}
          onClick={() => void fill()}
        >
          {t('resources.veille-media.preview.fill')}
        </Button>
      </div>
      {failure && (
        <Alert color="orange" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
