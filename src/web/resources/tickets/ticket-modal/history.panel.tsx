import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/i18n/format';
import type { ResourcePage, ResourceRecord, ResourceRecordView } from '../../../../shared/resources/resource';
import { tickets } from '../../../../shared/resources/tickets.resource';
import { ticketTransitions } from '../../../../shared/resources/tickets-transitions.resource';
import { RecordHistory } from '../../../engine/record-history.component';
import { Loading } from '../../../shell/loading.component';
import { useTicketChildren } from './ticket-modal.hook';

/** The ticket's history (the engine's, every change of the audited ticket), then its moves on the board. */
export function HistoryPanel({ record }: { record: ResourceRecordView }) {
  return (
    <Stack gap="md">
      <RecordHistory definition={tickets} record={record} />
      <TransitionsList ticketId={record.id} />
    </Stack>
  );
}

/**
 * GET /api/tickets/{id}/tickets-transitions, newest first: each move from a step to another, each
 * status change with its comment, and the characteristics the transition asked.
 */
export function TransitionsList({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { data: page, isError } = useTicketChildren(ticketId, ticketTransitions);
  return (
    <section aria-labelledby={`ticket-${ticketId}-transitions`}>
      <Title order={3} size="h5" id={`ticket-${ticketId}-transitions`} mb="xs">
        {t('resources.tickets.modal.history.transitions')}
      </Title>
      {isError ? (
        <Text size="sm">{t('tickets.errors.open')}</Text>
      ) : !page ? (
        <Loading />
      ) : page.total === 0 ? (
        <Text size="sm">{t('resources.tickets.modal.history.no_transitions')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {page.items.map((transition) => (
            <TransitionItem key={transition.id} transition={transition} titles={page.titles} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function TransitionItem({ transition, titles }: { transition: ResourceRecord; titles: ResourcePage['titles'] }) {
  const { t } = useTranslation();
  const step = (field: 'fromStep' | 'toStep') => {
    const id = transition[field];
    return typeof id === 'number' ? (titles[field]?.[String(id)] ?? `#${id}`) : t('engine.none');
  };
  const status = (field: 'fromStatus' | 'toStatus') => {
    const value = transition[field];
    return typeof value === 'string' ? t(`resources.tickets.choices.status.${value}`) : t('engine.none');
  };
  const moved = transition.fromStep !== transition.toStep;
  const statusChanged = transition.fromStatus !== transition.toStatus;
  const comment = typeof transition.comment === 'string' ? transition.comment : '';
  const characteristics = Array.isArray(transition.characteristics)
    ? (transition.characteristics as { characteristicName?: unknown; value?: unknown }[])
    : [];
  return (
    <Paper component="li" withBorder p="sm">
      <Text size="xs" c="dimmed">
        {formatDateTime(transition.createdAt)}
      </Text>
      {moved && (
        <Text size="sm">
          {t('resources.tickets.modal.history.step_change', { from: step('fromStep'), to: step('toStep') })}
        </Text>
      )}
      {statusChanged && (
        <Text size="sm">
          {t('resources.tickets.modal.history.status_change', { from: status('fromStatus'), to: status('toStatus') })}
        </Text>
      )}
      {comment !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('resources.tickets.modal.history.comment', { comment })}
        </Text>
      )}
      {characteristics.length > 0 && (
        <List size="sm" aria-label={t('resources.tickets-transitions.fields.characteristics')}>
          {characteristics.map((row, index) => (
            <List.Item key={index}>
              {t('resources.tickets.modal.history.characteristic', {
                name: String(row.characteristicName ?? ''),
                value: row.value == null || row.value === '' ? t('engine.none') : String(row.value),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
