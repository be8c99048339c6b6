import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceRecordView } from '../../../shared/resources/resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { path } from '../../../shared/routes';
import { apiRequest } from '../../api-client';
import { ModalRecordForm } from '../../engine/resource-modal-form.component';
import { AppModal } from '../../shell/app-modal.component';

/**
 * The ticket modal (spec 2.1): a new ticket of a project (ticketId null), or a ticket to edit. Its
 * opener mounts it while open and unmounts it on close; `onSaved` follows a save.
 */
export function TicketModal({
  ticketId,
  project,
  onSaved,
  onClose,
}: {
  ticketId: number | null;
  /** A new ticket's project, with its title. */
  project?: { id: number; title: string };
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useQuery({
    queryKey: ['tickets', 'record', ticketId],
    queryFn: () =>
      apiRequest<ResourceRecordView>('GET', path('api.resource.item', { resource: 'tickets', id: ticketId! })),
    enabled: ticketId !== null,
  });
  const title = ticketId === null ? t('resources.tickets.modal.create') : t('resources.tickets.modal.edit');
  return (
    <AppModal title={title} onClose={onClose} size="xl">
      {(ticketId === null || record.data) && (
        <ModalRecordForm
          definition={tickets}
          record={record.data}
          prefill={
            project && ticketId === null
              ? { values: { project: project.id }, titles: { project: { [String(project.id)]: project.title } } }
              : undefined
          }
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </AppModal>
  );
}
