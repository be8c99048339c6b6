import nafNomenclature from '@socialgouv/codes-naf';
import type { Suggestion } from '../../../shared/resources/resource';
import { normalize } from '../../../shared/resources/import';
import type { ResourceRoute } from '../../engine/server-resource';

/**
 * The NAF rev. 2 sub-classes (e.g. "62.01Z"), INSEE's nomenclature as @socialgouv/codes-naf gives
 * it: a structure's field of activity is one of them, as SIRENE's APE code is. The package also
 * lists the upper levels (divisions, groups, classes), which no establishment carries.
 */
const subClasses = nafNomenclature
  .filter(({ id }) => /^\d{2}\.\d{2}[A-Z]$/.test(id))
  .map(({ id, label }) => ({ code: id, label, compact: id.replace('.', ''), words: normalize(label) }));
const labels = new Map(subClasses.map(({ code, label }) => [code, label]));

export const isNafCode = (code: string) => labels.has(code);

/** How a code is shown beside its label, in suggestions and on the structure's screen. */
const suggestion = (code: string, label: string): Suggestion<string> => ({ value: code, label: `${code} — ${label}` });

/**
 * Suggestions for a typed term: codes starting with it ("6201", "62.01", "62.01z"), then labels
 * containing it (case and accents ignored), in code order.
 */
export function suggestNafCodes(term: string, limit: number): Suggestion<string>[] {
  const compact = term.replace(/[\s.]/g, '').toUpperCase();
  const words = normalize(term);
  if (words === '') return [];
  const byCode = /^\d/.test(compact) ? subClasses.filter((entry) => entry.compact.startsWith(compact)) : [];
  const byLabel = subClasses.filter((entry) => entry.words.includes(words) && !byCode.includes(entry));
  return [...byCode, ...byLabel].slice(0, limit).map(({ code, label }) => suggestion(code, label));
}

/** Suggestions per reply, as the engine's autocomplete. */
const SUGGESTIONS_LIMIT = 20;

export const nafCodeRoutes: ResourceRoute[] = [
  {
    // The field of activity's autocomplete: NAF codes by code or label.
    name: 'api.structures.naf_codes',
    method: 'GET',
    action: 'list',
    summary: 'openapi.operations.structures_naf_codes',
    async handle(request) {
      return suggestNafCodes((request.query.term ?? '').trim(), SUGGESTIONS_LIMIT);
    },
  },
];
