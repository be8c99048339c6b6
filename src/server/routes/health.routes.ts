import type { FastifyInstance } from 'fastify';
import { databaseAnswers, type Database } from '../db/database';
import { declareRoute } from '../http/api-route';
import { json } from '../http/openapi-tools';

const status = (value: string) => ({ type: 'object', properties: { status: { const: value } } });

export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  declareRoute(app, {
    name: 'api.health',
    method: 'GET',
    document: (tools) =>
      tools.operation('service', 'health', {
        access: 'public',
        responses: {
          503: { description: tools.t('responses.503'), ...json(status('unavailable')) },
        },
        errors: [],
      }),
    handler: async (_request, reply) => {
      if (await databaseAnswers(db)) return { status: 'ok' };
      return reply.code(503).send({ status: 'unavailable' });
    },
  });
}
