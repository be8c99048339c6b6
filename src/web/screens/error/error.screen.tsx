import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { path } from '../../../shared/routes';
import { useDocumentTitle } from '../../shell/document-title.hook';

export type ErrorStatus = 403 | 404 | 429 | 500;

export function errorStatusOf(value: unknown): ErrorStatus | null {
  const status = Number(value);
  return status === 403 || status === 404 || status === 429 || status === 500 ? status : null;
}

/** The spec's error pages: 403 "Accès protégé", 404, 429 and 500, never a stack trace. */
export function ErrorScreen({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const title = t(`errors.pages.${status}.title`);
  useDocumentTitle(title);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          {status}
        </Text>
        <Title order={1}>{title}</Title>
        <Text>{t(`errors.pages.${status}.text`)}</Text>
        {/* A full page load: the app starts afresh from a known state. */}
        <Anchor href={path('admin.dashboard')}>{t('errors.back_home')}</Anchor>
      </Stack>
    </Center>
  );
}
