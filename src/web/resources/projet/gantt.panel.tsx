import './gantt-chart.css';
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconTemplate } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Gantt, { type FrappeTask, type FrappeViewMode } from 'frappe-gantt';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { can, nobody } from '../../../shared/permissions';
import type { GanttTask } from '../../../shared/resources/project-tickets';
import { projects } from '../../../shared/resources/projet.resource';
import { recordTitle, type ResourceRecordView } from '../../../shared/resources/resource';

import { api } from '../../api-client';
import { RecordPanel } from '../../engine/record-panel.component';
import { useSession } from '../../session.hook';
import { Loading } from '../../shell/loading.component';
import { useTicketAddress } from '../tickets/ticket-address.hook';
import { TicketModal } from '../tickets/ticket.modal';
import { TemplateApplyModal } from './template-apply.modal';
import { queryKeys } from '../../query-keys';

/** The chart's scales, frappe-gantt's view modes by the catalog's name. */
const viewModes = { week: 'Week', month: 'Month' } as const;
type ViewMode = keyof typeof viewModes;

/** A day as frappe-gantt reads a task's "2026-03-14": local midnight. */
const localDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
};

/** dd/mm of a date. */
const dayAndMonth = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}`;

/**
 * The week scale, its weeks starting on Monday (French weeks; frappe-gantt's own starts its weeks
 * on the first task's weekday, a month before it): the chart starts on the Monday four weeks or
 * more before the first bar, and each column says its Monday ("lun. 02/03").
 */
function mondayWeeks(tasks: GanttTask[]): FrappeViewMode {
  const first = tasks.map((task) => localDay(task.start)).reduce((a, b) => (b < a ? b : a));
  // Days back from the first bar to the Monday of its week, then four weeks more.
  const back = ((first.getDay() + 6) % 7) + 28;
  return {
    name: viewModes.week,
    step: '7d',
    padding: [`${back}d`, '1m'],
    column_width: 140,
    date_format: 'YYYY-MM-DD',
    lower_text: (date, _previous, language) =>
      `${new Intl.DateTimeFormat(language, { weekday: 'short' }).format(date)} ${dayAndMonth(date)}`,
    upper_text: (date, previous, language) =>
      !previous || date.getMonth() !== previous.getMonth()
        ? new Intl.DateTimeFormat(language, { month: 'long' }).format(date)
        : '',
    upper_text_frequency: 4,
    thick_line: (date) => date.getDate() <= 7,
  };
}

/** frappe-gantt writes a bar's name as HTML: a ticket's name is text, escaped. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const toBar = (task: GanttTask): FrappeTask => ({
  id: String(task.id),
  name: escapeHtml(task.name),
  start: task.start,
  end: task.end,
  progress: task.progress,
  dependencies: task.dependencies.join(','),
  // The ticket's colour, done part included (gantt-chart.css darkens it).
  color: task.color || undefined,
  color_progress: task.color || undefined,
});

/**
 * The tab "Gantt": the project's tickets as bars from their creation to their deadline, in the order
 * of their steps, the blocking links as arrows and today marked; a click on a bar (or Enter on it)
 * opens the ticket. The toolbar changes the scale (week, month) and applies a task template.
 */
export function ProjectGanttPanel({ project }: { project: ResourceRecordView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useSession().data?.user ?? nobody;
  const [mode, setMode] = useState<ViewMode>('week');
  // The ticket open in its modal, named by the address (…?ticket=12#gantt).
  const { ticketId: opened, show: setOpened } = useTicketAddress();
  const [applying, setApplying] = useState(false);
  // Each click on "Aujourd'hui" asks the chart to scroll back to today.
  const [todayAsked, setTodayAsked] = useState(0);
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('projet', 'api.projects.gantt', project.id),
    queryFn: () => api('GET', 'api.projects.gantt', { params: { projet: project.id } }),
  });
  const projectTypeIds = Array.isArray(project.projectTypeIds) ? (project.projectTypeIds as number[]) : [];

  return (
    <RecordPanel title={t('resources.projet.page.tabs.gantt')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <SegmentedControl
              aria-label={t('resources.projet.gantt.view_mode')}
              value={mode}
              onChange={(value) => setMode(value as ViewMode)}
              data={(Object.keys(viewModes) as ViewMode[]).map((name) => ({
                value: name,
                label: t(`resources.projet.gantt.modes.${name}`),
              }))}
            />
            <Button
              variant="default"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
              onClick={() => setTodayAsked((count) => count + 1)}
              disabled={!data || data.tasks.length === 0}
            >
              {t('resources.projet.gantt.today')}
            </Button>
          </Group>
          {can(user, 'tickets', 'create') && can(user, 'template-tache', 'list') && (
            <Button leftSection={<IconTemplate size={16} aria-hidden />} onClick={() => setApplying(true)}>
              {t('resources.template-tache.apply.button')}
            </Button>
          )}
        </Group>
        {!data ? (
          <Loading />
        ) : data.tasks.length === 0 ? (
          <Text size="sm">{t('resources.projet.page.empty.gantt')}</Text>
        ) : (
          <>
            <StepLegend tasks={data.tasks} />
            <GanttChart tasks={data.tasks} mode={mode} todayAsked={todayAsked} onOpen={setOpened} />
          </>
        )}
      </Stack>
      {opened !== null && (
        <TicketModal
          ticketId={opened}
          project={{ id: project.id, title: recordTitle(projects, project) }}
          onShown={setOpened}
          onSaved={() => {
            setOpened(null);
            void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all('projet') });
          }}
          onClose={() => setOpened(null)}
        />
      )}
      {applying && (
        <TemplateApplyModal projectId={project.id} projectTypeIds={projectTypeIds} onClose={() => setApplying(false)} />
      )}
    </RecordPanel>
  );
}

/** The steps in the bars' order, each with its number of tickets: the chart has no row labels. */
function StepLegend({ tasks }: { tasks: GanttTask[] }) {
  const { t } = useTranslation();
  const steps: { key: string; name: string; count: number }[] = [];
  for (const { step } of tasks) {
    const key = step ? String(step.id) : 'none';
    const last = steps.at(-1);
    if (last?.key === key) last.count += 1;
    else steps.push({ key, name: step?.name ?? t('resources.projet.gantt.no_step'), count: 1 });
  }
  return (
    <Group gap="xs" component="ol" aria-label={t('resources.projet.gantt.steps_legend')} m={0} p={0}>
      {steps.map(({ key, name, count }) => (
        <Badge key={key} component="li" variant="light" color="gray" tt="none">
          {name} ({count})
        </Badge>
      ))}
    </Group>
  );
}

/**
 * frappe-gantt drawn in a div React leaves alone, drawn anew when the tickets or the scale change.
 * Its bars are SVG groups: each is made a labelled button, so a keyboard reaches the tickets too.
 */
function GanttChart({
  tasks,
  mode,
  todayAsked,
  onOpen,
}: {
  tasks: GanttTask[];
  mode: ViewMode;
  /** Changes each time the toolbar asks to scroll back to today. */
  todayAsked: number;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Gantt | null>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    const element = container.current!;
    chart.current = new Gantt(element, tasks.map(toBar), {
      // Given, view_modes start on their first: the one scale shown. Weeks start on Monday.
      ...(mode === 'week' ? { view_modes: [mondayWeeks(tasks)] } : { view_mode: viewModes[mode] }),
      language: i18n.language,
      readonly: true,
      // Its popup writes HTML and English; the ticket modal says it all.
      popup: false,
      // Its "Today" button is English: the toolbar has ours.
      today_button: false,
      view_mode_select: false,
      infinite_padding: false,
      on_click: (task) => open.current(Number(task.id)),
    });
    const names = new Map(tasks.map((task) => [String(task.id), task.name]));
    for (const bar of element.querySelectorAll<SVGGElement>('.bar-wrapper[data-id]')) {
      bar.setAttribute('role', 'button');
      bar.setAttribute('tabindex', '0');
      bar.setAttribute('aria-label', names.get(bar.dataset.id ?? '') ?? '');
    }
    return () => {
      chart.current = null;
      element.replaceChildren();
    };
  }, [tasks, mode, i18n.language]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const bar = (event.target as Element).closest<SVGGElement>('.bar-wrapper[data-id]');
    if (!bar || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onOpen(Number(bar.dataset.id));
  };

  useEffect(() => {
    if (todayAsked > 0) chart.current?.scroll_current();
  }, [todayAsked]);

  return (
    // The bars inside are the buttons (their keys handled here); the region only names the chart.
    <div ref={container} role="region" aria-label={t('resources.projet.gantt.chart_label')} onKeyDown={onKeyDown} />
  );
}
