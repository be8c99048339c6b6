import { searchQuerySchema, searchReplySchema } from '../search/search';
import { defineContracts, operation } from './contract';

/** The header's search across everything: projects, individuals, structures, tickets and advice acts. */
export const searchContracts = defineContracts({
  'api.search': { GET: operation({ query: searchQuerySchema, reply: searchReplySchema }) },
});
