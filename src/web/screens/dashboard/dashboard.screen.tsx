import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ScreenHeader } from '../../shell/screen-header.component';

const widgets = ['latest_interactions', 'useful_links', 'media_watch', 'projects'] as const;

/** The dashboard's widgets; each fills in as its resource arrives (tickets, useful links, media watch, projects). */
export function DashboardScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const { data: session } = useSession();
  return (
    <Stack>
      <ScreenHeader title={t('dashboard.title')} />
      {session && <Text>{t('dashboard.welcome', { name: session.user.firstName })}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {widgets.map((widget) => (
          <Card key={widget} withBorder component="section" aria-labelledby={`widget-${widget}`}>
            <Title order={2} size="h4" id={`widget-${widget}`}>
              {t(`dashboard.widgets.${widget}`)}
            </Title>
            <Text c="dimmed" size="sm" mt="xs">
              {t('dashboard.empty_widget')}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
