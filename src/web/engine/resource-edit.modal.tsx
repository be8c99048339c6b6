import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recordTitle, type ResourceDefinition, type ResourceRecord } from '../../shared/resources/resource';
import { AppModal } from '../shell/app-modal.component';
import { useResourceRecord } from './resource-api.hook';
import { ModalRecordForm, type ChildParent } from './resource-modal-form.component';
import { Loading } from '../shell/loading.component';

/** modal/editer/{id} (behaviour modalEdit): a list row's record edited in a modal, the list staying behind. */
export function EditModal({
  definition,
  record: row,
  parent,
  onClose,
}: {
  definition: ResourceDefinition;
  /** The row being edited. */
  record: ResourceRecord;
  /** A child record, saved through its parent's routes. */
  parent?: ChildParent;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Fetched again on each opening: the form starts from the record as it is now, with its references' titles.
  const { data: record, isFetchedAfterMount, isError } = useResourceRecord(definition, String(row.id));
  return (
    <AppModal onClose={onClose} title={t('engine.edit_title', { title: recordTitle(definition, row) })} size="xl">
      {isError ? (
        <Alert color="red">{t('errors.generic')}</Alert>
      ) : !record || !isFetchedAfterMount ? (
        <Loading />
      ) : (
        <ModalRecordForm definition={definition} record={record} parent={parent} onSaved={onClose} onCancel={onClose} />
      )}
    </AppModal>
  );
}
