import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findResource } from '../../../shared/resources/registry';
import { recordTitle } from '../../../shared/resources/resource';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import type { RecordPartProps } from '../../engine/web-module';
import { queryKeys } from '../../query-keys';

/** On a structure's page: the individuals linked to it, by name, with their link's function and service. */
export function LinkedIndividuals({ record }: RecordPartProps) {
  const { t } = useTranslation();
  const individuals = findResource('individus')!;
  const { data: linked } = useQuery({
    queryKey: queryKeys.resource.route('structures', 'api.structures.individuals', record.id),
    queryFn: () => api('GET', 'api.structures.individuals', { params: { id: record.id } }),
  });
  if (!linked) return null;
  if (linked.length === 0) return <Text size="sm">{t('engine.empty')}</Text>;
  const label = (name: string) => t(`resources.individus.subfields.${name}`);
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('resources.individus.singular')}</Table.Th>
            <Table.Th>{label('function')}</Table.Th>
            <Table.Th>{label('service')}</Table.Th>
            <Table.Th>{label('leftStructure')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linked.map((individual) => (
            <Table.Tr key={individual.id}>
              <Table.Td>
                <Anchor component={Link} to={path('admin.resource.show', { resource: 'individus', id: individual.id })}>
                  {recordTitle(individuals, individual)}
                </Anchor>
              </Table.Td>
              <Table.Td>{individual.function}</Table.Td>
              <Table.Td>{individual.service}</Table.Td>
              <Table.Td>{t(individual.leftStructure ? 'engine.yes' : 'engine.no')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
