import {
  Button,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationSettings } from '../../../shared/account/registration.schema';
import type {
  DashboardSettings,
  ExternalServicesSettings,
  MailSettings,
  TicketSettings,
} from '../../../shared/configuration.schema';
import { type RouteName } from '../../../shared/routes';
import { ApiRequestError, api } from '../../api-client';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { PageGuard } from '../../shell/page-guard.component';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';
import { ConfigurationValuesSection } from './configuration-values.component';
import { SiteSettingsForm } from './site-settings.component';

type FieldErrors = Record<string, string>;

/**
 * One group of configuration values: loaded, edited, saved with PUT; the server's French errors
 * shown on their fields.
 */
function SettingsForm<T extends object>({
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

/** /admin/configuration, for administrators: registration (switch, default group, welcome mail), the dashboards' allowed sites, external services, tickets, mail. */
export function ConfigurationScreen() {
  return (
    <PageGuard page="admin.configuration">
      <ConfigurationGroups />
    </PageGuard>
  );
}

function ConfigurationGroups() {
  const { t } = useTranslation();
  useDocumentTitle(t('configuration.title'));
  const profiles = useQuery({
    queryKey: queryKeys.accessProfiles,
    queryFn: () => api('POST', 'api.access_profiles.all'),
  });

  return (
    <Stack>
      <ScreenHeader title={t('configuration.title')} />
      <SettingsForm<RegistrationSettings>
        route="api.configuration.registration"
        title={t('configuration.registration')}
      >
        {(values, change, errors) => (
          <>
            <Switch
              label={t('configuration.fields.enabled')}
              checked={values.enabled}
              onChange={(event) => change({ enabled: event.currentTarget.checked })}
            />
            <Select
              label={t('configuration.fields.defaultGroupId')}
              placeholder={t('configuration.no_default_group')}
              data={(profiles.data ?? []).map((profile) => ({ value: String(profile.id), label: profile.name }))}
              value={values.defaultGroupId === null ? null : String(values.defaultGroupId)}
              onChange={(value) => change({ defaultGroupId: value === null ? null : Number(value) })}
              error={errors.defaultGroupId}
              clearable
            />
            <TextInput
              label={t('configuration.fields.welcomeEmailSubject')}
              value={values.welcomeEmailSubject}
              onChange={(event) => change({ welcomeEmailSubject: event.currentTarget.value })}
              error={errors.welcomeEmailSubject}
              required
            />
            <Textarea
              label={t('configuration.fields.welcomeEmailContent')}
              value={values.welcomeEmailContent}
              onChange={(event) => change({ welcomeEmailContent: event.currentTarget.value })}
              error={errors.welcomeEmailContent}
              autosize
              minRows={4}
              required
            />
          </>
        )}
      </SettingsForm>
      <SettingsForm<DashboardSettings> route="api.configuration.dashboard" title={t('configuration.dashboard')}>
        {(values, change, errors) => (
          <TagsInput
            label={t('configuration.fields.allowedIframeHosts')}
            description={t('configuration.allowed_hosts_help')}
            value={values.allowedIframeHosts}
            onChange={(allowedIframeHosts) => change({ allowedIframeHosts })}
            error={Object.entries(errors).find(([field]) => field.startsWith('allowedIframeHosts'))?.[1]}
            clearable
          />
        )}
      </SettingsForm>
      <SettingsForm<ExternalServicesSettings>
        route="api.configuration.external_services"
        title={t('configuration.external_services')}
      >
        {(values, change, errors) => (
          <>
            <TextInput
              label={t('configuration.fields.rgeDatasetUrl')}
              value={values.rgeDatasetUrl}
              onChange={(event) => change({ rgeDatasetUrl: event.currentTarget.value })}
              error={errors.rgeDatasetUrl}
              required
            />
            <TextInput
              label={t('configuration.fields.geocoderUrl')}
              value={values.geocoderUrl}
              onChange={(event) => change({ geocoderUrl: event.currentTarget.value })}
              error={errors.geocoderUrl}
              required
            />
            <NumberInput
              label={t('configuration.fields.timeoutMs')}
              value={values.timeoutMs}
              onChange={(value) => change({ timeoutMs: Number(value) })}
              error={errors.timeoutMs}
              min={500}
              max={60000}
              step={500}
              required
            />
          </>
        )}
      </SettingsForm>
      <SettingsForm<TicketSettings> route="api.configuration.tickets" title={t('configuration.tickets')}>
        {(values, change, errors) => (
          <NumberInput
            label={t('configuration.fields.deadlineWarningDays')}
            description={t('configuration.deadline_warning_help')}
            value={values.deadlineWarningDays}
            onChange={(value) => change({ deadlineWarningDays: Number(value) })}
            error={errors.deadlineWarningDays}
            min={0}
            max={365}
            required
          />
        )}
      </SettingsForm>
      <SettingsForm<MailSettings> route="api.configuration.mail" title={t('configuration.mail')}>
        {(values, change, errors) => (
          <>
            <NumberInput
              label={t('configuration.fields.mailingLimit')}
              description={t('configuration.mailing_limit_help')}
              value={values.mailingLimit}
              onChange={(value) => change({ mailingLimit: Number(value) })}
              error={errors.mailingLimit}
              min={1}
              max={100000}
              required
            />
            <NumberInput
              label={t('configuration.fields.perMinute')}
              description={t('configuration.per_minute_help')}
              value={values.perMinute}
              onChange={(value) => change({ perMinute: Number(value) })}
              error={errors.perMinute}
              min={0}
              max={100000}
              required
            />
          </>
        )}
      </SettingsForm>
      <SiteSettingsForm />
      <ConfigurationValuesSection />
    </Stack>
  );
}
