import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/server/engine/openapi-document';
import { resourceHooks } from '../../src/server/resources/registry';
import { translate } from '../../src/shared/i18n/catalog';
import { resources } from '../../src/shared/resources/registry';
import { filterFields } from '../../src/shared/resources/resource';
import { path, routeTable, type RouteName } from '../../src/shared/routes';
import { createTestApp, type TestApp } from '../support/test-app';

interface Parameter {
  name: string;
  in: string;
  schema: { enum?: string[]; anyOf?: { type: string; enum?: string[] }[] };
}
interface Operation {
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  responses: Record<string, unknown>;
}

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  // No session: the document and its page are public.
  const response = await t.app.inject({ method: 'GET', url: path('api.openapi') });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

const operation = (route: string, method: string) => document.paths[route]?.[method] as Operation | undefined;
const resolve = (reference: string) => document.components.schemas[reference.replace('#/components/schemas/', '')]!;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
    for (const [, kind, name] of JSON.stringify(document).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)) {
      expect(document.components[kind as keyof OpenApiDocument['components']], `${kind}/${name}`).toHaveProperty([
        name!,
      ]);
    }
  });

  it('describes the routes outside the engine', () => {
    for (const [route, method] of [
      ['api.health', 'get'],
      ['api.session', 'get'],
      ['api.login', 'post'],
      ['api.logout', 'post'],
      ['api.locale', 'post'],
      ['api.profile', 'put'],
      ['api.toggle_content', 'post'],
      ['api.password_reset.request', 'post'],
      ['api.registration', 'post'],
      ['api.configuration.registration', 'put'],
    ] as const) {
      expect(operation(path(route), method), route).toMatchObject({ summary: expect.any(String) });
    }
  });

  describe.each(resources.map((definition) => [definition.slug, definition] as const))('%s', (slug, definition) => {
    // The OpenAPI path: the slug filled in, {id} kept.
    const at = (route: RouteName) => routeTable[route].replace('{resource}', slug);
    const list = () => operation(at('api.resource.collection'), 'get')!;

    it('has the paths the engine registers, tagged with its French label', () => {
      const label = translate('fr', `resources.${slug}.label`);
      expect(document.tags).toContainEqual({ name: label });
      const writes: [string, string[]][] = [
        [at('api.resource.collection'), ['post']],
        [at('api.resource.item'), ['put']],
        [at('api.resource.delete'), ['post', 'put']],
        [at('api.resource.batch'), ['post']],
      ];
      const expected: [string, string[]][] = [
        [at('api.resource.collection'), ['get']],
        [at('api.resource.item'), ['get']],
        ...(definition.behaviours.readOnly ? [] : writes),
      ];
      if (definition.behaviours.readOnly) {
        for (const [route, methods] of writes) {
          for (const method of methods) expect(operation(route, method), `${method} ${route}`).toBeUndefined();
        }
      }
      if (definition.behaviours.sortable) expected.push([at('api.resource.reorder'), ['post']]);
      if (definition.behaviours.exportable) expected.push([at('api.resource.export'), ['get']]);
      for (const [route, methods] of expected) {
        for (const method of methods) expect(operation(route, method)?.tags, `${method} ${route}`).toEqual([label]);
      }
      expect(Boolean(document.paths[at('api.resource.reorder')])).toBe(definition.behaviours.sortable);
    });

    it('lists with paging, sort, search and one query parameter per filter field', () => {
      const names = list().parameters!.map((parameter) => parameter.name);
      expect(names).toEqual(
        expect.arrayContaining(['page', 'parPage', 'tri', 'ordre', 'q', ...filterFields(definition)]),
      );
      const sortable = Object.keys(definition.fields).filter((name) => definition.fields[name]!.sortable);
      const extra = ['createdAt', 'updatedAt', ...(definition.behaviours.sortable ? ['position'] : [])];
      const tri = list().parameters!.find((parameter) => parameter.name === 'tri')!;
      // Its known fields, or any other text: an unknown one is the default sort (tested in route-contract.test.ts).
      expect(tri.schema.anyOf?.[0]?.enum?.toSorted()).toEqual([...sortable, ...extra].toSorted());
      expect(tri.schema.anyOf?.[1]).toEqual({ type: 'string' });
      if (definition.behaviours.exportable) {
        const exportParameters = operation(at('api.resource.export'), 'get')!.parameters!;
        expect(exportParameters.find((parameter) => parameter.name === 'format')?.schema.enum).toEqual(['csv', 'xlsx']);
      }
    });

    // Read-only resources take no body: their write paths are absent (tested below).
    if (!definition.behaviours.readOnly) {
      it('takes the input schema as the create body, its required fields required', () => {
        const body = operation(at('api.resource.collection'), 'post')!.requestBody!.content['application/json'].schema;
        const schema = resolve(body.$ref) as { properties: Record<string, unknown>; required?: string[] };
        // Read-only fields (a user's last login) are shown, never sent.
        const writable = Object.entries(definition.fields).filter(([, def]) => !def.readOnly);
        expect(Object.keys(schema.properties).toSorted()).toEqual(writable.map(([name]) => name).toSorted());
        // A required field with a declared default may be left out: the default fills it.
        const required = writable
          .filter(([, def]) => def.required && def.defaultValue === undefined)
          .map(([name]) => name);
        expect((schema.required ?? []).toSorted()).toEqual(required.toSorted());
        const record = document.components.schemas[slug] as { properties: Record<string, unknown> };
        expect(Object.keys(record.properties)).toEqual(
          expect.arrayContaining(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']),
        );
        expect('position' in record.properties).toBe(definition.behaviours.sortable);
      });
    }
  });

  it("describes the routes of the resources' own server files, with their French summaries", () => {
    const declared = Object.entries(resourceHooks).flatMap(([slug, hooks]) =>
      (hooks.routes ?? []).map((route) => ({ slug, route })),
    );
    expect(declared.length).toBeGreaterThan(0);
    for (const { slug, route } of declared) {
      for (const method of typeof route.method === 'string' ? [route.method] : route.method) {
        const documented = operation(routeTable[route.name].replace('{resource}', slug), method.toLowerCase());
        expect(documented, `${slug} ${route.name}`).toMatchObject({ summary: translate('fr', route.summary) });
      }
    }
    expect(operation(routeTable['api.communes.by_postal_code'], 'get')?.parameters).toContainEqual(
      expect.objectContaining({ name: 'code', in: 'query' }),
    );
  });

  it('has a filter field of a resource as a query parameter, typed', () => {
    const definition = resources.find((resource) =>
      filterFields(resource).some((name) => resource.fields[name]!.kind === 'boolean'),
    )!;
    const name = filterFields(definition).find((field) => definition.fields[field]!.kind === 'boolean')!;
    const parameters = operation(path('api.resource.collection', { resource: definition.slug }), 'get')!.parameters!;
    expect(parameters).toContainEqual(expect.objectContaining({ name, in: 'query', schema: { type: 'boolean' } }));
  });

  it('names the existing record (duplicateOf) in the 400 reply of the writes that refuse duplicates', () => {
    const badRequest = (route: string, method: string) =>
      (document.paths[route]?.[method] as { responses: Record<string, { $ref: string }> }).responses['400']?.$ref;
    const duplicate = '#/components/responses/DuplicateRefused';
    for (const slug of ['individus', 'structures']) {
      expect(badRequest(path('api.resource.collection', { resource: slug }), 'post'), slug).toBe(duplicate);
      expect(badRequest(routeTable['api.resource.item'].replace('{resource}', slug), 'put'), slug).toBe(duplicate);
    }
    for (const resource of ['individus', 'structures']) {
      expect(badRequest(path('api.resource.ajax_create', { resource }), 'post'), resource).toBe(duplicate);
    }
    expect(badRequest(routeTable['api.resource.modal_edit'].replace('{resource}', 'structures'), 'post')).toBe(
      duplicate,
    );
    expect(badRequest(path('api.resource.collection', { resource: 'liens-utiles' }), 'post')).toBe(
      '#/components/responses/BadRequest',
    );
    expect(JSON.stringify(document.components.schemas.DuplicateError)).toContain('"duplicateOf"');
    // The commune update, on one record and as a batch action.
    for (const slug of ['individus', 'structures']) {
      expect(operation(routeTable['api.commune_update'].replace('{resource}', slug), 'post'), slug).toMatchObject({
        summary: 'Mettre à jour la commune',
      });
    }
  });

  it('gives the external-service error (502) to the commands that call one, and to them only', () => {
    const errorsOf = (route: RouteName) => Object.keys(operation(routeTable[route], 'post')!.responses);
    expect(errorsOf('api.structures.rge_import')).toContain('502');
    expect(errorsOf('api.users.impersonate')).not.toContain('502');
    expect(document.components.responses.BadGateway).toMatchObject({
      description: expect.stringContaining('service de référentiel externe'),
    });
  });

  it('documents a 400 on every operation, since any request may repeat a parameter', () => {
    const without = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods as Record<string, Operation>)
        .filter(([method, doc]) => method !== 'parameters' && !('400' in doc.responses))
        .map(([method]) => `${method} ${route}`),
    );
    expect(without).toEqual([]);
  });

  it('documents the success reply of every operation: its JSON, its file, or no content', () => {
    type Reply = { content?: Record<string, { schema?: object }> };
    const undocumented = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods as Record<string, Operation>)
        .filter(([method]) => method !== 'parameters')
        .filter(([, doc]) => {
          const [status, reply] = Object.entries(doc.responses as Record<string, Reply>).find(([code]) =>
            code.startsWith('2'),
          ) ?? ['', undefined];
          // No body at all (204, or the sign-up's 201): nothing to describe.
          if (status === '204' || (status === '201' && !reply?.content)) return false;
          const schemas = Object.values(reply?.content ?? {}).map(({ schema }) => schema ?? {});
          return schemas.length === 0 || schemas.every((schema) => Object.keys(schema).length === 0);
        })
        .map(([method]) => `${method} ${route}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("asks the customer area's operations for its own cookie, sid_client, and the back office's for sid", () => {
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      customerSession: { type: 'apiKey', in: 'cookie', name: 'sid_client' },
    });
    const security = (route: string, method: string) =>
      (document.paths[route]?.[method] as { security: unknown } | undefined)?.security;
    expect(security('/api/espace-client/accueil', 'get')).toEqual([{ customerSession: [] }]);
    expect(security('/api/individus', 'post')).toEqual([{ session: [], csrf: [] }]);
  });

  it("describes the SARE export's reply as ADEME's Windows-1252 text file or a spreadsheet, not JSON", () => {
    const file = {
      description: 'Le fichier exporté',
      content: {
        'text/plain; charset=windows-1252': { schema: { type: 'string' } },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string' } },
      },
    };
    expect(operation('/api/commentaires-projet/export-sare', 'get')?.responses['200']).toEqual(file);
    expect(operation('/api/commentaires-projet/export-sare/{id}', 'get')?.responses['200']).toEqual(file);
    // Its count, before the download, reads the same filters.
    const count = operation('/api/commentaires-projet/export-sare/nombre', 'get');
    expect(count?.parameters?.filter((parameter) => parameter.in === 'query').map(({ name }) => name)).toEqual([
      'du',
      'au',
      'mission',
      'conseiller',
      'typeActe',
      'ademe',
    ]);
    expect(count?.parameters?.find(({ name }) => name === 'typeActe')?.schema.enum).toEqual([
      'A01',
      'A02',
      'A03',
      'A04',
      'A04b',
    ]);
  });

  it("documents an advice act's SARE lists as lists of their codes", () => {
    const body = operation('/api/commentaires-projet', 'post')!.requestBody!.content['application/json'].schema;
    const schema = resolve(body.$ref) as { properties: Record<string, unknown> };
    expect(schema.properties.informationTypes).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: ['technical', 'financial', 'legal', 'social'] },
    });
    expect(schema.properties.serviceContinuation).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: expect.arrayContaining(['energy_audit', 'none']) },
    });
  });

  it('documents every API route the server registers', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([route, methods]) =>
        Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${route}`),
      ),
    );
    const undocumented = t.app.registeredRoutes
      .filter(({ method, url }) => url.startsWith('/api/') && method !== 'HEAD')
      // Fastify writes parameters ":name"; the document "{name}". Swagger UI's own files are not API operations.
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((operation) => !documented.has(operation) && !operation.includes('/api/docs'));
    expect(undocumented).toEqual([]);
  });

  it('is in English with ?locale=en', async () => {
    const response = await t.app.inject({ method: 'GET', url: path('api.openapi', { locale: 'en' }) });
    const english = response.json<OpenApiDocument>();
    expect(english.tags).toContainEqual({ name: translate('en', `resources.${resources[0]!.slug}.label`) });
    expect(english.info.title).not.toBe(document.info.title);
  });
});

describe('the documentation page', () => {
  it('answers HTML without inline script, under the CSP, and its assets answer 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: path('api.docs') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain(`<title>Documentation de l&#39;API`);
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="/);

    const assets = [...response.body.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map(([, url]) => url!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const url of assets) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
  });

  it('serves only the Swagger UI files it needs', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${path('api.docs')}/assets/index.html` });
    expect(response.statusCode).toBe(404);
  });
});
