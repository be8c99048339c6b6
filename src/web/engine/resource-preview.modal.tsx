import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordTitle, type ResourceDefinition, type ResourceRecord } from '../../shared/resources/resource';
import { AppModal } from '../shell/app-modal.component';
import { RecordDetails } from './record-details.component';
import { useResourceRecord } from './resource-api.hook';
import { useRecordPath } from './web-module';
import { Loading } from '../shell/loading.component';

/** The preview (aperçu) of a list row: what its show page holds, without leaving the list. */
export function PreviewModal({
  definition,
  record,
  onClose,
}: {
  definition: ResourceDefinition;
  record: ResourceRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data } = useResourceRecord(definition, String(record.id));
  const recordPath = useRecordPath(definition.slug);
  return (
    <AppModal onClose={onClose} title={t('engine.preview_title', { title: recordTitle(definition, record) })} size="xl">
      {data ? (
        <>
          <RecordDetails definition={definition} record={data} />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('actions.close')}
            </Button>
            <Button component={Link} to={recordPath(record.id)}>
              {t('engine.open_page')}
            </Button>
          </Group>
        </>
      ) : (
        <Loading />
      )}
    </AppModal>
  );
}
