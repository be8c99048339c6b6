// Mantine's whole stylesheet, with the first page that needs more than the login page's (first-page-styles.ts).
import '@mantine/core/styles.css';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applicationName, useDocumentTitle } from './document-title.hook';

/** The frame of the pages reached without a session: forgotten password, reset, registration. */
export function PublicPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Center mih="100vh" p="md" className="theme-login-page">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w={460} maw="100%" className="theme-login-box">
        <Stack>
          <Box>
            <span className="theme-logo" aria-hidden />
            <Text c="dimmed" size="sm">
              {applicationName(t('app.name'))}
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
          </Box>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
