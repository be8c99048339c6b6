import { z } from 'zod';
import { MAX_INTEGER, type FieldDef } from './fields';
import type { ResourceDefinition } from './resource';

/**
 * Duplicate management of the contacts (Doublons screen): the resources scanned for probable
 * duplicates, why a pair was flagged, and how two records become one — which value of each field
 * survives. Shared by the API and the merge screen, so both default to the same choices.
 */

/** The resources whose probable duplicates are found and merged. */
export const duplicateResources = ['individus', 'structures'] as const;
export type DuplicateResource = (typeof duplicateResources)[number];

export const isDuplicateResource = (slug: string | undefined): slug is DuplicateResource =>
  (duplicateResources as readonly string[]).includes(slug ?? '');

/** Why a pair was flagged: close names (trigram similarity), or one same SIRET, email or phone number. */
export const duplicateReasons = ['name', 'siret', 'email', 'phone'] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

/** One side of a pair, as the list names it. */
const duplicateRecordRef = z.object({ id: z.number(), title: z.string() });
export type DuplicateRecordRef = z.infer<typeof duplicateRecordRef>;

const duplicatePairSchema = z.object({
  first: duplicateRecordRef,
  second: duplicateRecordRef,
  /** 0–100: how sure the scan is, its reasons added up. */
  score: z.number(),
  /** The names' trigram similarity (0–1), accents and case ignored. */
  similarity: z.number(),
  reasons: z.array(z.enum(duplicateReasons)),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** GET /api/{resource}/doublons: a page of the last scan's pairs, best first; scannedAt null before any scan. */
export const duplicatePageSchema = z.object({
  items: z.array(duplicatePairSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  scannedAt: z.string().nullable(),
});
export type DuplicatePage = z.infer<typeof duplicatePageSchema>;

/** POST /api/{resource}/doublons/analyse */
export const duplicateScanResultSchema = z.object({ total: z.number(), scannedAt: z.string() });
export type DuplicateScanResult = z.infer<typeof duplicateScanResultSchema>;

/** GET /api/{resource}/historique-fusions/{id}: a record merged into this one. */
export const mergeHistoryEntrySchema = z.object({
  id: z.number(),
  removedId: z.number(),
  removedTitle: z.string(),
  mergedAt: z.string(),
  mergedByName: z.string().nullable(),
  /** The fields whose value came, in whole or in part, from the merged record. */
  fieldsFromRemoved: z.array(z.string()),
  /** How many links of other records moved onto this one. */
  movedLinks: z.number(),
});
export type MergeHistoryEntry = z.infer<typeof mergeHistoryEntrySchema>;

/** POST /api/{resource}/doublons/fusion: the kept record's value of a field, the removed one's, or both (lists). */
export type MergeChoice = 'kept' | 'removed' | 'both';

/** The fields a merge chooses: the writable ones (read-only fields, written by the server, stay the kept record's). */
export const mergeableFields = (definition: ResourceDefinition): [string, FieldDef][] =>
  Object.entries(definition.fields).filter(([, def]) => !def.readOnly);

/** Lists of links or rows can keep both records' values. */
export const isCombinable = (def: FieldDef) => def.kind === 'collection' || def.kind === 'references';

export const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The same value on both records (lists in the same order). */
export const sameValue = (first: unknown, second: unknown) =>
  JSON.stringify(first ?? null) === JSON.stringify(second ?? null);

/**
 * The value a merge keeps unless told otherwise: the one filled in when the other is empty, both of
 * two different lists, else the value of the record changed last.
 */
export function defaultMergeChoice(def: FieldDef, kept: unknown, removed: unknown, keptIsNewer: boolean): MergeChoice {
  if (sameValue(kept, removed) || isEmptyValue(removed)) return 'kept';
  if (isEmptyValue(kept)) return 'removed';
  if (isCombinable(def)) return 'both';
  return keptIsNewer ? 'kept' : 'removed';
}

/**
 * Both records' values of a list: the kept record's, then the other's not already there. Of rows
 * flagging one of them as the main one (an address's `main`), the kept record's main row stays the
 * only one.
 */
export function combinedValue(def: FieldDef, kept: unknown, removed: unknown): unknown {
  const first = (kept as unknown[] | null) ?? [];
  const second = ((removed as unknown[] | null) ?? []).filter((item) => !first.some((own) => sameValue(own, item)));
  if (def.kind !== 'collection' || def.fields?.main?.kind !== 'boolean') return [...first, ...second];
  const rows = [...first, ...second] as Record<string, unknown>[];
  const main = rows.findIndex((row) => row.main === true);
  return rows.map((row, index) => (row.main === true && index !== main ? { ...row, main: false } : row));
}

/** The kept record's new values: each mergeable field as chosen, or as defaultMergeChoice says. */
export function mergedValues(
  definition: ResourceDefinition,
  kept: Record<string, unknown>,
  removed: Record<string, unknown>,
  choices: Partial<Record<string, MergeChoice>>,
): { values: Record<string, unknown>; choices: Record<string, MergeChoice> } {
  const changedAt = (record: Record<string, unknown>) => new Date(record.updatedAt as string | Date).getTime();
  const keptIsNewer = changedAt(kept) >= changedAt(removed);
  const values: Record<string, unknown> = {};
  const made: Record<string, MergeChoice> = {};
  for (const [name, def] of mergeableFields(definition)) {
    const choice = choices[name] ?? defaultMergeChoice(def, kept[name], removed[name], keptIsNewer);
    made[name] = choice;
    values[name] =
      choice === 'both'
        ? combinedValue(def, kept[name], removed[name])
        : choice === 'kept'
          ? kept[name]
          : removed[name];
  }
  return { values, choices: made };
}

const recordId = z
  .number({ error: 'duplicates.record_required' })
  .int()
  .positive('duplicates.record_required')
  .max(MAX_INTEGER, 'validation.out_of_range');

/** The merge's body: which record stays, which goes, and the value kept for each field (defaults otherwise). */
export function mergeBodySchema(definition: ResourceDefinition) {
  return z.object({
    kept: recordId,
    removed: recordId,
    choices: z
      .strictObject(
        Object.fromEntries(
          mergeableFields(definition).map(([name, def]) => [
            name,
            z.enum(isCombinable(def) ? ['kept', 'removed', 'both'] : ['kept', 'removed'], {
              error: 'duplicates.invalid_choice',
            }),
          ]),
        ),
        { error: 'duplicates.invalid_choice' },
      )
      .partial()
      .default({}),
  });
}
export type MergeBody = z.infer<ReturnType<typeof mergeBodySchema>>;

/** "Not a duplicate": the pair no longer shows. */
export const dismissBodySchema = z.object({
  ids: z.tuple([recordId, recordId], { error: 'duplicates.pair_required' }),
});
