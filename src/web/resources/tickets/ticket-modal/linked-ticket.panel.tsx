import { Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResourceRecordView } from '../../../../shared/resources/resource';

/**
 * The ticket's linked task: which ticket, whether this one blocks it or is blocked by it, and a
 * button opening it in this modal. Both are chosen in the ticket's form (its "Ticket lié" tab).
 */
export function LinkedTicketPanel({ record, onOpen }: { record: ResourceRecordView; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const linked = typeof record.linkedTicket === 'number' ? record.linkedTicket : null;
  if (linked === null) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('resources.tickets.modal.linked.none')}</Text>
        <Text size="sm" c="dimmed">
          {t('resources.tickets.modal.linked.hint')}
        </Text>
      </Stack>
    );
  }
  const title = record.titles.linkedTicket?.[String(linked)] ?? `#${linked}`;
  const relation =
    typeof record.blockingType === 'string'
      ? t(`resources.tickets.modal.linked.relation.${record.blockingType}`, { title })
      : t('resources.tickets.modal.linked.relation.none', { title });
  return (
    <Stack gap="sm">
      <Text size="sm">{relation}</Text>
      <Group>
        <Button
          variant="light"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          aria-label={t('resources.tickets.modal.linked.open', { title })}
          onClick={() => onOpen(linked)}
        >
          {t('resources.tickets.modal.linked.open_short')}
        </Button>
      </Group>
    </Stack>
  );
}
