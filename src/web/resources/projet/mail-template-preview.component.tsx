import { Select, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedMail } from '../../../shared/mail/project-mail';
import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { FormErrorAlert } from '../../shell/form-error-alert.component';

/** The mail templates a mail may start from (the first 100, by subject). */
function useMailTemplates() {
  return useQuery({
    queryKey: queryKeys.resource.list('template-email', 'mail-choice'),
    queryFn: () =>
      api('GET', 'api.resource.collection', {
        params: { resource: 'template-email' },
        query: { parPage: 100, tri: 'subject' },
      }),
  });
}

/** A template resolved on a project (get-replaced-content), once both are chosen. */
export function useResolvedTemplate(template: number | null, project: number | null) {
  return useQuery({
    queryKey: queryKeys.mail.preview(template, project),
    queryFn: () => api('POST', 'api.projects.replaced_content', { body: { template: template!, projet: project! } }),
    enabled: template !== null && project !== null,
  });
}

/**
 * The choice of a template and its preview resolved on a project (`useResolvedTemplate`), as the
 * send and mailing forms share them: the select, then `between` (the mailing's project to preview
 * on), the preview's loading and error, and what the form shows of the preview (`children`).
 */
export function MailTemplatePreview({
  template,
  onTemplate,
  preview,
  placeholder,
  required,
  error,
  between,
  children,
}: {
  template: number | null;
  onTemplate: (template: number | null) => void;
  preview: UseQueryResult<ResolvedMail>;
  placeholder?: string;
  required?: boolean;
  error?: string;
  between?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const templates = useMailTemplates();
  return (
    <>
      <Select
        label={t('mailUi.fields.template')}
        placeholder={placeholder}
        data={(templates.data?.items ?? []).map((item) => ({ value: String(item.id), label: String(item.subject) }))}
        value={template === null ? null : String(template)}
        onChange={(value) => onTemplate(value === null ? null : Number(value))}
        error={error}
        searchable
        clearable={!required}
        required={required}
      />
      {between}
      {preview.error && <FormErrorAlert error={preview.error.message} />}
      {template !== null && preview.isPending && preview.fetchStatus !== 'idle' ? (
        <Text size="sm">{t('mailUi.send.preview_loading')}</Text>
      ) : (
        children
      )}
    </>
  );
}
