import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { refusalOf, type PendingRecord, type RecordRefusal, type ServerResource } from './server-resource';

/**
 * A resource's rules on records about to be written, in the write's transaction: each record's pure
 * checks (validate), then, for those that pass, the database checks of the batch (beforeChange).
 * Answers each record's refusal, or null: a form refuses its write on the first, the import
 * assistant rejects those rows alone.
 */
export async function recordRefusals(
  tx: Database,
  rules: ServerResource,
  records: PendingRecord[],
  actor: Actor,
): Promise<(RecordRefusal | null)[]> {
  const refusals = records.map((record) => refusalOf(rules.validate?.(record.values, { id: record.id, actor }) ?? {}));
  const passing = records.filter((_record, index) => refusals[index] === null);
  if (passing.length > 0 && rules.beforeChange) {
    const checked = await rules.beforeChange(tx, passing, actor);
    let next = 0;
    refusals.forEach((refusal, index) => {
      if (refusal === null) refusals[index] = checked[next++] ?? null;
    });
  }
  return refusals;
}

/** The write refused on its first refused record: a 400 with that record's field errors. */
export function refuseFirst(refusals: (RecordRefusal | null)[]): void {
  const refused = refusals.find((refusal) => refusal !== null);
  if (refused) {
    throw new ApiError(400, 'errors.form', refused.fieldErrors, { values: refused.values, data: refused.data });
  }
}
