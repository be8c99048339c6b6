import type { FastifyReply } from 'fastify';
import { projectComments } from '../../../shared/resources/commentaires-projet.resource';
import { type FieldErrors, type ServerResource } from '../../engine/server-resource';
import { clock } from '../../clock';
import { advanceLastIntervention } from './project-children';
import { sareCount, sareExport, type SareFile } from './sare-export';

/**
 * A project's advice acts: their information types and service continuations are codes of the SARE
 * tables, checked by their fields' schemas (choices). The SARE file names whoever wrote an act when
 * it names no adviser. Each act moves its project's last intervention date forward (never back), in
 * the act's transaction. Read by whoever may read the project.
 */
export const projectCommentsHooks: ServerResource = {
  validate(values) {
    const errors: FieldErrors = {};
    if (typeof values.durationMinutes === 'number' && values.durationMinutes < 0) {
      errors.durationMinutes = 'validation.out_of_range';
    }
    return errors;
  },
  routes: [
    {
      // The acts in ADEME's SARE file (export-sare), filtered by act dates, mission, adviser, act type and ADEME flag.
      name: 'api.project_comments.sare_export',
      method: 'GET',
      action: 'export',
      summary: 'openapi.operations.project_comments_sare_export',
      async handle(request, context) {
        return sendSareFile(context.session?.reply, await sareExport(context, request.query), 'export-sare');
      },
    },
    {
      // How many acts the SARE file of the same filters holds, shown before it is downloaded (spec 9).
      name: 'api.project_comments.sare_count',
      method: 'GET',
      action: 'export',
      summary: 'openapi.operations.project_comments_sare_count',
      async handle(request, context) {
        return { count: await sareCount(context, request.query) };
      },
    },
    {
      // One act's line of the SARE file (the export of one comment id); an act the reader may not see is missing.
      name: 'api.project_comments.sare_export_act',
      method: 'GET',
      action: 'export',
      summary: 'openapi.operations.project_comments_sare_export_act',
      async handle(request, context) {
        const act = await context.store.get(projectComments, request.params.id, context.actor);
        const file = await sareExport(context, { act: act.id, format: request.query.format });
        return sendSareFile(context.session?.reply, file, `export-sare-acte-${act.id}`);
      },
    },
  ],
  async beforeChange(tx, records) {
    for (const { values } of records) {
      if (typeof values.project === 'number' && typeof values.actDate === 'string') {
        await advanceLastIntervention(tx, values.project, values.actDate);
      }
    }
    return records.map(() => null);
  },
};

/** Sends an export as a download named after its kind and today's date. */
function sendSareFile(reply: FastifyReply | undefined, file: SareFile, name: string) {
  const date = clock.now().toISOString().slice(0, 10);
  reply
    ?.header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${name}-${date}.${file.extension}"`);
  return file.body;
}
