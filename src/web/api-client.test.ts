import { describe, expectTypeOf, it } from 'vitest';
import type { SessionPayload } from '../shared/account/account.schema';
import type { Board } from '../shared/resources/ticket-board';
import { api } from './api-client';

// Type-level: the client's input and reply come from the routes' contracts (src/shared/api/), so a
// reply schema changed there fails to compile wherever the web reads it. Checked by tsc and vitest.
type Reply<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe('api()', () => {
  it('types each reply by its route contract', () => {
    expectTypeOf<Reply<() => ReturnType<typeof api<'api.session', 'GET'>>>>().toEqualTypeOf<SessionPayload>();
    expectTypeOf<Reply<() => ReturnType<typeof api<'api.tickets.board', 'GET'>>>>().toEqualTypeOf<Board>();
    expectTypeOf<Reply<() => ReturnType<typeof api<'api.tickets.board_version', 'GET'>>>>().toEqualTypeOf<{
      version: string;
    }>();
    // A route answering no content.
    expectTypeOf<Reply<() => ReturnType<typeof api<'api.logout', 'POST'>>>>().toEqualTypeOf<void>();
  });

  it('asks for the path parameters, query and body its contract declares, and no other', () => {
    const calls = () => {
      void api('GET', 'api.tickets.card', { params: { id: 1 } });
      void api('POST', 'api.locale', { body: { locale: 'fr' } });
      void api('GET', 'api.session');
      // @ts-expect-error a path parameter is missing
      void api('GET', 'api.tickets.card');
      // @ts-expect-error the body is the contract's: no such locale
      void api('POST', 'api.locale', { body: { locale: 'de' } });
      // @ts-expect-error the route has no such method
      void api('DELETE', 'api.session');
      // @ts-expect-error a page is no API route
      void api('GET', 'admin.dashboard');
    };
    expectTypeOf(calls).toBeFunction();
  });
});
