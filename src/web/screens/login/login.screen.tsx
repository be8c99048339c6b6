import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useSession, useSetSession, type SessionArea } from '../../session.hook';
import { applicationName, useDocumentTitle } from '../../shell/document-title.hook';
import { ErrorScreen } from '../../shell/error.screen';
import { useRegistrationState } from '../registration/registration-state.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { checkLogin, type LoginErrors } from './login-form';

/** Navigation state of the move to login on logout: the session still cached is on its way out. */
export const loggedOutState = { loggedOut: true };

/** What differs between the back office's login page and the customer area's (/espace-client/connexion). */
const loginPages = {
  back_office: { api: 'api.login', home: 'admin.dashboard', title: 'login.title', intro: 'login.intro' },
  customer_area: {
    api: 'api.customer.login',
    home: 'client.home',
    title: 'customer_area.login_title',
    intro: 'customer_area.login_intro',
  },
} as const;

/** Only same-site paths are followed after login, never another site. */
function safeRedirect(target: string | null, home: string): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : home;
}

export function LoginScreen({ area = 'back_office' }: { area?: SessionArea }) {
  const { t } = useTranslation();
  const page = loginPages[area];
  useDocumentTitle(t(page.title));
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { data: session } = useSession(area);
  const setSession = useSetSession(area);
  const [error, setError] = useState<string | null>(null);
  const registration = useRegistrationState();
  const [blocked, setBlocked] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const redirect = searchParams.get('redirect');
  const home = path(page.home);
  const loggingOut = (location.state as typeof loggedOutState | null)?.loggedOut === true;
  useEffect(() => {
    if (loggingOut) setSession(null);
  }, [loggingOut, setSession]);

  if (session && !loggingOut) return <Navigate to={safeRedirect(redirect, home)} replace />;
  if (blocked) return <ErrorScreen status={429} area={area} />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = checkLogin({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      remember: data.get('remember') !== null,
    });
    setErrors(checked.errors);
    if (!checked.values) {
      form.querySelector<HTMLInputElement>('[aria-invalid="true"], input:invalid')?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      setSession(await api('POST', page.api, { body: checked.values }));
      await navigate(safeRedirect(redirect, home), { replace: true });
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.status === 429) setBlocked(true);
      setError(caught instanceof ApiRequestError ? caught.message : t('errors.generic'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Center mih="100vh" p="md" className="theme-login-page">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%" className="theme-login-box">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Box>
              <span className="theme-logo" aria-hidden />
              <Text c="dimmed" size="sm">
                {applicationName(t('app.name'))}
              </Text>
              <Title order={1} size="h2">
                {t(page.title)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(page.intro)}
              </Text>
            </Box>
            {redirect && !error && <Alert color="blue">{t('login.auth_required')}</Alert>}
            <FormErrorAlert error={error} />
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              required
              name="email"
              error={errors.email && t(errors.email)}
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
              name="password"
              error={errors.password && t(errors.password)}
            />
            <Checkbox label={t('login.remember_me')} name="remember" />
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('login.submit')}
            </Button>
            <Anchor component={Link} to={path('admin.forgot_password')} size="sm">
              {t('login.forgot_password')}
            </Anchor>
            {area === 'back_office' && registration.data?.enabled && (
              <Anchor component={Link} to={path('admin.register')} size="sm">
                {t('login.register')}
              </Anchor>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
