import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  passwordResetRequestSchema,
  type PasswordResetRequestInput,
} from '../../../shared/account/registration.schema';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { PublicPage } from '../../shell/public-page.layout';
import { FormErrorAlert } from '../../shell/form-error-alert.component';

/** /admin/mot-de-passe-oublie: the email, then the check-your-email page with the neutral reply. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const backToLogin = (
    <Anchor component={Link} to={path('admin.login')} size="sm">
      {t('password_reset.back_to_login')}
    </Anchor>
  );

  if (sent) {
    return (
      <PublicPage title={t('password_reset.check_email_title')}>
        <Alert color="blue" role="status">
          {sent}
        </Alert>
        <Text size="sm">{t('password_reset.check_email_text')}</Text>
        {backToLogin}
      </PublicPage>
    );
  }

  const submit = form.handleSubmit(async (values: PasswordResetRequestInput) => {
    setError(null);
    try {
      setSent((await api('POST', 'api.password_reset.request', { body: values })).message);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : t('errors.generic'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <PublicPage title={t('password_reset.title')} intro={t('password_reset.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert error={error} />
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            {...form.register('email')}
            error={errors.email?.message && t(errors.email.message)}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t('password_reset.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </PublicPage>
  );
}
