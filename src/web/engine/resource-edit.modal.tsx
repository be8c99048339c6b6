import { Alert, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recordTitle, type ResourceDefinition, type ResourceRecord } from '../../shared/resources/resource';
import { useResourceRecord } from './resource-api.hook';
import { ModalRecordForm } from './resource-modal-form.component';

/** modal/editer/{id} (behaviour modalEdit): a list row's record edited in a modal, the list staying behind. */
export function EditModal({
  definition,
  record,
  onClose,
}: {
  definition: ResourceDefinition;
  /** The row being edited; none: closed. */
  record: ResourceRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = record ? recordTitle(definition, record) : '';
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title={t('engine.edit_title', { title })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {record && <EditForm definition={definition} id={record.id} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ definition, id, onClose }: { definition: ResourceDefinition; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  // Fetched again on each opening: the form starts from the record as it is now, with its references' titles.
  const { data: record, isFetchedAfterMount, isError } = useResourceRecord(definition, String(id));
  if (isError) return <Alert color="red">{t('errors.generic')}</Alert>;
  if (!record || !isFetchedAfterMount) return <Loader aria-label={t('shell.loading')} />;
  return <ModalRecordForm definition={definition} record={record} onSaved={onClose} onCancel={onClose} />;
}
