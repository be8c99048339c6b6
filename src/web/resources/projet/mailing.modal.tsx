import { Box, Button, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiRequestError } from '../../api-client';
import { AppModal } from '../../shell/app-modal.component';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { toast } from '../../shell/toasts.component';
import { MailTemplatePreview, useResolvedTemplate } from './mail-template-preview.component';
import { SendTime } from './send-mail.modal';

/** The list's criteria without its page: what the server's list parser reads as `filtres`. */
const listCriteria = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'page' && name !== 'parPage'));

type TitledProject = { id: number; title: string };

/**
 * The publipostage (publipostage/envoyer) of the ticked projects, or of the whole filtered list (the
 * list's criteria sent as `filtres`, resolved by the server within the user's read scope; the only
 * choice when no row is ticked): a template, its preview on any of them (for the filtered list, on
 * the page shown), then sent now or at a date to each project's owner with an address. The server's
 * refusal (too many projects) shows as it is; its reply says how many mails were queued.
 */
export function MailingModal({
  projects,
  filtered,
  onClose,
  onSent,
}: {
  /** The ticked projects, by id, with their titles. */
  projects: TitledProject[];
  /** The list's criteria (its API query), how many projects they find, and those of the page shown. */
  filtered: { query: Record<string, string>; total: number; shown: TitledProject[] };
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<'ticked' | 'filtered'>(projects.length > 0 ? 'ticked' : 'filtered');
  const previewable = scope === 'ticked' ? projects : filtered.shown;
  const count = scope === 'ticked' ? projects.length : filtered.total;
  const [template, setTemplate] = useState<number | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(previewable[0] ? String(previewable[0].id) : null);
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
          ...(scope === 'ticked'
            ? { projets: projects.map(({ id }) => id) }
            : { filtres: listCriteria(filtered.query) }),
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
      title={t('mailUi.mailing.title', { count })}
      onClose={onClose}
      size="xl"
      dirty={template !== null && !sending}
    >
      <Stack>
        <FormErrorAlert error={error} />
        <Radio.Group
          label={t('mailUi.mailing.scope')}
          value={scope}
          onChange={(value) => {
            const next = value === 'ticked' ? 'ticked' : 'filtered';
            setScope(next);
            const first = (next === 'ticked' ? projects : filtered.shown)[0];
            setPreviewed(first ? String(first.id) : null);
          }}
        >
          <Group mt="xs">
            <Radio
              value="ticked"
              label={t('mailUi.mailing.scope_ticked', { count: projects.length })}
              disabled={projects.length === 0}
            />
            <Radio value="filtered" label={t('mailUi.mailing.scope_filtered', { count: filtered.total })} />
          </Group>
        </Radio.Group>
        <MailTemplatePreview
          template={template}
          onTemplate={setTemplate}
          preview={preview}
          error={errors.template}
          required
          between={
            <Select
              label={t('mailUi.mailing.preview_for')}
              data={previewable.map(({ id, title }) => ({ value: String(id), label: title }))}
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
