import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registrationSchema, type RegistrationInput } from '../../../shared/account/registration.schema';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { PasswordStrengthInput, withPasswordDictionaries } from '../../shell/password-strength-input.component';
import { PublicPage } from '../../shell/public-page.layout';
import { ErrorScreen } from '../../shell/error.screen';
import { useRegistrationState } from './registration-state.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { Loading } from '../../shell/loading.component';

/** /admin/inscription: only while registration is on in the configuration (404 otherwise). */
export function RegistrationScreen() {
  const { t } = useTranslation();
  const state = useRegistrationState();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: withPasswordDictionaries(zodResolver(registrationSchema)),
    defaultValues: { email: '', firstName: '', lastName: '', password: '', passwordConfirm: '' },
  });

  if (state.isPending) return <Loading m="xl" />;
  if (!state.data?.enabled) return <ErrorScreen status={404} />;
  const toLogin = (
    <Anchor component={Link} to={path('admin.login')} size="sm">
      {t('password_reset.back_to_login')}
    </Anchor>
  );
  if (done) {
    return (
      <PublicPage title={t('registration.title')}>
        <Alert color="green" role="status">
          {t('registration.done')}
        </Alert>
        {toLogin}
      </PublicPage>
    );
  }

  const submit = form.handleSubmit(async (values: RegistrationInput) => {
    setError(null);
    try {
      await api('POST', 'api.registration', { body: values });
      setDone(true);
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) return setError(t('errors.generic'));
      for (const [name, message] of Object.entries(caught.payload.fieldErrors ?? {})) {
        form.setError(name as keyof RegistrationInput, { message });
      }
      setError(caught.message);
    }
  });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof RegistrationInput) => errors[field]?.message && t(errors[field].message);
  return (
    <PublicPage title={t('registration.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert error={error} />
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="email"
            required
            {...form.register('email')}
            error={message('email')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('registration.first_name')}
              autoComplete="given-name"
              required
              {...form.register('firstName')}
              error={message('firstName')}
            />
            <TextInput
              label={t('registration.last_name')}
              autoComplete="family-name"
              required
              {...form.register('lastName')}
              error={message('lastName')}
            />
          </Group>
          <PasswordStrengthInput
            label={t('login.password')}
            required
            {...form.register('password')}
            error={message('password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
            {...form.register('passwordConfirm')}
            error={message('passwordConfirm')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t('registration.submit')}
          </Button>
          {toLogin}
        </Stack>
      </form>
    </PublicPage>
  );
}
