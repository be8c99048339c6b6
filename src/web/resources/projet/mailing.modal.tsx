import { Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiRequestError } from '../../api-client';
import { AppModal } from '../../shell/app-modal.component';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { toast } from '../../shell/toasts.component';
import { MailTemplatePreview, useResolvedTemplate } from './mail-template-preview.component';
import { SendTime } from './send-mail.modal';

/**
 * The publipostage of the ticked projects (publipostage/envoyer): a template, its preview on any of
 * them, then sent now or at a date to each project's owner with an address. The server's refusal
 * (too many projects) shows as it is; its reply says how many mails were queued.
 */
export function MailingModal({
  projects,
  onClose,
  onSent,
}: {
  /** The ticked projects, by id, with their titles. */
  projects: { id: number; title: string }[];
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState<number | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(projects[0] ? String(projects[0].id) : null);
  const preview = useResolvedTemplate(template, previewed === null ? null : Number(previewed));
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    if (template === null) return setErrors({ template: t('mailUi.mailing.choose_template') });
    if (later && !sendAt) return setErrors({ envoiLe: t('validation.required') });
    setSending(true);
    setError(null);
    setErrors({});
    try {
      const reply = await api('POST', 'api.projects.mailing_send', {
        body: {
          template,
          projets: projects.map(({ id }) => id),
          ...(later && sendAt ? { envoiLe: sendAt } : {}),
        },
      });
      toast.success(t(later ? 'mailUi.mailing.scheduled' : 'mailUi.mailing.sent', { count: reply.recipients }));
      onSent();
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      setError(caught.message);
      setErrors(caught.payload.fieldErrors ?? {});
      setSending(false);
    }
  }

  return (
    <AppModal
      title={t('mailUi.mailing.title', { count: projects.length })}
      onClose={onClose}
      size="xl"
      dirty={template !== null && !sending}
    >
      <Stack>
        <FormErrorAlert error={error} />
        <MailTemplatePreview
          template={template}
          onTemplate={setTemplate}
          preview={preview}
          error={errors.template}
          required
          between={
            <Select
              label={t('mailUi.mailing.preview_for')}
              data={projects.map(({ id, title }) => ({ value: String(id), label: title }))}
              value={previewed}
              onChange={setPreviewed}
              searchable
            />
          }
        >
          {preview.data && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('mailUi.mailing.preview_subject', { subject: preview.data.subject })}
              </Text>
              <Box
                component="iframe"
                title={t('mailUi.mailing.preview')}
                sandbox=""
                srcDoc={preview.data.html}
                style={{ width: '100%', minHeight: 280, border: '1px solid var(--mantine-color-gray-3)' }}
              />
            </Stack>
          )}
        </MailTemplatePreview>
        <SendTime later={later} onLater={setLater} sendAt={sendAt} onSendAt={setSendAt} error={errors.envoiLe} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            {t(later ? 'mailUi.send.schedule' : 'mailUi.send.submit')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
