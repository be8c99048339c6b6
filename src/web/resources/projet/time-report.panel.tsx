import { Button, Group, Menu, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatMonthYear } from '../../../shared/i18n/format';
import { can, nobody } from '../../../shared/permissions';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import { RecordPanel } from '../../engine/record-panel.component';
import { useSession } from '../../session.hook';
import { Loading } from '../../shell/loading.component';
import { saveFile } from '../../shell/save-file';
import { toast } from '../../shell/toasts.component';
import { queryKeys } from '../../query-keys';

const key = (name: string) => `resources.projet.time_report.${name}`;

/**
 * The tab "Temps": the time worked on the project's tickets per user, per task type and per month,
 * the estimate against the time spent, overall and per ticket; the tickets' table exported as CSV or
 * Excel (temps/{projet}?format=).
 */
export function ProjectTimeReportPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const user = useSession().data?.user ?? nobody;
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('projet', 'api.projects.time_report', projectId),
    queryFn: () => api('GET', 'api.projects.time_report', { params: { projet: projectId } }),
  });
  if (!data) return <Loading />;
  const { totals } = data;
  return (
    <Stack>
      <RecordPanel title={t(key('totals'))}>
        <Group justify="space-between" align="flex-end">
          <Group gap="xl">
            <Figure label={t(key('estimate'))} value={formatDuration(totals.estimate)} />
            <Figure label={t(key('spent'))} value={formatDuration(totals.spent)} />
            <Figure label={t(key('difference'))} value={formatDuration(totals.estimate - totals.spent)} />
          </Group>
          {can(user, 'projet', 'export') && <ExportMenu projectId={projectId} />}
        </Group>
      </RecordPanel>
      {totals.spent === 0 && <Text size="sm">{t('resources.projet.page.empty.time')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <MinutesTable
          title={t(key('by_user'))}
          head={t(key('columns.user'))}
          rows={data.byUser.map(({ id, name, minutes }) => ({ key: String(id), label: name ?? '', minutes }))}
        />
        <MinutesTable
          title={t(key('by_task_type'))}
          head={t(key('columns.task_type'))}
          rows={data.byTaskType.map(({ id, name, minutes }) => ({
            key: String(id),
            label: name ?? t(key('no_task_type')),
            minutes,
          }))}
        />
        <MinutesTable
          title={t(key('by_month'))}
          head={t(key('columns.month'))}
          rows={data.byMonth.map(({ month, minutes }) => ({ key: month, label: formatMonthYear(month), minutes }))}
        />
      </SimpleGrid>
      <RecordPanel title={t(key('by_ticket'))}>
        <Table.ScrollContainer minWidth={0} type="native">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(key('columns.ticket'))}</Table.Th>
                <Table.Th scope="col">{t(key('columns.estimate'))}</Table.Th>
                <Table.Th scope="col">{t(key('columns.spent'))}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.tickets.map((ticket) => (
                <Table.Tr key={ticket.id}>
                  <Table.Th scope="row" fw="normal">
                    {ticket.name}
                  </Table.Th>
                  <Table.Td>{ticket.estimate === null ? '' : formatDuration(ticket.estimate)}</Table.Td>
                  <Table.Td c={ticket.estimate !== null && ticket.spent > ticket.estimate ? 'red' : undefined}>
                    {formatDuration(ticket.spent)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </RecordPanel>
    </Stack>
  );
}

/** One figure of the totals, its label above. */
function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

/** A small table of minutes worked, per user, task type or month. */
function MinutesTable({
  title,
  head,
  rows,
}: {
  title: string;
  head: string;
  rows: { key: string; label: string; minutes: number }[];
}) {
  const { t } = useTranslation();
  return (
    <RecordPanel title={title}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{head}</Table.Th>
            <Table.Th scope="col">{t(key('columns.time'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw="normal">
                {row.label}
              </Table.Th>
              <Table.Td>{formatDuration(row.minutes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RecordPanel>
  );
}

/** "Exporter": the tickets' table as a CSV or Excel file. */
function ExportMenu({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  async function run(format: 'csv' | 'xlsx') {
    setRunning(true);
    try {
      const response = await fetch(path('api.projects.time_report', { projet: projectId, format }), {
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(String(response.status));
      saveFile(response, [await response.arrayBuffer()], `temps.${format}`);
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setRunning(false);
    }
  }
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={running}>
          {t('export.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('csv')}>{t('export.csv')}</Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')}>{t('export.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
