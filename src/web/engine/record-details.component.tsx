import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/i18n/format';
import type { ResourceDefinition, ResourceRecordView } from '../../shared/resources/resource';
import { MergeHistory } from '../screens/duplicates/merge-history.component';
import { FieldValue } from './field-value.component';

/** Every field of a record, then its history (created, last changed, by whom): the show page and the preview. */
export function RecordDetails({ definition, record }: { definition: ResourceDefinition; record: ResourceRecordView }) {
  const { t } = useTranslation();
  const historyId = useId();
  const { slug } = definition;
  const by = (name: string | null) => (name ? ` — ${name}` : '');
  return (
    <Stack>
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
      <Paper withBorder p="md" component="section" aria-labelledby={historyId}>
        <Title order={2} size="h4" id={historyId}>
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
        <MergeHistory slug={slug} id={record.id} />
      </Paper>
    </Stack>
  );
}
