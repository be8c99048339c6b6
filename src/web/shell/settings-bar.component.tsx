import { Drawer, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '../../shared/i18n/locales';

import { api } from '../api-client';
import { applyLocale } from '../i18n';
import { useUpdateSessionUser } from '../session.hook';

interface SettingsBarProps {
  opened: boolean;
  onClose: () => void;
  enlarged: boolean;
  onEnlargedChange: (enlarged: boolean) => void;
}

/** The right-hand settings bar: language and side-menu mode, kept with the user. */
export function SettingsBar({ opened, onClose, enlarged, onEnlargedChange }: SettingsBarProps) {
  const { t, i18n } = useTranslation();
  const updateUser = useUpdateSessionUser();
  // The choice shows at once; English texts may take a moment to load before the screens follow.
  const [pending, setPending] = useState<string | null>(null);

  async function changeLocale(locale: Locale) {
    setPending(locale);
    void applyLocale(locale).finally(() => setPending(null));
    updateUser({ locale });
    await api('POST', 'api.locale', { body: { locale } });
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('shell.settings_title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="lg">
        <Radio.Group
          label={t('shell.language')}
          value={pending ?? i18n.language}
          onChange={(value) => void changeLocale(value as Locale)}
        >
          <Group mt="xs">
            {locales.map((locale) => (
              <Radio key={locale} value={locale} label={t(`shell.languages.${locale}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group
          label={t('shell.sidebar_mode')}
          value={enlarged ? 'enlarged' : 'open'}
          onChange={(value) => onEnlargedChange(value === 'enlarged')}
        >
          <Group mt="xs">
            <Radio value="open" label={t('shell.sidebar_open')} />
            <Radio value="enlarged" label={t('shell.sidebar_enlarged')} />
          </Group>
        </Radio.Group>
      </Stack>
    </Drawer>
  );
}
