import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format';
import type { ProjectEmail } from '../../../shared/mail/project-mail';
import { nobody } from '../../../shared/permissions';
import { projects } from '../../../shared/resources/projet.resource';
import { canOnRecord, type ResourceRecordView } from '../../../shared/resources/resource';
import { api, ApiRequestError } from '../../api-client';
import { DateInput } from '../../engine/date-input.component';
import { queryKeys } from '../../query-keys';
import { useSession } from '../../session.hook';
import { AppModal } from '../../shell/app-modal.component';
import { Loading } from '../../shell/loading.component';
import { toast } from '../../shell/toasts.component';
import { SendMailModal } from './send-mail.modal';

type MailsRoute = 'api.projects.sent_emails' | 'api.projects.scheduled_emails';

/**
 * A project's tab "Mails envoyés" or "Mails programmés" (emails-envoyes/{projet},
 * emails-programmes/{projet}): its mails, newest first, each opened whole on click; the scheduled ones
 * cancelled or given a new date. Whoever may change the project writes a mail from here.
 */
export function ProjectMailsPanel({ record, route }: { record: ResourceRecordView; route: MailsRoute }) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  const mayWrite = canOnRecord(user, projects, record, 'update');
  const scheduled = route === 'api.projects.scheduled_emails';
  const [writing, setWriting] = useState(false);
  const [opened, setOpened] = useState<ProjectEmail | null>(null);
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('projet', route, record.id),
    queryFn: () => api('GET', route, { params: { projet: record.id } }),
  });
  return (
    <Stack>
      {mayWrite && (
        <Group>
          <Button leftSection={<IconMail size={16} aria-hidden />} onClick={() => setWriting(true)}>
            {t('mailUi.send.title')}
          </Button>
        </Group>
      )}
      {writing && <SendMailModal project={record} onClose={() => setWriting(false)} />}
      {!data ? (
        <Loading />
      ) : data.total === 0 ? (
        <Text size="sm">{t(`resources.projet.page.empty.${scheduled ? 'scheduled_mails' : 'sent_mails'}`)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table
            striped
            aria-label={t(`resources.projet.page.tabs.${scheduled ? 'mails-programmes' : 'mails-envoyes'}`)}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mailUi.fields.subject')}</Table.Th>
                <Table.Th>{t('mailUi.fields.recipients')}</Table.Th>
                <Table.Th>{t(scheduled ? 'mailUi.fields.sendAt' : 'mailUi.fields.date')}</Table.Th>
                <Table.Th>{t('mailUi.fields.sender')}</Table.Th>
                <Table.Th>{t('mailUi.fields.status')}</Table.Th>
                {scheduled && mayWrite && <Table.Th>{t('mailUi.fields.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={t('mailUi.list.open', { subject: mail.subject })}
                      onClick={() => setOpened(mail)}
                    >
                      {mail.subject}
                    </Button>
                  </Table.Td>
                  <Table.Td>{mail.recipients.join(', ')}</Table.Td>
                  <Table.Td>{formatDateTime(mail.date)}</Table.Td>
                  <Table.Td>{mail.sender}</Table.Td>
                  <Table.Td>
                    <MailStatus mail={mail} />
                  </Table.Td>
                  {scheduled && mayWrite && (
                    <Table.Td>
                      <ScheduledActions project={record.id} mail={mail} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {opened && <MailModal mail={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

/** A mail's state; a failed one says why (the SMTP server's reply). */
function MailStatus({ mail }: { mail: ProjectEmail }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={mail.status === 'failed' ? 'red' : 'gray'} variant="light">
        {t(`resources.journal-emails.choices.status.${mail.status}`)}
      </Badge>
      {mail.status === 'failed' && mail.error && <Text size="xs">{mail.error}</Text>}
    </Stack>
  );
}

/**
 * The whole mail: its addresses, attachments and HTML. The HTML, sanitised by the server, is drawn
 * in a sandboxed frame all the same: no script, form or link of it acts on the back office.
 */
function MailModal({ mail, onClose }: { mail: ProjectEmail; onClose: () => void }) {
  const { t } = useTranslation();
  const lines: [string, string][] = [
    [t('mailUi.fields.date'), formatDateTime(mail.date)],
    [t('mailUi.fields.sender'), mail.sender],
    [t('mailUi.fields.recipients'), mail.recipients.join(', ')],
    [t('mailUi.fields.cc'), mail.cc.join(', ')],
    [t('mailUi.fields.bcc'), mail.bcc.join(', ')],
    [t('mailUi.fields.documents'), mail.attachments.join(', ')],
  ];
  return (
    <AppModal title={mail.subject} onClose={onClose} size="xl">
      <Stack>
        <dl>
          {lines
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <Group key={label} gap="xs" wrap="nowrap">
                <Text component="dt" size="sm" fw={500}>
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {value}
                </Text>
              </Group>
            ))}
        </dl>
        <MailStatus mail={mail} />
        <iframe
          title={t('mailUi.list.content', { subject: mail.subject })}
          sandbox=""
          srcDoc={mail.html}
          style={{ width: '100%', minHeight: 360, border: '1px solid var(--mantine-color-gray-3)' }}
        />
      </Stack>
    </AppModal>
  );
}

/** A scheduled mail's "Annuler" (confirmed) and "Changer la date". */
function ScheduledActions({ project, mail }: { project: number; mail: ProjectEmail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'cancel' | 'date' | null>(null);
  const [sendAt, setSendAt] = useState<string | null>(mail.date);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(t(done));
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') });
      setDialog(null);
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      const fieldError = caught.payload.fieldErrors?.envoiLe;
      if (fieldError) setError(fieldError);
      else {
        toast.error(caught.message);
        setDialog(null);
      }
    } finally {
      setBusy(false);
    }
  }

  const params = { projet: project, email: mail.id };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" size="compact-sm" onClick={() => setDialog('date')}>
        {t('mailUi.list.reschedule')}
      </Button>
      <Button variant="default" color="red" size="compact-sm" onClick={() => setDialog('cancel')}>
        {t('mailUi.list.cancel')}
      </Button>
      {dialog === 'cancel' && (
        <AppModal
          title={t('mailUi.list.cancel_title', { subject: mail.subject })}
          onClose={() => !busy && setDialog(null)}
        >
          <Stack>
            <Text>{t('mailUi.list.cancel_body')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)} disabled={busy}>
                {t('mailUi.list.keep')}
              </Button>
              <Button
                color="red"
                loading={busy}
                onClick={() =>
                  void run(() => api('POST', 'api.projects.cancel_email', { params }), 'mailUi.list.cancelled')
                }
              >
                {t('mailUi.list.cancel_confirm')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
      {dialog === 'date' && (
        <AppModal
          title={t('mailUi.list.reschedule_title', { subject: mail.subject })}
          onClose={() => !busy && setDialog(null)}
        >
          <Stack>
            <DateInput
              label={t('mailUi.fields.sendAt')}
              value={sendAt}
              onChange={setSendAt}
              withTime
              required
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)} disabled={busy}>
                {t('actions.cancel')}
              </Button>
              <Button
                loading={busy}
                onClick={() =>
                  sendAt
                    ? void run(
                        () => api('POST', 'api.projects.reschedule_email', { params, body: { envoiLe: sendAt } }),
                        'mailUi.list.rescheduled',
                      )
                    : setError(t('validation.required'))
                }
              >
                {t('mailUi.list.reschedule')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
    </Group>
  );
}
