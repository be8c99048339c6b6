import { NumberInput, Select, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegistrationSettings } from '../../../shared/account/registration.schema';
import type {
  DashboardSettings,
  ExternalServicesSettings,
  MailSettings,
  TicketSettings,
} from '../../../shared/configuration.schema';
import { api } from '../../api-client';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { PageGuard } from '../../shell/page-guard.component';
import { ScreenHeader } from '../../shell/screen-header.component';
import { queryKeys } from '../../query-keys';
import { ConfigurationValuesSection } from './configuration-values.component';
import { SettingsForm } from './settings-form.component';
import { SiteSettingsForm } from './site-settings.component';

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
