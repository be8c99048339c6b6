import { Button, Paper, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { queryKeys } from '../../query-keys';

type FieldErrors = Record<string, string>;

/**
 * One group of configuration values: loaded, edited, saved with PUT; the server's French errors
 * shown on their fields.
 */
export function SettingsForm<T extends object>({
  route,
  title,
  children,
}: {
  route: RouteName &
    (
      | 'api.configuration.registration'
      | 'api.configuration.dashboard'
      | 'api.configuration.external_services'
      | 'api.configuration.tickets'
      | 'api.configuration.mail'
      | 'api.configuration.site'
    );
  title: string;
  children: (values: T, change: (changes: Partial<T>) => void, errors: FieldErrors) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.configuration(route),
    queryFn: async () => (await api('GET', route)) as T,
  });
  const [edited, setEdited] = useState<Partial<T>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!data) return <Loading />;
  const values = { ...data, ...edited };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setErrors({});
    try {
      queryClient.setQueryData(queryKeys.configuration(route), await api('PUT', route, { body: values as never }));
      setEdited({});
      toast.success(t('configuration.saved'));
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      setError(caught.message);
      setErrors(caught.payload.fieldErrors ?? {});
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={save} aria-label={title}>
      <Stack>
        <Title order={2} size="h4">
          {title}
        </Title>
        <FormErrorAlert error={error} />
        {children(values, (changes) => setEdited((previous) => ({ ...previous, ...changes })), errors)}
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t('configuration.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
