import { z } from 'zod';
import {
  dueDate,
  dueInAllowed,
  dueUnits,
  type DueUnit,
  type TemplateApplied,
} from '../../../shared/resources/project-tickets';
import { projects } from '../../../shared/resources/projet.resource';
import { taskTemplates } from '../../../shared/resources/template-tache.resource';
import { tickets } from '../../../shared/resources/tickets.resource';
import { clock } from '../../clock';
import { parseBody } from '../../http/request-parsing';
import { type ServerResource } from '../../engine/server-resource';

/** A template's prefilled task as stored (its collection's row). */
const prefilledTask = z
  .object({
    taskName: z.string(),
    taskType: z.number().int().nullish(),
    dueIn: z.number().int(),
    dueUnit: z.enum(dueUnits),
  })
  .refine((task) => dueInAllowed(task.dueIn, task.dueUnit), { message: 'validation.due_in', path: ['dueIn'] });
const prefilledTasks = z.object({ tasks: z.array(prefilledTask) });

/** Task templates: applied to a project, they create its prefilled tickets. */
export const taskTemplatesHooks: ServerResource = {
  validate(values) {
    const tasks = (values.tasks as { dueIn: number; dueUnit: DueUnit }[] | undefined) ?? [];
    return Object.fromEntries(
      tasks.flatMap((task, index) =>
        dueInAllowed(task.dueIn, task.dueUnit) ? [] : [[`tasks.${index}.dueIn`, 'validation.due_in']],
      ),
    );
  },
  routes: [
    {
      // appliquer/{id}/{projet}: one ticket per prefilled task, due so long after today, in the template's colour.
      name: 'api.task_templates.apply',
      method: 'POST',
      action: 'show',
      alsoNeeds: [{ resource: tickets.slug, action: 'create' }],
      summary: 'openapi.operations.task_templates_apply',
      async handle(request, context): Promise<TemplateApplied> {
        const { store, actor, operations } = context;
        const template = await store.get(taskTemplates, request.params.id, actor);
        // A hidden project is a missing one.
        const project = await store.get(projects, request.params.projet, actor);
        const today = clock.now().toISOString().slice(0, 10);
        // A template kept from before its delays were bounded is refused as a form would be.
        const { tasks } = parseBody(prefilledTasks, { tasks: template.tasks ?? [] });
        // The tickets' create: their own rules give each its first step, status and board position.
        const created = await operations.createMany(
          tickets,
          tasks.map((task) => ({
            name: task.taskName,
            project: project.id,
            taskType: task.taskType ?? null,
            color: typeof template.ticketColor === 'string' ? template.ticketColor : '',
            deadline: dueDate(today, task.dueIn, task.dueUnit),
          })),
          context,
        );
        return { created: created.map((ticket) => ticket.id) };
      },
    },
  ],
};
