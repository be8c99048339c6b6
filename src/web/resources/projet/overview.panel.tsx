import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/i18n/format';
import { projects } from '../../../shared/resources/projet.resource';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import { FieldValue } from '../../engine/field-value.component';
import { RecordPanel } from '../../engine/record-panel.component';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** The overview's facts, owner, missions and referents: the project's fields shown there, in order. */
const facts = [
  'reference',
  'state',
  'status',
  'theme',
  'parentProject',
  'creationDate',
  'lastInterventionDate',
  'priority',
];
const people = ['ownerIndividual', 'ownerStructure', 'missions', 'referents'];

/** The tab "Aperçu", from GET load-apercu/{id}: key facts, owner, missions, referents, latest advice acts. */
export function OverviewPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('projet', 'api.projects.overview', projectId),
    queryFn: () => api('GET', 'api.projects.overview', { params: { id: projectId } }),
  });
  if (!data) return <Loading />;
  const { project, latestActs, actsTotal, childProjects, childProjectsTotal } = data;
  const fields = (names: string[]) => (
    <SimpleGrid cols={{ base: 1, md: 2 }} component="dl">
      {names.map((name) => (
        <div key={name}>
          <Text component="dt" size="sm" fw={700}>
            {t(`resources.projet.fields.${name}`)}
          </Text>
          <Text component="dd" m={0}>
            <FieldValue
              slug="projet"
              name={name}
              def={projects.fields[name]!}
              value={project[name]}
              titles={project.titles}
            />
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
  return (
    <Stack>
      <RecordPanel title={t('resources.projet.page.key_facts')}>{fields(facts)}</RecordPanel>
      <RecordPanel title={t('resources.projet.page.people')}>{fields(people)}</RecordPanel>
      {childProjectsTotal > 0 && (
        <RecordPanel title={t('resources.projet.page.child_projects', { count: childProjectsTotal })}>
          <List spacing={4}>
            {childProjects.map((child) => (
              <List.Item key={child.id}>
                <Anchor component={Link} to={path('admin.projects.page', { id: child.id })}>
                  {child.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </RecordPanel>
      )}
      {/* null: the reader may not list advice acts. */}
      {latestActs !== null && (
        <RecordPanel title={t('resources.projet.page.latest_acts', { count: actsTotal ?? 0 })}>
          {latestActs.length === 0 ? (
            <Text size="sm">{t('resources.projet.page.no_acts')}</Text>
          ) : (
            <List spacing="xs" listStyleType="none" p={0}>
              {latestActs.map((act) => (
                <List.Item key={act.id}>
                  <Paper withBorder p="xs">
                    <Title order={3} size="h6">
                      {formatDate(String(act.actDate))} — {String(act.subject)}
                    </Title>
                  </Paper>
                </List.Item>
              ))}
            </List>
          )}
        </RecordPanel>
      )}
    </Stack>
  );
}
