import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionPayload } from '../../shared/account/account.schema';
import { path } from '../../shared/routes';
import { ApiRequestError, api } from '../api-client';
import { toast } from './toasts.component';
import { formatPersonName } from '../../shared/i18n/format';

/** While logged in as another user: who is shown, who opened the session, and the way back. */
export function ImpersonationBanner({ session }: { session: SessionPayload }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  if (!session.impersonator) return null;
  const name = formatPersonName(session.user);

  async function leave() {
    setLeaving(true);
    try {
      await api('POST', 'api.impersonation.end');
      // A full load: every cached screen belonged to the other user.
      window.location.assign(path('admin.dashboard'));
    } catch (error) {
      setLeaving(false);
      toast.error(error instanceof ApiRequestError ? error.message : t('errors.generic'));
    }
  }

  return (
    <Alert color="orange" mb="md" icon={<IconUserShare aria-hidden />} role="status">
      <Group justify="space-between">
        <Text size="sm">{t('impersonation.banner', { name, impersonator: session.impersonator.name })}</Text>
        {/* Not a filled orange button: white text on orange falls short of WCAG AA contrast. */}
        <Button size="xs" variant="default" loading={leaving} onClick={() => void leave()}>
          {t('impersonation.leave')}
        </Button>
      </Group>
    </Alert>
  );
}
