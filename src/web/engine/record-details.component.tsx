import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition, ResourceRecordView } from '../../shared/resources/resource';
import { FieldValue } from './field-value.component';
import { RecordHistory } from './record-history.component';

/** Every field of a record, then its history: the show page and the preview. */
export function RecordDetails({ definition, record }: { definition: ResourceDefinition; record: ResourceRecordView }) {
  const { t } = useTranslation();
  const { slug } = definition;
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
      <RecordHistory definition={definition} record={record} />
    </Stack>
  );
}
