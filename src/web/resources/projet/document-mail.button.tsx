import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailUploadFolder } from '../../../shared/mail/project-mail';
import { can, nobody } from '../../../shared/permissions';
import { path } from '../../../shared/routes';
import { api, ApiRequestError } from '../../api-client';
import { postForFile } from './posted-file';
import { useSession } from '../../session.hook';
import { toast } from '../../shell/toasts.component';

// The send form (and its editor) loads with its first opening.
const SendMailModal = lazy(async () => ({ default: (await import('./send-mail.modal')).SendMailModal }));

/**
 * The Export tab's "Envoyer par e-mail": the project's document merged from the chosen template file
 * (email-export/{id}), kept as the user's own upload in the mails' folder, then « Envoyer un e-mail »
 * opened with it attached. For whoever may send a project's mails (projet.update).
 */
export function DocumentMailButton({
  projectId,
  body,
}: {
  projectId: number;
  /** The chosen template file (and PDF), or null while none is chosen. */
  body: { fichierType: number; pdf?: boolean } | null;
}) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  const [busy, setBusy] = useState(false);
  const [attached, setAttached] = useState<string | null>(null);
  if (!can(user, 'projet', 'update')) return null;

  async function prepare() {
    if (body === null) return;
    setBusy(true);
    try {
      const file = await postForFile(
        path('api.projects.email_export', { id: projectId }),
        body,
        'document',
        t('export.failed'),
      );
      if (file === null) return;
      const uploaded = await api('POST', 'api.upload', {
        query: { dossier: mailUploadFolder, nom: file.name },
        body: file,
      });
      setAttached(uploaded.path);
    } catch (caught) {
      toast.error(caught instanceof ApiRequestError ? caught.message : t('export.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} aria-hidden />}
        disabled={body === null}
        loading={busy}
        onClick={() => void prepare()}
      >
        {t('mailUi.send.by_mail')}
      </Button>
      {attached !== null && (
        <Suspense fallback={null}>
          <SendMailModal project={{ id: projectId }} files={[attached]} onClose={() => setAttached(null)} />
        </Suspense>
      )}
    </>
  );
}
