import { ActionIcon, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDuration } from '../../../../shared/i18n/format';
import { timeEntries } from '../../../../shared/resources/tickets-temps.resource';
import { path } from '../../../../shared/routes';
import { api } from '../../../api-client';
import { useSession } from '../../../session.hook';
import { useDialogs } from '../../../shell/dialogs.component';
import { Loading } from '../../../shell/loading.component';
import { TicketChildForm } from './ticket-child-form.component';
import { useRefreshTicket, useTicketChildren } from './ticket-modal.hook';
import { queryKeys } from '../../../query-keys';

/** The fields of a time entry, in the order the form asks them. */
const entryFields = ['workedOn', 'user', 'description', 'workedMinutes'] as const;

/** Today as a date field keeps it (yyyy-mm-dd), in the browser's day. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** GET temps/{id}: the ticket's estimate, time spent and remaining, and who spent it. */
export function TimeTotals({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { data, isError } = useQuery({
    queryKey: queryKeys.ticket.time(ticketId),
    queryFn: () => api('GET', 'api.tickets.time_totals', { params: { id: ticketId } }),
  });
  if (isError) return <Text size="sm">{t('tickets.errors.time')}</Text>;
  if (!data) return <Loading />;
  const figures = [
    ['estimate', data.estimate === null ? t('engine.none') : formatDuration(data.estimate)],
    ['spent', formatDuration(data.spent)],
    ['remaining', formatDuration(data.remaining)],
  ] as const;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={3} component="dl" m={0}>
        {figures.map(([name, value]) => (
          <div key={name}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`resources.tickets.modal.time.${name}`)}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {data.byUser.length > 0 && (
        <List size="sm" aria-label={t('resources.tickets.modal.time.by_user')}>
          {data.byUser.map((row) => (
            <List.Item key={row.user}>
              {t('resources.tickets.modal.time.user_line', { name: row.name, duration: formatDuration(row.minutes) })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * A ticket's time: its totals, its time entries (date, user, description, minutes; deleted in
 * place) and, for whoever may change the ticket, the form adding one (today, by the user).
 */
export function TimePanel({ ticketId, writable }: { ticketId: number; writable: boolean }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const refresh = useRefreshTicket();
  const userId = useSession().data?.user.id;
  const { data: page, isError } = useTicketChildren(ticketId, timeEntries);
  const [added, setAdded] = useState(0);
  const label = (name: string) => t(`resources.tickets-temps.fields.${name}`);
  return (
    <Stack gap="md">
      <TimeTotals ticketId={ticketId} />
      <Title order={3} size="h5">
        {t('resources.tickets.modal.time.entries')}
      </Title>
      {isError ? (
        <Text size="sm">{t('tickets.errors.open')}</Text>
      ) : !page ? (
        <Loading />
      ) : page.total === 0 ? (
        <Text size="sm">{t('resources.tickets.modal.time.empty')}</Text>
      ) : (
        <Table striped aria-label={t('resources.tickets.modal.time.entries')}>
          <Table.Thead>
            <Table.Tr>
              {entryFields.map((name) => (
                <Table.Th key={name}>{label(name)}</Table.Th>
              ))}
              {writable && <Table.Th>{t('engine.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((entry) => {
              const description = String(entry.description);
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(String(entry.workedOn))}</Table.Td>
                  <Table.Td>{page.titles.user?.[String(entry.user)] ?? t('engine.none')}</Table.Td>
                  <Table.Td>{description}</Table.Td>
                  <Table.Td>{formatDuration(Number(entry.workedMinutes))}</Table.Td>
                  {writable && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('engine.row_delete', { title: description })}
                        onClick={() =>
                          dialogs.delete(
                            { body: t('engine.delete_body', { title: description }) },
                            path('api.resource.child_delete', {
                              resource: 'tickets',
                              id: ticketId,
                              child: timeEntries.slug,
                              childId: entry.id,
                            }),
                            () => void refresh(timeEntries.slug),
                          )
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {writable && (
        <TicketChildForm
          key={added}
          ticketId={ticketId}
          child={timeEntries}
          fields={entryFields}
          presets={{ workedOn: today(), user: userId ?? null }}
          label={t('resources.tickets.modal.time.add_form')}
          submitLabel={t('resources.tickets.modal.time.add')}
          errorKey="tickets.errors.time"
          onAdded={() => setAdded((count) => count + 1)}
        />
      )}
    </Stack>
  );
}
