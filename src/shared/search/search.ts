import { z } from 'zod';

/**
 * The header's search across everything (GET /api/recherche?q=): what it finds, by kind, each kind
 * the resource it reads. The kinds are stable names of the API (a client may switch on them), not
 * the resources' slugs, which are paths: `projet` (projet), `individu` (individus), `structure`
 * (structures), `ticket` (tickets), `acte` (commentaires-projet, the advice acts).
 */
export const searchKinds = ['projet', 'individu', 'structure', 'ticket', 'acte'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** The resource each kind searches: its list permission and read scope decide what a user finds. */
export const searchKindResources: Record<SearchKind, string> = {
  projet: 'projet',
  individu: 'individus',
  structure: 'structures',
  ticket: 'tickets',
  acte: 'commentaires-projet',
};

/** The fewest characters a search takes: fewer would match nearly everything. */
export const SEARCH_MIN_LENGTH = 2;
/** The longest search: longer is no use and costs the trigram indexes. */
export const SEARCH_MAX_LENGTH = 100;
/** The most records of each kind a search answers, best first. */
export const SEARCH_PER_KIND = 5;

export const searchQuerySchema = z.object({
  q: z
    .string('search.too_short')
    .trim()
    .min(SEARCH_MIN_LENGTH, 'search.too_short')
    .max(SEARCH_MAX_LENGTH, 'validation.too_long')
    .describe('openapi.parameters.search_q'),
});

export const searchItemSchema = z.object({
  type: z.enum(searchKinds),
  id: z.number().int(),
  /** The record's name (a person "Nom Prénom"). */
  title: z.string(),
  /** What tells it apart: a project's reference, a person's email, an act's or a ticket's project. */
  subtitle: z.string().nullable(),
  /** The back office's page of the record. */
  url: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/** The records found, grouped by kind in searchKinds' order, best first within each. */
export const searchReplySchema = z.object({ items: z.array(searchItemSchema) });
export type SearchReply = z.infer<typeof searchReplySchema>;
