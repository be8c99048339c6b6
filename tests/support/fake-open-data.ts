import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the open-data services the back office calls, shaped as they answer:
 * ADEME's data-fair dataset of RGE companies under /rge (GET /rge/lines?qs=siret:"…"&size=…) and the
 * BAN's geocoder under /ban (GET /ban/search?q=…). Point the external-services settings at it.
 */
export interface FakeOpenData {
  /** http://127.0.0.1:<port> */
  url: string;
  rgeDatasetUrl: string;
  geocoderUrl: string;
  /** Every request received, in order. */
  requests: URL[];
  close(): Promise<void>;
}

/** What the fake dataset answers for a SIRET: lines (total: their count unless said), an error status, a raw body, or nothing at all. */
export type RgeBehaviour =
  { lines: Record<string, unknown>[]; total?: number } | { status: number } | { raw: string } | { silent: true };

/** A geocoder answer: the point and label of any query containing the key (case ignored). */
export interface FakePlace {
  longitude: number;
  latitude: number;
  label: string;
}

/** One line of the RGE dataset as data-fair gives it: every column, the kept ones overridable. */
export function rgeLine(siret: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    siret,
    nom_entreprise: 'ISOLA BRESSE',
    adresse: '12 RUE DES ARTISANS',
    code_postal: '01000',
    commune: 'BOURG-EN-BRESSE',
    latitude: 46.2,
    longitude: 5.22,
    telephone: '04 74 00 00 00',
    email: 'contact@isola-bresse.example',
    site_internet: '',
    code_qualification: '7131',
    nom_qualification: 'Isolation thermique par l’intérieur des murs ou rampants de toitures ou plafonds',
    url_qualification: 'https://www.qualibat.com/qualification/7131',
    nom_certificat: 'Qualibat-RGE',
    domaine: 'Isolation des murs',
    meta_domaine: "Travaux d'efficacité énergétique",
    organisme: 'qualibat',
    particulier: true,
    lien_date_debut: '2024-03-01',
    lien_date_fin: '2028-02-29',
    _score: null,
    _i: 1,
    _rand: 42,
    ...overrides,
  };
}

export async function startFakeOpenData({
  rge = {},
  places = {},
}: {
  rge?: Record<string, RgeBehaviour>;
  places?: Record<string, FakePlace>;
}): Promise<FakeOpenData> {
  const requests: URL[] = [];
  const json = (response: ServerResponse, body: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

  function answerRge(url: URL, response: ServerResponse) {
    const siret = /^siret:"(\d+)"$/.exec(url.searchParams.get('qs') ?? '')?.[1] ?? '';
    const behaviour = rge[siret] ?? { lines: [] };
    if ('silent' in behaviour) return;
    if ('status' in behaviour) return response.writeHead(behaviour.status).end('Service Unavailable');
    if ('raw' in behaviour) return response.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.raw);
    const size = Number(url.searchParams.get('size') ?? 12);
    json(response, { total: behaviour.total ?? behaviour.lines.length, results: behaviour.lines.slice(0, size) });
  }

  function answerGeocoder(url: URL, response: ServerResponse) {
    const query = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = Object.entries(places).find(([key]) => query.includes(key.toLowerCase()))?.[1];
    json(response, {
      type: 'FeatureCollection',
      version: 'draft',
      features: found
        ? [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [found.longitude, found.latitude] },
              properties: { label: found.label, score: 0.97, type: 'housenumber' },
            },
          ]
        : [],
      attribution: 'BAN',
      licence: 'ETALAB-2.0',
      query,
      limit: Number(url.searchParams.get('limit') ?? 5),
    });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (request.method === 'GET' && url.pathname === '/rge/lines') return answerRge(url, response);
    if (request.method === 'GET' && url.pathname === '/ban/search') return answerGeocoder(url, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    rgeDatasetUrl: `${base}/rge`,
    geocoderUrl: `${base}/ban`,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        // Silent requests never end on their own.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
