import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../shared/routes';
import { ApiRequestError, api } from '../api-client';
import { queryKeys } from '../query-keys';
import { useSession, type SessionArea } from '../session.hook';
import { useDocumentTitle } from './document-title.hook';

export type ErrorStatus = 403 | 404 | 429 | 500;

export function errorStatusOf(value: unknown): ErrorStatus | null {
  const status = Number(value);
  return status === 403 || status === 404 || status === 429 || status === 500 ? status : null;
}

/**
 * The error page a failed page load shows: the server's 403, 404 or 429 as it is; a malformed
 * address (400) as a page not found; anything else, network failures included, as 500.
 */
export function errorStatusOfFailure(error: unknown): ErrorStatus {
  if (!(error instanceof ApiRequestError)) return 500;
  if (error.status === 400) return 404;
  return errorStatusOf(error.status) ?? 500;
}

/**
 * True inside the back office's main region: an error page shown there is a section of it, since a
 * page has one main landmark; shown on its own (an unknown address) it is the main region itself.
 */
export const InsideMainContext = createContext(false);

/** Where each area's error pages lead: home once logged in, else its login page. */
const areaPages = {
  back_office: { home: 'admin.dashboard', login: 'admin.login' },
  customer_area: { home: 'client.home', login: 'client.login' },
} as const;

interface ErrorScreenProps {
  status: ErrorStatus;
  /** Replaces the page's standard explanation (e.g. why a form may not be opened). */
  message?: string;
  area?: SessionArea;
}

/** The spec's error pages: 403 "Accès protégé", 404, 429 and 500, never a stack trace. */
export function ErrorScreen({ status, message, area = 'back_office' }: ErrorScreenProps) {
  const { t } = useTranslation();
  const title = t(`errors.pages.${status}.title`);
  useDocumentTitle(title);
  const session = useSession(area);
  const pages = areaPages[area];
  const insideMain = useContext(InsideMainContext);
  const template = useErrorTemplate(status);
  return (
    <Center component={insideMain ? 'section' : 'main'} aria-labelledby="error-title" mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden>
          {status}
        </Text>
        <Title order={1} id="error-title">
          {title}
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{message ?? (template || t(`errors.pages.${status}.text`))}</Text>
        {/* A full page load: the app starts afresh from a known state. A logged-out person is offered the login page. */}
        {session.data === null ? (
          <Anchor href={path(pages.login)}>{t('errors.back_login')}</Anchor>
        ) : (
          !session.isPending && <Anchor href={path(pages.home)}>{t('errors.back_home')}</Anchor>
        )}
      </Stack>
    </Center>
  );
}

/**
 * The site settings' error template: the text of the "not found" and "an error occurred" pages
 * when an administrator wrote one (403 and 429 keep their own explanation, which says what to do).
 */
function useErrorTemplate(status: ErrorStatus): string {
  const applies = status === 404 || status === 500;
  const { data } = useQuery({
    queryKey: queryKeys.configuration('api.site.error_template'),
    queryFn: () => api('GET', 'api.site.error_template'),
    enabled: applies,
    retry: false,
  });
  return applies ? (data?.errorTemplate.trim() ?? '') : '';
}
