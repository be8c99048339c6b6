import type { FastifyInstance } from 'fastify';
import { routePattern } from '../../shared/routes';
import { databaseAnswers, type Database } from '../db/database';

export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get(routePattern('api.health'), async (_request, reply) => {
    if (await databaseAnswers(db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable' });
  });
}
