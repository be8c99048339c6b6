import { Button, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { can, nobody } from '../../shared/permissions';
import { canOnRecord, recordTitle, type ResourceDefinition } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ErrorScreen, errorStatusOfFailure } from '../screens/error/error.screen';
import { useSession } from '../session.hook';
import { useDialogs } from '../shell/dialogs.component';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { RecordCommands } from './record-commands.component';
import { RecordDetails } from './record-details.component';
import { useRefreshResource, useResourceRecord } from './resource-api.hook';

/** voir/{id}: every field, and the record's history (created, last changed, by whom). */
export function ResourceShowScreen({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { slug } = definition;
  const { data: record, isError, error } = useResourceRecord(definition, id);
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const refresh = useRefreshResource(definition);
  const title = record ? recordTitle(definition, record) : '';
  useDocumentTitle(title || t(`resources.${slug}.singular`));

  if (isError) return <ErrorScreen status={errorStatusOfFailure(error)} />;
  if (!record) return <Loader aria-label={t('shell.loading')} />;
  const user = session?.user ?? nobody;

  return (
    <Stack>
      <ScreenHeader title={title}>
        <Button variant="default" component={Link} to={path('admin.resource.list', { resource: slug })}>
          {t('engine.back_to_list')}
        </Button>
        {!definition.behaviours.readOnly && canOnRecord(user, definition, record, 'update') && (
          <Button component={Link} to={path('admin.resource.edit', { resource: slug, id: record.id })}>
            {t('engine.edit')}
          </Button>
        )}
        {can(user, slug, 'create') && definition.behaviours.clonable && (
          <Button
            variant="default"
            component={Link}
            to={path('admin.resource.clone', { resource: slug, id: record.id })}
          >
            {t('engine.clone')}
          </Button>
        )}
        <RecordCommands definition={definition} record={record} user={user} />
        {!definition.behaviours.readOnly && canOnRecord(user, definition, record, 'delete') && (
          <Button
            color="red"
            variant="light"
            onClick={() =>
              dialogs.delete(
                { body: t('engine.delete_body', { title }) },
                path('api.resource.delete', { resource: slug, id: record.id }),
                () => {
                  void refresh();
                  void navigate(path('admin.resource.list', { resource: slug }));
                },
              )
            }
          >
            {t('engine.delete')}
          </Button>
        )}
      </ScreenHeader>
      <RecordDetails definition={definition} record={record} />
    </Stack>
  );
}
