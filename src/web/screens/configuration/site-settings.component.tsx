import { Button, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '../../../shared/configuration-values.schema';
import { ApiRequestError, api } from '../../api-client';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { queryKeys } from '../../query-keys';

const monospace = { input: { fontFamily: 'monospace' } };

/** Spec 3's site settings, for administrators: the analytics code, the error pages' text, robots.txt. */
export function SiteSettingsForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = queryKeys.configuration('api.configuration.site');
  const { data } = useQuery({ queryKey: key, queryFn: () => api('GET', 'api.configuration.site') });
  const [edited, setEdited] = useState<Partial<SiteSettings>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      queryClient.setQueryData(key, await api('PUT', 'api.configuration.site', { body: values }));
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

  const field = (name: keyof SiteSettings, help: string, code: boolean) => (
    <Textarea
      label={t(`site_settings.${name}`)}
      description={t(help)}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setEdited((previous) => ({ ...previous, [name]: value }));
      }}
      error={errors[name]}
      autosize
      minRows={4}
      styles={code ? monospace : undefined}
      spellCheck={!code}
    />
  );

  return (
    <Paper withBorder p="md" component="form" onSubmit={save} aria-labelledby="site-settings-title">
      <Stack>
        <Title order={2} size="h4" id="site-settings-title">
          {t('site_settings.title')}
        </Title>
        <FormErrorAlert error={error} />
        {field('analyticsCode', 'site_settings.analytics_help', true)}
        {field('errorTemplate', 'site_settings.error_template_help', false)}
        {field('robotsTxt', 'site_settings.robots_help', true)}
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t('configuration.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
