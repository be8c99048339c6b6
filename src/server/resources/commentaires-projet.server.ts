import { sql } from 'drizzle-orm';
import { informationTypes, serviceContinuations } from '../../shared/resources/commentaires-projet.resource';
import type { FieldErrors, ServerResource } from '../engine/server-resource';
import { clock } from '../clock';
import { projectChildScope } from './project-children';
import { parseSareQuery, sareExport } from './sare-export';

/** The values among these that are not one of the allowed codes: that field's error. */
function choiceErrors(values: Record<string, unknown>, field: string, allowed: readonly string[]): FieldErrors {
  const given = (values[field] as string[] | undefined) ?? [];
  const wrong = given.findIndex((value) => !allowed.includes(value));
  return wrong === -1 ? {} : { [`${field}.${wrong}`]: 'validation.choice' };
}

/**
 * A project's advice acts: their information types and service continuations are codes of the SARE
 * tables (the SARE file names whoever wrote an act when it names no adviser); each act moves its project's last
 * intervention date forward (never back), in the act's transaction. Read by whoever may read the
 * project.
 */
export const projectCommentsHooks: ServerResource = {
  ...projectChildScope,
  validate(values) {
    const errors = {
      ...choiceErrors(values, 'informationTypes', informationTypes),
      ...choiceErrors(values, 'serviceContinuation', serviceContinuations),
    };
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
      query: {
        du: 'openapi.parameters.date_from',
        au: 'openapi.parameters.date_to',
        mission: 'openapi.parameters.mission',
        conseiller: 'openapi.parameters.adviser',
        typeActe: 'openapi.parameters.act_type',
        ademe: 'openapi.parameters.ademe',
      },
      async handle(request, { db, actor, session }) {
        const file = await sareExport(db, parseSareQuery(request.query), actor);
        const date = clock.now().toISOString().slice(0, 10);
        session?.reply
          .header('content-type', 'text/plain; charset=windows-1252')
          .header('content-disposition', `attachment; filename="export-sare-${date}.txt"`);
        return file;
      },
    },
  ],
  async beforeChange(tx, records) {
    for (const { values } of records) {
      if (typeof values.project === 'number' && typeof values.actDate === 'string') {
        await tx.execute(
          sql`update projects set last_intervention_date = greatest(last_intervention_date, ${values.actDate}::date)
              where id = ${values.project}`,
        );
      }
    }
    return records.map(() => null);
  },
};
