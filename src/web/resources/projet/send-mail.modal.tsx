import { ActionIcon, Button, Checkbox, Group, Radio, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MailTemplatePreview, useResolvedTemplate } from './mail-template-preview.component';
import { z } from 'zod';
import { mailUploadFolder, type SendEmailBody } from '../../../shared/mail/project-mail';
import { can, nobody } from '../../../shared/permissions';
import { projectDocuments } from '../../../shared/resources/piece-jointe.resource';
import type { ResourceRecordView } from '../../../shared/resources/resource';
import { api, ApiRequestError } from '../../api-client';
import { DateInput } from '../../engine/date-input.component';
import { UploadInput } from '../../engine/file-input.component';
import { queryKeys } from '../../query-keys';
import { useSession } from '../../session.hook';
import { AppModal } from '../../shell/app-modal.component';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { RichTextEditor } from '../../shell/rich-text-editor.component';
import { toast } from '../../shell/toasts.component';
import { useConfirmLeave } from '../../shell/unsaved-changes.hook';

type FieldErrors = Record<string, string>;
const isEmail = (address: string) => z.email().safeParse(address).success;

/** The field errors of one list of addresses (`to`, `to.2`…), shown under its input. */
const errorOf = (errors: FieldErrors, field: string) =>
  Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];

/**
 * "Envoyer un e-mail" from a project (envoyer-email/{projet}): a template, its preview resolved on
 * the project and editable, or a subject and content written freely; recipients among the project's
 * people with an address (one request) and free addresses, copies, the project's documents and files
 * uploaded here attached; now or at a date. The server's field errors show under their fields.
 */
