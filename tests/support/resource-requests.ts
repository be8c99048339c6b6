import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, type LoggedIn } from './test-app';

/** The engine's usual requests, as a logged-in user: what most per-resource tests send. */
export function resourceRequests(app: FastifyInstance, who: LoggedIn) {
  const headers = authHeaders(who);
  const post = (
    slug: string,
    payload: Record<string, unknown>,
    url = path('api.resource.collection', { resource: slug }),
  ) => app.inject({ method: 'POST', url, headers, payload });
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post,
    put: (slug: string, id: number, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: path('api.resource.item', { resource: slug, id }), headers, payload }),
    /** The id of the record of that name (a built-in one, for instance), among the first hundred. */
    async idNamed(slug: string, name: string): Promise<number> {
      const response = await app.inject({
        method: 'GET',
        url: path('api.resource.collection', { resource: slug, parPage: 100 }),
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const found = response.json<{ items: ResourceRecord[] }>().items.filter((item) => item.name === name);
      expect(found, `one ${slug} named ${name}`).toHaveLength(1);
      return found[0]!.id;
    },
    /** Creates a record, expecting it accepted (201). */
    async created(slug: string, payload: Record<string, unknown>): Promise<ResourceRecord> {
      const response = await post(slug, payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
  };
}
