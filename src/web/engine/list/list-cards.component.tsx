import { Badge, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listColumns, recordTitle } from '../../../shared/resources/resource';
import { FieldValue } from '../field-value.component';
import { useRecordPath } from '../web-module';
import { IconLabels } from './icon-labels.component';
import { useListContext } from './list-context.hook';
import { RowActions } from './row-actions.component';

/**
 * The list's records on a phone: one card a record, its title, then each list column as "label:
 * value" lines (empty ones left out), its actions below. A table there is wider than the screen and
 * its actions column would cover half of it.
 */
export function ListCards() {
  const { t } = useTranslation();
  const { definition, page, items, batchActions, selection } = useListContext();
  const recordPath = useRecordPath(definition.slug);
  const { slug } = definition;
  const columns = listColumns(definition).filter((name) => name !== definition.titleField);
  const selectable = batchActions.length > 0;

  return (
    <IconLabels>
      <Stack
        gap="sm"
        component="ul"
        aria-label={t(`resources.${slug}.label`)}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {items.map((record, index) => {
          const title = recordTitle(definition, record);
          return (
            <Card key={record.id} component="li" withBorder padding="sm" aria-label={title}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {selectable && (
                  <Checkbox
                    aria-label={t('engine.select_row', { title })}
                    checked={selection.selected.has(record.id)}
                    disabled={!selection.enabled(record.id)}
                    onChange={() => undefined}
                    onClick={(event) => selection.toggle(index, event)}
                  />
                )}
                <Text fw={700} component={Link} to={recordPath(record.id)} style={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Text>
              </Group>
              <SimpleGrid cols={1} spacing={2} mt="xs">
                {columns.map((name) =>
                  record[name] === null || record[name] === '' || record[name] === undefined ? null : (
                    <Text key={name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span c="dimmed" size="sm">
                        {t('engine.card_field', { field: t(`resources.${slug}.fields.${name}`) })}
                      </Text>{' '}
                      <FieldValue
                        slug={slug}
                        name={name}
                        def={definition.fields[name]!}
                        value={record[name]}
                        titles={page?.titles ?? {}}
                      />
                    </Text>
                  ),
                )}
                {definition.behaviours.activatable && (
                  <Badge color={record.enabled ? 'green.8' : 'gray.7'} variant="dot">
                    {t(record.enabled ? 'engine.enabled_yes' : 'engine.enabled_no')}
                  </Badge>
                )}
              </SimpleGrid>
              <Group justify="flex-end" mt="xs">
                <RowActions record={record} />
              </Group>
            </Card>
          );
        })}
      </Stack>
    </IconLabels>
  );
}
