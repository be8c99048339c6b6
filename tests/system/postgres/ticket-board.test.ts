import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../../src/shared/resources/ticket-board';
import { path as routePath, type RouteName } from '../../../src/shared/routes';
import {
  logInAsAdministrator,
  sharedDatabaseStorage,
  startServer,
  type ProcessSession,
  type ServerProcess,
} from '../../support/server-process';
import { createScratchDatabase, postgresServerUrl, type ScratchDatabase } from '../../support/test-database';

/**
 * Two server processes on one PostgreSQL database move the cards of one board at the same time,
 * and one of them is killed (SIGKILL) while its moves are in flight: every card stays in exactly
 * one column, the positions of a column stay distinct, and each move either happened whole (the
 * card in its new step and one transition recorded) or not at all.
 */
const postgresServer = postgresServerUrl();
const CARDS = 40;

let scratch: ScratchDatabase | undefined;
let dataDir: string | undefined;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(postgresServer);
  dataDir = mkdtempSync(path.join(tmpdir(), 'renov-board-'));
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const name of ['a', 'b'])
    servers.push(await startServer(sharedDatabaseStorage(scratch.url, path.join(dataDir, name))));
});

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

async function call<T>(
  server: ServerProcess,
  session: ProcessSession,
  url: string,
  body?: object,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as T };
}

const url = (name: RouteName, params: Record<string, string | number> = {}) => routePath(name, params as never);

describe('a board moved on from two processes, one killed', () => {
  it(
    'keeps every card in one column, distinct positions, and each move whole or not at all',
    { timeout: 120_000 },
    async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const [onA, onB] = [await logInAsAdministrator(a), await logInAsAdministrator(b)];
      const created = async (slug: string, values: object) => {
        const response = await call<{ id: number }>(a, onA, url('api.resource.collection', { resource: slug }), values);
        expect(response.status, JSON.stringify(response.json)).toBe(201);
        return response.json.id;
      };
      const todo = await created('etapes', { name: 'À faire' });
      const doing = await created('etapes', { name: 'En cours', reachableSteps: [todo] });
      const put = await fetch(`${a.baseUrl}${url('api.resource.item', { resource: 'etapes', id: todo })}`, {
        method: 'PUT',
        headers: { cookie: onA.cookie, 'x-csrf-token': onA.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'À faire', reachableSteps: [doing] }),
      });
      expect(put.status).toBe(200);
      const project = await created('projet', { name: 'Copropriété du Parc' });
      const tickets: number[] = [];
      for (let index = 0; index < CARDS; index += 1)
        tickets.push(await created('tickets', { name: `Carte ${index + 1}`, project }));

      // Each process moves half the cards into "En cours", each before the card moved just before it
      // on the other process; process a is killed while its moves are in flight.
      let killed = false;
      const moves = tickets.map((ticket, index) => {
        const [server, session] = index % 2 === 0 ? [a, onA] : [b, onB];
        const before = index >= 2 ? tickets[index - 1]! : null;
        return call(server, session, url('api.tickets.move'), { ticket, step: doing, before }).then(
          ({ status }) => {
            // Killed as soon as one of its moves is answered: the others are in flight.
            if (server === a && status === 200 && !killed) void a.stop('SIGKILL');
            killed ||= server === a && status === 200;
            return { ticket, status, on: server === a ? 'a' : 'b' };
          },
          () => ({ ticket, status: 0, on: server === a ? 'a' : 'b' }),
        );
      });
      const answers = await Promise.all(moves);
      const answered = answers.filter(({ status }) => status === 200).map(({ ticket }) => ticket);
      // The survivor answered every one of its moves; the killed process answered at least one (the
      // kill waits for it) and had others cut off by it, none refused.
      expect(answers.filter(({ on }) => on === 'b').map(({ status }) => status)).toEqual(
        Array<number>(CARDS / 2).fill(200),
      );
      const onKilled = answers.filter(({ on }) => on === 'a').map(({ status }) => status);
      expect(onKilled).toContain(200);
      expect(onKilled).toContain(0);
      expect(onKilled.filter((status) => status !== 200 && status !== 0)).toEqual([]);

      const { json: board } = await call<Board>(b, onB, url('api.tickets.board', { projet: project }));
      const placed = board.cards.map((card) => card.id).sort((x, y) => x - y);
      expect(placed).toEqual([...tickets].sort((x, y) => x - y));
      for (const step of [todo, doing]) {
        const positions = board.cards.filter((card) => card.step === step).map((card) => card.boardPosition);
        expect(new Set(positions).size, `positions of step ${step}`).toBe(positions.length);
      }
      const moved = new Set(board.cards.filter((card) => card.step === doing).map((card) => card.id));
      for (const ticket of answered) expect(moved.has(ticket), `card ${ticket} answered as moved`).toBe(true);

      const client = new pg.Client({ connectionString: scratch!.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ ticket: number; count: string }>(
          'select ticket, count(*) from ticket_transitions group by ticket',
        );
        const transitions = new Map(rows.map((row) => [row.ticket, Number(row.count)]));
        for (const ticket of tickets)
          expect(transitions.get(ticket) ?? 0, `transitions of card ${ticket}`).toBe(moved.has(ticket) ? 1 : 0);
      } finally {
        await client.end();
      }
    },
  );
});