export function SendMailModal({
  project,
  files: given = [],
  onClose,
}: {
  project: Pick<ResourceRecordView, 'id'>;
  /** Files already attached (the sender's own uploads): the Export tab's document sent by mail. */
  files?: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmLeave = useConfirmLeave();
  const user = useSession().data?.user ?? nobody;
  const recipients = useQuery({
    queryKey: queryKeys.project.mailRecipients(project.id),
    queryFn: async () => (await api('GET', 'api.projects.mail_recipients', { params: { projet: project.id } })).items,
  });
  const documents = useQuery({
    queryKey: queryKeys.resource.list(projectDocuments.slug, `projet-${project.id}-mail`),
    queryFn: () =>
      api('GET', 'api.resource.children', {
        params: { resource: 'projet', id: project.id, child: projectDocuments.slug },
        query: { parPage: 100 },
      }),
    enabled: can(user, projectDocuments.slug, 'list'),
  });
  const [template, setTemplate] = useState<number | null>(null);
  const preview = useResolvedTemplate(template, project.id);
  // The subject and content typed over the preview; undefined while the preview stands as it is.
  const [subject, setSubject] = useState<string | undefined>();
  const [html, setHtml] = useState<string | undefined>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [others, setOthers] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [bcc, setBcc] = useState<string[]>([]);
  const [attached, setAttached] = useState<string[]>([]);
  // Files uploaded from this form: their stored paths.
  const [files, setFiles] = useState<string[]>(given);
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const dirty =
    template !== null ||
    subject !== undefined ||
    html !== undefined ||
    [chosen, others, cc, bcc, attached].some((list) => list.length > 0) ||
    files.length !== given.length ||
    sendAt !== null;
  const shownSubject = subject ?? preview.data?.subject ?? '';
  const shownHtml = html ?? preview.data?.html ?? '';
  // Each free address checked as it is typed (spec: "L'adresse email n'est pas valide").
  const invalid = (list: string[]) => (list.some((address) => !isEmail(address)) ? t('validation.email') : undefined);

  function chooseTemplate(value: number | null) {
    setTemplate(value);
    // A new template's preview replaces what was typed over the previous one.
    setSubject(undefined);
    setHtml(undefined);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if ([others, cc, bcc].some((list) => invalid(list))) return;
    if (later && !sendAt) return setErrors({ envoiLe: t('validation.required') });
    const body: SendEmailBody = {
      to: [...chosen, ...others],
      cc,
      bcc,
      documents: attached.map(Number),
      files,
      ...(template !== null ? { template } : {}),
      // The template alone when its preview is sent as it is: the server resolves it (signature included).
      ...(template === null || subject !== undefined || html !== undefined
        ? { subject: shownSubject, html: shownHtml }
        : {}),
      ...(later && sendAt ? { envoiLe: sendAt } : {}),
    };
    setSending(true);
    setError(null);
    setErrors({});
    try {
      await api('POST', 'api.projects.send_email', { params: { projet: project.id }, body });
      toast.success(t(later ? 'mailUi.send.scheduled' : 'mailUi.send.sent'));
      // The two mail tabs, the project's history and last intervention date.
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') });
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      setError(caught.message);
      setErrors(caught.payload.fieldErrors ?? {});
      setSending(false);
    }
  }

  return (
    <AppModal title={t('mailUi.send.title')} onClose={onClose} size="xl" dirty={dirty && !sending}>
      <form noValidate onSubmit={(event) => void send(event)} aria-label={t('mailUi.send.title')}>
        <Stack>
          <FormErrorAlert error={error} />
          <MailTemplatePreview
            template={template}
            onTemplate={chooseTemplate}
            preview={preview}
            placeholder={t('mailUi.send.free_text')}
          >
            <TextInput
              label={t('mailUi.fields.subject')}
              value={shownSubject}
              onChange={(event) => setSubject(event.currentTarget.value)}
              error={errors.subject}
              required={template === null}
            />
            <RichTextEditor
              // A new preview is a new content: the editor starts again from it.
              key={`${template ?? 'free'}-${preview.dataUpdatedAt}`}
              label={t('mailUi.fields.content')}
              description={template === null ? undefined : t('mailUi.send.preview_help')}
              error={errors.html}
              required={template === null}
              value={shownHtml}
              onChange={setHtml}
            />
          </MailTemplatePreview>
          <Checkbox.Group
            label={t('mailUi.fields.recipients')}
            description={recipients.data?.length === 0 ? t('mailUi.send.no_known_recipient') : undefined}
            value={chosen}
            onChange={setChosen}
            error={errorOf(errors, 'to')}
          >
            <Stack gap={4} mt={4}>
              {(recipients.data ?? []).map((recipient) => (
                <Checkbox
                  key={recipient.email}
                  value={recipient.email}
                  label={t('mailUi.send.recipient', {
                    role: t(`mailUi.roles.${recipient.role}`),
                    name: recipient.name,
                    email: recipient.email,
                  })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TagsInput
            label={t('mailUi.fields.others')}
            description={t('mailUi.send.addresses_help')}
            value={others}
            onChange={setOthers}
            error={invalid(others)}
            splitChars={[',', ' ', ';']}
          />
          <Group grow align="flex-start">
            <TagsInput
              label={t('mailUi.fields.cc')}
              value={cc}
              onChange={setCc}
              error={invalid(cc) ?? errorOf(errors, 'cc')}
              splitChars={[',', ' ', ';']}
            />
            <TagsInput
              label={t('mailUi.fields.bcc')}
              value={bcc}
              onChange={setBcc}
              error={invalid(bcc) ?? errorOf(errors, 'bcc')}
              splitChars={[',', ' ', ';']}
            />
          </Group>
          {(documents.data?.items.length ?? 0) > 0 && (
            <Checkbox.Group
              label={t('mailUi.fields.documents')}
              value={attached}
              onChange={setAttached}
              error={errorOf(errors, 'documents')}
            >
              <Stack gap={4} mt={4}>
                {documents.data!.items.map((document) => (
                  <Checkbox key={document.id} value={String(document.id)} label={String(document.title ?? '')} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <MailUploads files={files} onChange={setFiles} error={errorOf(errors, 'files')} />
          <SendTime later={later} onLater={setLater} sendAt={sendAt} onSendAt={setSendAt} error={errors.envoiLe} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => confirmLeave(onClose)} disabled={sending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t(later ? 'mailUi.send.schedule' : 'mailUi.send.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** Files uploaded for the mail (POST /api/televersements), each removable; one more added at a time. */
function MailUploads({
  files,
  onChange,
  error,
}: {
  files: string[];
  onChange: (files: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  // A new input after each upload: the chosen file shows in the list below, not in the input.
  const [round, setRound] = useState(0);
  return (
    <Stack gap={4}>
      <UploadInput
        key={round}
        folder={mailUploadFolder}
        label={t('mailUi.fields.upload')}
        error={error}
        value=""
        onChange={(stored) => {
          if (!stored) return;
          onChange([...files, stored]);
          setRound((value) => value + 1);
        }}
      />
      {files.length > 0 && (
        <Stack gap={2} role="list" aria-label={t('mailUi.fields.uploaded')}>
          {files.map((stored) => {
            const name = stored.slice(stored.lastIndexOf('/') + 1);
            return (
              <Group key={stored} gap="xs" role="listitem">
                <Text size="sm">{name}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('mailUi.send.remove_file', { name })}
                  onClick={() => onChange(files.filter((other) => other !== stored))}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** Now, or at a date and time (an ISO moment). */
export function SendTime({
  later,
  onLater,
  sendAt,
  onSendAt,
  error,
}: {
  later: boolean;
  onLater: (later: boolean) => void;
  sendAt: string | null;
  onSendAt: (sendAt: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('mailUi.fields.when')}
        value={later ? 'later' : 'now'}
        onChange={(value) => onLater(value === 'later')}
      >
        <Group mt={4}>
          <Radio value="now" label={t('mailUi.send.now')} />
          <Radio value="later" label={t('mailUi.send.later')} />
        </Group>
      </Radio.Group>
      {later && (
        <DateInput
          label={t('mailUi.fields.sendAt')}
          value={sendAt}
          onChange={onSendAt}
          withTime
          required
          error={error}
        />
      )}
    </Stack>
  );
}
