import { describe, expect, it } from 'vitest';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * What every route answers before it looks at its input: a caller without a session gets 401 and
 * one without the permission 403, never a 400 that would tell them the input the route expects;
 * and a path asked with a method it does not have answers 405 with the methods it has.
 */
const t = useAdminApp();

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: LoggedIn, payload?: object) =>
  t.app.inject({ method, url, payload, ...(who && { headers: authHeaders(who) }) });

const refusal = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

const unauthenticated = {
  status: 401,
  body: {
    statusCode: 401,
    code: 'errors.unauthenticated',
    message: 'Vous devez être authentifié pour accéder à cette page.',
  },
};
const forbidden = {
  status: 403,
  body: {
    statusCode: 403,
    code: 'errors.forbidden',
    message: "Vous n'avez pas les droits nécessaires pour cette action.",
  },
};

describe('the order of a route’s answers', () => {
  it('answers 401 to a caller without a session, whatever the body, on every kind of route', async () => {
    const malformed = { name: 42, enabled: 'peut-être', locale: 'xx', ids: 'tous' };
    for (const [method, url] of [
      ['POST', path('api.resource.collection', { resource: 'individus' })],
      ['PUT', path('api.configuration.registration')],
      ['POST', path('api.locale')],
      ['POST', path('api.resource.reorder', { resource: 'etapes' })],
      ['POST', path('api.resource.children', { resource: 'projet', id: 'abc', child: 'tickets' })],
    ] as const) {
      expect(refusal(await send(method, url, undefined, malformed)), `${method} ${url}`).toEqual(unauthenticated);
    }
  });

  it('answers 403 to a user without the permission before it reads an id, a body or a query', async () => {
    const reader = await logInWithProfile(t, { email: 'lecteur@exemple.fr', permissions: ['projet.consult'] });
    for (const [method, url, payload] of [
      // No permission on individuals: the id is not even read.
      ['GET', path('api.resource.item', { resource: 'individus', id: 'abc' })],
      // The project may be read, its tickets not: the nested create refuses before the body.
      ['POST', path('api.resource.children', { resource: 'projet', id: 'abc', child: 'tickets' }), { name: 42 }],
      // Steps may not be reordered: the empty list is not reported.
      ['POST', path('api.resource.reorder', { resource: 'etapes' }), { ids: [] }],
      // Administrators only: a bad body is not described to anyone else.
      ['PUT', path('api.configuration.registration'), { enabled: 'peut-être' }],
      ['GET', path('api.resource.history', { resource: 'individus', id: 'abc' }) + '?page=-1'],
    ] as const) {
      expect(refusal(await send(method, url, reader, payload)), `${method} ${url}`).toEqual(forbidden);
    }
  });

  it('still describes a bad input to whoever may use the route', async () => {
    const response = await send('POST', path('api.resource.reorder', { resource: 'etapes' }), t.admin, { ids: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ ids: 'Veuillez sélectionner des élements à traiter' });
  });

  it('answers 405 with the methods a path has to any other method, and 404 to a path it does not know', async () => {
    const item = path('api.resource.item', { resource: 'individus', id: 1 });
    const collection = path('api.resource.collection', { resource: 'individus' });
    for (const [method, url, allow] of [
      ['DELETE', item, 'GET, PUT, HEAD'],
      ['PATCH', item, 'GET, PUT, HEAD'],
      ['PUT', collection, 'GET, POST, HEAD'],
      ['POST', path('api.openapi'), 'GET, HEAD'],
    ] as const) {
      const response = await send(method, url, t.admin, {});
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.json()).toEqual({
        statusCode: 405,
        code: 'errors.method_not_allowed',
        message: "Cette adresse n'accepte pas cette méthode HTTP.",
      });
    }
    expect((await send('GET', '/api/pas-une-ressource', t.admin)).statusCode).toBe(404);
  });

  it('answers 404 in French to a record id in a path that is not a positive integer, on generic and own routes alike', async () => {
    const notFound = {
      status: 404,
      body: { statusCode: 404, code: 'errors.not_found', message: "L'élément demandé n'existe pas ou a été supprimé." },
    };
    for (const url of [
      path('api.resource.item', { resource: 'individus', id: 'abc' }),
      path('api.resource.item', { resource: 'individus', id: '1.5' }),
      path('api.resource.history', { resource: 'projet', id: '-3' }),
      path('api.resource.child', { resource: 'projet', id: 1, child: 'tickets', childId: 'x' }),
      // Own routes: a structure's map, an import job.
      path('api.structures.map', { id: '12abc' }),
      path('api.import_jobs.item', { id: '1e3' }),
    ]) {
      expect(refusal(await send('GET', url, t.admin)), url).toEqual(notFound);
    }
  });

  it('documents record ids of a path as integers and other path parameters as text', async () => {
    const document = (await send('GET', path('api.openapi'), t.admin)).json<{
      paths: Record<string, { parameters?: { name: string; schema: { type?: string } }[] }>;
    }>();
    const parameter = (url: string, name: string) =>
      document.paths[url]?.parameters?.find((candidate) => candidate.name === name)?.schema.type;
    expect(parameter('/api/individus/{id}', 'id')).toBe('integer');
    expect(parameter('/api/types-projet/ajax/par-mission/{mission}', 'mission')).toBe('integer');
    expect(parameter('/api/projet/structures/json/{ids}', 'ids')).toBe('string');
    expect(parameter('/uploads/{chemin}', 'chemin')).toBe('string');
  });
});
