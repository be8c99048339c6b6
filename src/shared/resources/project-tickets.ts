import { z } from 'zod';
/** The project page's ticket panels (spec 2.1): its gantt, its time report, and task templates applied to it. */

/** A ticket as a gantt bar: dates are days ("2026-03-14"), the end included. */
const ganttTaskSchema = z.object({
  id: z.number(),
  name: z.string(),
  step: z.object({ id: z.number(), name: z.string(), position: z.number() }).nullable(),
  start: z.string(),
  end: z.string(),
  /** 0 to 100: the share of its sub-tasks done, or 100 once finished. */
  progress: z.number(),
  color: z.string(),
  /** The tickets this one waits for ("A blocks B": B depends on A), among the gantt's own. */
  dependencies: z.array(z.number()),
});
export type GanttTask = z.infer<typeof ganttTaskSchema>;

/** GET /api/projet/gantt/{projet}: the project's tickets, by step position then start. */
export const projectGanttSchema = z.object({ tasks: z.array(ganttTaskSchema) });
export type ProjectGantt = z.infer<typeof projectGanttSchema>;

/** Minutes worked, per something named (a user, a task type: null for tickets without one). */
const timeBreakdownSchema = z.object({ id: z.number().nullable(), name: z.string().nullable(), minutes: z.number() });
export type TimeBreakdown = z.infer<typeof timeBreakdownSchema>;

/** GET /api/projet/temps/{projet}: the project's time, in minutes. */
export const timeReportSchema = z.object({
  totals: z.object({ estimate: z.number(), spent: z.number() }),
  byUser: z.array(timeBreakdownSchema),
  byTaskType: z.array(timeBreakdownSchema),
  /** Months as "2026-03", oldest first. */
  byMonth: z.array(z.object({ month: z.string(), minutes: z.number() })),
  tickets: z.array(z.object({ id: z.number(), name: z.string(), estimate: z.number().nullable(), spent: z.number() })),
});
export type TimeReport = z.infer<typeof timeReportSchema>;

/** POST /api/template-tache/appliquer/{id}/{projet}: the tickets created, in the template's order. */
export const templateAppliedSchema = z.object({ created: z.array(z.number()) });
export type TemplateApplied = z.infer<typeof templateAppliedSchema>;

export const dueUnits = ['days', 'weeks', 'months'] as const;
export type DueUnit = (typeof dueUnits)[number];

/** The furthest a prefilled task may be due, in each unit: ten years (the deadline stays a date the database holds). */
const MAX_DUE_IN: Record<DueUnit, number> = { days: 3650, weeks: 521, months: 120 };

/** Whether a prefilled task's delay is one a template may hold: from today up to ten years. */
export const dueInAllowed = (dueIn: number, unit: DueUnit) => dueIn >= 0 && dueIn <= MAX_DUE_IN[unit];

/**
 * The day a prefilled task is due: `today` ("2026-01-31") plus so many days, weeks or calendar
 * months. A month later than the 31st is the last day of the shorter month (31 Jan + 1 month =
 * 28 or 29 Feb), as people count deadlines.
 */
export function dueDate(today: string, dueIn: number, unit: DueUnit): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  if (unit !== 'months') {
    const date = new Date(Date.UTC(year, month - 1, day + dueIn * (unit === 'weeks' ? 7 : 1)));
    return date.toISOString().slice(0, 10);
  }
  const first = new Date(Date.UTC(year, month - 1 + dueIn, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}
