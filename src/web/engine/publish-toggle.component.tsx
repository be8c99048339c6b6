import { ActionIcon } from '@mantine/core';
import { IconWorld, IconWorldOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../shared/routes';
import { csrfHeader } from '../api-client';
import { toast } from '../shell/toasts.component';
import { iconLabelled } from './list/icon-labels.component';

/**
 * Spec 4: a GET to the record's publication address, with the session's CSRF token; a reply of
 * exactly OK flips the icon and the button's colour (green published, red not) and says so; any
 * other reply says it failed.
 */
export function PublishToggle({
  slug,
  id,
  title,
  published,
}: {
  slug: string;
  id: number;
  title: string;
  published: boolean;
}) {
  const { t } = useTranslation();
  const [isPublished, setPublished] = useState(published);
  const label = t(isPublished ? 'engine.unpublish' : 'engine.publish', { title });
  // Each GET flips the stored flag: a second click before the reply would flip it back unseen.
  const pending = useRef(false);

  async function toggle() {
    if (pending.current) return;
    pending.current = true;
    const reply = await fetch(path('api.resource.publish', { resource: slug, id }), {
      credentials: 'same-origin',
      headers: csrfHeader(),
    })
      .then((response) => response.text())
      .catch(() => '');
    pending.current = false;
    if (reply !== 'OK') return toast.error(t('errors.publication'));
    toast.success(t(isPublished ? 'success.unpublished' : 'success.published'));
    setPublished(!isPublished);
  }

  const Icon = isPublished ? IconWorld : IconWorldOff;
  return (
    <ActionIcon
      variant="light"
      color={isPublished ? 'green.8' : 'red.8'}
      aria-label={label}
      aria-pressed={isPublished}
      onClick={() => void toggle()}
      {...iconLabelled}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}
