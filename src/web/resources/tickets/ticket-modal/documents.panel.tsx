import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketDocuments } from '../../../../shared/resources/tickets-documents.resource';
import { ChildRecords } from '../../../engine/child-panels.component';
import { TicketChildForm } from './ticket-child-form.component';

/** A stored file's name without its folders and extension: the title a new document starts with. */
const titleOf = (stored: string) => (stored.split('/').pop() ?? '').replace(/\.[^.]+$/, '');

/**
 * A ticket's documents: the upload form (the file, sent at once to POST /api/televersements by the
 * file input, then its title) for whoever may change the ticket, and the engine's list of them with
 * their download links, edited and deleted in place.
 */
export function DocumentsPanel({ ticketId, writable }: { ticketId: number; writable: boolean }) {
  const { t } = useTranslation();
  const [added, setAdded] = useState(0);
  return (
    <Stack gap="md">
      {writable && (
        <TicketChildForm
          key={added}
          ticketId={ticketId}
          child={ticketDocuments}
          fields={['file', 'title']}
          label={t('resources.tickets.modal.documents.add_form')}
          submitLabel={t('resources.tickets.modal.documents.add')}
          errorKey="tickets.errors.update"
          onAdded={() => setAdded((count) => count + 1)}
          onFieldChange={(name, value, form) => {
            if (name === 'file' && typeof value === 'string' && !form.getValues('title')) {
              form.setValue('title', titleOf(value));
            }
          }}
        />
      )}
      <ChildRecords
        parent="tickets"
        parentId={ticketId}
        child={ticketDocuments}
        inPlace={writable ? { slug: 'tickets', id: ticketId, field: 'ticket' } : undefined}
      />
    </Stack>
  );
}
