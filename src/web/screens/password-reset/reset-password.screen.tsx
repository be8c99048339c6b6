import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { newPasswordSchema, type NewPasswordInput } from '../../../shared/account/password';
import { path } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { PasswordStrengthInput, withPasswordDictionaries } from '../../shell/password-strength-input.component';
import { PublicPage } from '../../shell/public-page.layout';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/**
 * /admin/reinitialisation/{token}: the page an emailed reset or creation link opens; a creation
 * link's page speaks of creating the password, not of resetting it.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = useQuery({
    queryKey: queryKeys.passwordLink(token),
    queryFn: () => api('GET', 'api.password_reset.link', { params: { token } }),
    retry: false,
  });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: withPasswordDictionaries(zodResolver(newPasswordSchema)),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  // A creation link (a new account's first password) says so from its title to its confirmation.
  const creation = link.data?.purpose === 'creation';
  const title = t(creation ? 'password_reset.creation_title' : 'password_reset.reset_title');
  const toLogin = (
    <Anchor component={Link} to={path('admin.login')} size="sm">
      {t('password_reset.back_to_login')}
    </Anchor>
  );

  if (link.isPending) return <Loading m="xl" />;
  if (done || link.isError) {
    return (
      <PublicPage title={title}>
        {done ? (
          <Alert color="green" role="status">
            {t(creation ? 'password_reset.creation_done' : 'success.password_reset')}
          </Alert>
        ) : (
          <>
            <Alert color="red" role="alert">
              {link.error instanceof ApiRequestError ? link.error.message : t('errors.generic')}
            </Alert>
            <Anchor component={Link} to={path('admin.forgot_password')} size="sm">
              {t('password_reset.restart')}
            </Anchor>
          </>
        )}
        {toLogin}
      </PublicPage>
    );
  }

  const submit = form.handleSubmit(async (values: NewPasswordInput) => {
    setError(null);
    try {
      await api('POST', 'api.password_reset.link', { params: { token }, body: values });
      setDone(true);
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) return setError(t('errors.generic'));
      // The link expired meanwhile: the page says so, as when it opens.
      if (caught.status === 410) return void link.refetch();
      for (const [name, message] of Object.entries(caught.payload.fieldErrors ?? {})) {
        form.setError(name as keyof NewPasswordInput, { message });
      }
      setError(caught.message);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <PublicPage title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert error={error} />
          <PasswordStrengthInput
            label={t(creation ? 'password_reset.creation_password' : 'password.new')}
            required
            {...form.register('password')}
            error={errors.password?.message && t(errors.password.message)}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
            {...form.register('passwordConfirm')}
            error={errors.passwordConfirm?.message && t(errors.passwordConfirm.message)}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t(creation ? 'password_reset.creation_save' : 'password_reset.save')}
          </Button>
          {toLogin}
        </Stack>
      </form>
    </PublicPage>
  );
}
