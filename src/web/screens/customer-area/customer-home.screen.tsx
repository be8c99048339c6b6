// Mantine's whole stylesheet, with the first page that needs more than the login page's (first-page-styles.ts).
import '@mantine/core/styles.css';
import { Button, Center, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import { useSession } from '../../session.hook';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { loggedOutState } from '../login/login.screen';
import { ErrorScreen } from '../../shell/error.screen';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';
import { formatPersonName } from '../../../shared/i18n/format';

/** The customer area's home (/espace-client): what the external user's groups are attached to. */
export function CustomerHomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('customer_area.title'));
  const { data: session, isPending, isError } = useSession('customer_area');
  const [loggedOut, setLoggedOut] = useState(false);
  const home = useQuery({
    queryKey: queryKeys.customerHome,
    queryFn: () => api('GET', 'api.customer.home'),
    enabled: Boolean(session),
  });

  if (loggedOut) return <Navigate to={path('client.login')} replace state={loggedOutState} />;
  if (isError) return <ErrorScreen status={500} area="customer_area" />;
  if (isPending) return <Loading />;
  if (!session) return <Navigate to={path('client.login', { redirect: path('client.home') })} replace />;
  // A greeting is a sentence: it calls the person by their first name, as the dashboard does.
  const name = session.user.firstName.trim() || formatPersonName(session.user);

  async function logOut() {
    await api('POST', 'api.customer.logout');
    setLoggedOut(true);
  }

  return (
    <Center mih="100vh" bg="gray.1" p="md">
      <Container size="sm" w="100%">
        <Paper component="main" withBorder shadow="sm" p="xl" radius="md">
          <Stack>
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                {t('app.name')} · {t('customer_area.title')}
              </Text>
              <Button variant="default" size="xs" onClick={() => void logOut()}>
                {t('shell.logout')}
              </Button>
            </Group>
            <Title order={1} size="h2">
              {t('customer_area.welcome', { name })}
            </Title>
            <Title order={2} size="h4">
              {t('customer_area.missions')}
            </Title>
            {home.data && home.data.missions.length === 0 && <Text c="dimmed">{t('customer_area.no_missions')}</Text>}
            {home.data && home.data.missions.length > 0 && (
              <List>
                {home.data.missions.map((mission) => (
                  <List.Item key={mission.id}>
                    {mission.acronym ? `${mission.name} (${mission.acronym})` : mission.name}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
