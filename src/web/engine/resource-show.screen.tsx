import { Button, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { can, nobody } from '../../shared/permissions';
import { canOnRecord, recordTitle, type ResourceDefinition } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ErrorScreen, errorStatusOfFailure } from '../shell/error.screen';
import { useSession } from '../session.hook';
import { useDialogs } from '../shell/dialogs.component';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { ChildPanels } from './child-panels.component';
import { RecordCommands } from './record-commands.component';
import { RecordDetails } from './record-details.component';
import { RecordPanel } from './record-panel.component';
import { useRefreshResource, useResourceRecord } from './resource-api.hook';
import { useWebModule } from './web-module';
import { Loading } from '../shell/loading.component';

/**
 * voir/{id}: every field, the record's history, a panel per child resource, then the panels of the
 * resource's web module; its tabs, when it has some, come after the record's own.
 */
export function ResourceShowScreen({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { slug } = definition;
  const { data: record, isError, error } = useResourceRecord(definition, id);
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const refresh = useRefreshResource(definition);
  const { panels = [], tabs = [] } = useWebModule(slug);
  const title = record ? recordTitle(definition, record) : '';
  useDocumentTitle(title || t(`resources.${slug}.singular`));

  if (isError) return <ErrorScreen status={errorStatusOfFailure(error)} />;
  if (!record) return <Loading />;
  const user = session?.user ?? nobody;

  const header = (
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
        <Button variant="default" component={Link} to={path('admin.resource.clone', { resource: slug, id: record.id })}>
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
  );
  const main = (
    <Stack>
      <RecordDetails definition={definition} record={record} />
      <ChildPanels definition={definition} record={record} />
      {panels.map(({ name, Component }) => (
        <RecordPanel key={name} title={t(`resources.${slug}.panels.${name}`)}>
          <Component definition={definition} record={record} />
        </RecordPanel>
      ))}
    </Stack>
  );

  return (
    <Stack>
      {header}
      {tabs.length === 0 ? (
        main
      ) : (
        <Tabs defaultValue="record" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="record">{t('engine.record_tab')}</Tabs.Tab>
            {tabs.map(({ name }) => (
              <Tabs.Tab key={name} value={name}>
                {t(`resources.${slug}.panels.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="record">{main}</Tabs.Panel>
          {tabs.map(({ name, Component }) => (
            <Tabs.Panel key={name} value={name}>
              <Component definition={definition} record={record} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
