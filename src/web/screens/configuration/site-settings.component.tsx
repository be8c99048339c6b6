import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '../../../shared/configuration-values.schema';
import { SettingsForm } from './settings-form.component';

const monospace = { input: { fontFamily: 'monospace' } };

/** Spec 3's site settings, for administrators: the analytics code, the error pages' text, robots.txt. */
export function SiteSettingsForm() {
  const { t } = useTranslation();
  return (
    <SettingsForm<SiteSettings> route="api.configuration.site" title={t('site_settings.title')}>
      {(values, change, errors) => {
        const field = (name: keyof SiteSettings, help: string, code: boolean) => (
          <Textarea
            label={t(`site_settings.${name}`)}
            description={t(help)}
            value={values[name]}
            onChange={(event) => change({ [name]: event.currentTarget.value })}
            error={errors[name]}
            autosize
            minRows={4}
            styles={code ? monospace : undefined}
            spellCheck={!code}
          />
        );
        return (
          <>
            {field('analyticsCode', 'site_settings.analytics_help', true)}
            {field('errorTemplate', 'site_settings.error_template_help', false)}
            {field('robotsTxt', 'site_settings.robots_help', true)}
          </>
        );
      }}
    </SettingsForm>
  );
}
