import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSiret } from '../../src/shared/resources/formats';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import type { StructureMap } from '../../src/shared/map/structure-map';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp } from '../support/test-app';

/**
 * The external-services timeout bounds the whole call to ADEME or the BAN — connection, headers and
 * body — against real local servers that hang at each of these steps.
 */
const t = useAdminApp();

/** The timeout configured for the test, and how late past it an answer may still come. */
const TIMEOUT_MS = 1000;
const MARGIN_MS = 1000;

/** How each local service hangs. */
type Hang =
  /** Accepts the TCP connection and never answers the TLS handshake of an https address. */
  | 'handshake'
  /** Reads the request and never answers. */
  | 'silent'
  /** Sends its headers and the start of the JSON body, then nothing more. */
  | 'stalled-body'
  /** Sends a byte of its body every 200 ms, forever: every read gets something, only the deadline ends it. */
  | 'trickle';

interface HangingService {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function startHangingService(hang: Hang): Promise<HangingService> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const answer = (response: ServerResponse) => {
    if (hang === 'silent') return;
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.write('{"total": 1, "results": [');
    if (hang === 'trickle') timers.add(setInterval(() => response.write(' '), 200));
  };
  const server = hang === 'handshake' ? createTcpServer() : createHttpServer((_request, response) => answer(response));
  server.on('connection', (socket: Socket) => sockets.add(socket));
  const port = await listen(server);
  return {
    url: `${hang === 'handshake' ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const hangs: Hang[] = ['handshake', 'silent', 'stalled-body', 'trickle'];
const services = new Map<Hang, HangingService>();

/** A valid SIRET (Luhn) starting with these 13 digits. */
const siret = [...'0123456789'].map((digit) => `8123456780042${digit}`).find(isValidSiret)!;
let structure: ResourceRecord;

async function configure(values: Record<string, unknown>) {
  const url = path('api.configuration.external_services');
  const current = (await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) })).json();
  const response = await t.app.inject({
    method: 'PUT',
    url,
    headers: authHeaders(t.admin),
    payload: { ...current, ...values },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The reply and how long it took, in milliseconds. */
async function timed<T>(call: () => Promise<T>): Promise<{ reply: T; elapsed: number }> {
  const start = performance.now();
  const reply = await call();
  return { reply, elapsed: performance.now() - start };
}

beforeAll(async () => {
  for (const hang of hangs) services.set(hang, await startHangingService(hang));
  await configure({ timeoutMs: TIMEOUT_MS });
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: 'structures' }),
    headers: authHeaders(t.admin),
    payload: {
      name: 'Isolation de la Dombes',
      siret,
      addresses: [{ address: '8 boulevard du Port', postalCode: '80000', city: 'Amiens', main: true }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  structure = response.json();
});
afterAll(async () => {
  await Promise.all([...services.values()].map((service) => service.close()));
});

describe('external services timeout', () => {
  it.each(hangs)(
    'ends the RGE import within the configured timeout when the service hangs (%s), in French, changing nothing',
    async (hang) => {
      await configure({ rgeDatasetUrl: `${services.get(hang)!.url}/rge` });
      const { reply, elapsed } = await timed(() =>
        t.app.inject({
          method: 'POST',
          url: path('api.structures.rge_import', { id: structure.id }),
          headers: authHeaders(t.admin),
        }),
      );
      expect(reply.statusCode).toBe(502);
      expect(reply.json().message).toBe(
        "Erreur lors de l'appel au service de référentiel externe : il n'a pas répondu à temps. Réessayez plus tard.",
      );
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      const qualifications = await t.app.inject({
        method: 'GET',
        url: path('api.structures.qualifications', { structure: structure.id }),
        headers: authHeaders(t.admin),
      });
      expect(qualifications.json()).toEqual([]);
    },
  );

  it.each(hangs)(
    'gives the map page the address in words within the configured timeout when the geocoder hangs (%s)',
    async (hang) => {
      await configure({ geocoderUrl: `${services.get(hang)!.url}/ban` });
      const { reply, elapsed } = await timed(() =>
        t.app.inject({
          method: 'GET',
          url: path('api.structures.map', { id: structure.id }),
          headers: authHeaders(t.admin),
        }),
      );
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<StructureMap>()).toMatchObject({
        address: ['8 boulevard du Port', '80000 Amiens'],
        position: null,
      });
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    },
  );
});
