import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format';

import { api } from '../../api-client';
import type { RecordPartProps } from '../../engine/web-module';
import { queryKeys } from '../../query-keys';

/** In a contact's history (individuals, structures): the records merged into it, latest first. */
export function MergeHistory({ definition: { slug }, record: { id } }: RecordPartProps) {
  const { t } = useTranslation();
  const { data: entries = [] } = useQuery({
    queryKey: queryKeys.resource.merges(slug, id),
    queryFn: () => api('GET', 'api.duplicates.history', { params: { resource: slug, id } }),
  });
  return entries.map((entry) => (
    <Text key={entry.id} size="sm">
      {t('duplicates.history.merged', {
        title: entry.removedTitle,
        id: entry.removedId,
        date: formatDateTime(entry.mergedAt),
      })}
      {entry.mergedByName ? ` — ${entry.mergedByName}` : ''}.{' '}
      {entry.fieldsFromRemoved.length > 0 &&
        `${t('duplicates.history.fields', {
          fields: entry.fieldsFromRemoved.map((name) => t(`resources.${slug}.fields.${name}`)).join(', '),
        })} `}
      {entry.movedLinks > 0 && t('duplicates.history.links', { count: entry.movedLinks })}
    </Text>
  ));
}
