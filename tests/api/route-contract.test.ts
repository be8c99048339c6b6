import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
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

interface DocumentedParameter {
  name: string;
  in: string;
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
interface DocumentedOperation {
  parameters?: DocumentedParameter[];
  responses: Record<string, unknown>;
}
const openApiDocument = async () =>
  (await send('GET', path('api.openapi'), t.admin)).json<{
    paths: Record<string, Record<string, DocumentedOperation>>;
  }>();

describe('what the document says of a query, the server does', () => {
  it('sorts by default when the sort field or direction is unknown (an old bookmark), as the document allows', async () => {
    for (const name of ['Bâtiment', 'Agriculture', 'Climat']) {
      const created = await send('POST', path('api.resource.collection', { resource: 'thematiques-projet' }), t.admin, {
        name,
      });
      expect(created.statusCode).toBe(201);
    }
    const names = async (query: Record<string, string>) => {
      const response = await send(
        'GET',
        path('api.resource.collection', { resource: 'thematiques-projet', ...query }),
        t.admin,
      );
      expect(response.statusCode).toBe(200);
      return response.json<{ items: { name: string }[] }>().items.map(({ name }) => name);
    };
    const byDefault = await names({});
    expect(await names({ tri: 'name', ordre: 'desc' })).toEqual(['Climat', 'Bâtiment', 'Agriculture']);
    expect(await names({ tri: 'champInconnu', ordre: 'travers' })).toEqual(byDefault);

    const parameters = (await openApiDocument()).paths['/api/thematiques-projet']!.get!.parameters!;
    const ajv = new Ajv2020({ strict: false });
    for (const [name, value] of [
      ['tri', 'champInconnu'],
      ['ordre', 'travers'],
      ['tri', 'name'],
    ]) {
      const schema = parameters.find((parameter) => parameter.name === name)!.schema;
      expect(ajv.validate(schema, value), `${name}=${value}`).toBe(true);
    }
  });

  it("documents each own route's query from its contract: typed, described in French, required where it is", async () => {
    const document = await openApiDocument();
    const parameters = (route: string, method = 'get') => document.paths[route]![method]!.parameters ?? [];
    expect(parameters('/api/tickets/load-transition-ajax')).toEqual([
      {
        name: 'ticket',
        in: 'query',
        description: 'Identifiant du ticket',
        required: true,
        schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
      {
        name: 'etape',
        in: 'query',
        description: "Identifiant de l'étape visée",
        required: true,
        schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
    ]);
    expect(parameters('/api/projet/temps/{projet}')).toEqual([
      expect.objectContaining({ name: 'format', schema: { type: 'string', enum: ['csv', 'xlsx'] } }),
    ]);
    expect(parameters('/api/projet/commentaires/{id}').map(({ name }) => name)).toEqual(['page', 'parPage']);
    expect(parameters('/api/formulaires/ajax-autocompleter/{id}').map(({ name }) => name)).toEqual(['term']);
    // Every query parameter of the document is described in words, never by a catalog key.
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, { parameters: list = [] }] of Object.entries(operations)) {
        for (const { name, description } of list.filter((parameter) => parameter.in === 'query')) {
          expect(description, `${method} ${route} ${name}`).not.toMatch(/^openapi\./);
        }
      }
    }
  });

  it('hands the handler parsed values: a query value of the wrong type is a 400 in French, as documented', async () => {
    const response = await send('GET', `${path('api.tickets.load_transition')}?ticket=abc&etape=1`, t.admin);
    expect(refusal(response)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'errors.form',
        message: 'Une erreur est survenue. Veuillez vérifier les informations saisies.',
        fieldErrors: { ticket: 'Veuillez saisir un nombre entier.' },
      },
    });
    const document = await openApiDocument();
    expect(Object.keys(document.paths['/api/tickets/load-transition-ajax']!.get!.responses)).toContain('400');
  });

  it('documents a 400 on every operation: every list and autocomplete refuses a malformed query', async () => {
    const document = await openApiDocument();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method === 'parameters') continue;
        expect(Object.keys(operation.responses), `${method} ${route}`).toContain('400');
      }
    }
    const list = await send('GET', `${path('api.resource.collection', { resource: 'individus' })}?page=abc`, t.admin);
    expect(list.statusCode).toBe(400);
    const autocomplete = await send(
      'GET',
      `${path('api.resource.autocomplete', { resource: 'individus' })}?term=a&term=b`,
      t.admin,
    );
    expect(autocomplete.statusCode).toBe(400);
  });
});
