import { Button, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../shared/i18n/format';
import { can } from '../../shared/permissions';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import { ApiRequestError } from '../api-client';
import { ErrorScreen } from '../screens/error/error.screen';
import { useSession } from '../session.hook';
import { useDialogs } from '../shell/dialogs.component';
import { useDocumentTitle } from '../shell/document-title.hook';
import { ScreenHeader } from '../shell/screen-header.component';
import { FieldValue } from './field-value.component';
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
  const title = record ? String(record[definition.titleField]) : '';
  useDocumentTitle(title || t(`resources.${slug}.singular`));

  if (isError) return <ErrorScreen status={error instanceof ApiRequestError && error.status === 404 ? 404 : 500} />;
  if (!record) return <Loader aria-label={t('shell.loading')} />;
  const user = session?.user ?? { isAdmin: false };
  const by = (name: string | null) => (name ? ` — ${name}` : '');

  return (
    <Stack>
      <ScreenHeader title={title}>
        <Button variant="default" component={Link} to={path('admin.resource.list', { resource: slug })}>
          {t('engine.back_to_list')}
        </Button>
        {can(user, slug, 'update') && (
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
        {can(user, slug, 'delete') && (
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
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} component="dl">
          {Object.entries(definition.fields).map(([name, def]) => (
            <div key={name}>
              <Text component="dt" size="sm" fw={700}>
                {t(`resources.${slug}.fields.${name}`)}
              </Text>
              <Text component="dd" m={0}>
                <FieldValue slug={slug} name={name} def={def} value={record[name]} titles={record.titles} />
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="record-history">
        <Title order={2} size="h4" id="record-history">
          {t('engine.history')}
        </Title>
        <Text size="sm" mt="xs">
          {t('engine.created_at')} {formatDateTime(record.createdAt)}
          {by(record.createdByName)}
        </Text>
        <Text size="sm">
          {t('engine.updated_at')} {formatDateTime(record.updatedAt)}
          {by(record.updatedByName)}
        </Text>
      </Paper>
    </Stack>
  );
}
