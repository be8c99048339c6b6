import { describe, expect, it } from 'vitest';
import { queryKeys as k } from './query-keys';

// TanStack Query invalidates by prefix: a write refreshes every query whose key starts with the one
// it names. These pin which queries each invalidation the web makes reaches.
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => Object.is(part, key[index]));

const queries = {
  list: k.resource.list('projet', '/api/projet?page=2'),
  item: k.resource.item('projet', '5'),
  options: k.resource.options('projet'),
  history: k.resource.history('projet', 5, 1, null),
  overview: k.resource.route('projet', 'api.projects.overview', 5),
  merges: k.resource.merges('structures', 5),
  ticketRecord: k.ticket.record(5),
  ticketChildren: k.ticket.children(5, 'tickets-temps'),
  board: k.ticketBoard.board('q'),
  boardVersion: k.ticketBoard.version('q'),
  forms: k.project.forms(5),
  highlights: k.project.highlights(5),
  filterableFields: k.project.filterableFields,
  duplicates: k.duplicates.page('structures', 1),
  notifications: k.notifications.page(false, 1),
  bell: k.notifications.header,
};
const reached = (prefix: readonly unknown[]) =>
  Object.entries(queries)
    .filter(([, key]) => startsWith(key, prefix))
    .map(([name]) => name);

describe('queryKeys', () => {
  it('gather each family under the key its writes invalidate', () => {
    expect(reached(k.resource.all('projet'))).toEqual(['list', 'item', 'options', 'history', 'overview']);
    expect(reached(k.resource.all('structures'))).toEqual(['merges']);
    expect(reached(k.resource.all('tickets'))).toEqual(['ticketRecord', 'ticketChildren']);
    expect(reached(k.ticketBoard.all)).toEqual(['board', 'boardVersion']);
    expect(reached(k.project.all(5))).toEqual(['forms', 'highlights']);
    expect(reached(k.duplicates.all)).toEqual(['duplicates']);
    expect(reached(k.notifications.all)).toEqual(['notifications', 'bell']);
  });
});
