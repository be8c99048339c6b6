import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type ResourceAction } from '../../shared/permissions';
import type { ResourceInputValues } from '../../shared/resources/resource';
import { currentAuth } from '../auth/sessions';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';

/** What a resource's server file may add to the generic engine (spec 2.3's extra routes, business rules). */
export interface ResourceServerHooks {
  /** Checks a record inside the write's transaction; throws an ApiError with field errors to refuse it. */
  beforeWrite?(tx: Database, values: ResourceInputValues, id: number | undefined): Promise<void>;
  /** The resource's own routes, registered next to the generic ones. */
  routes?(app: FastifyInstance, db: Database): void;
}

/** For a resource's own routes: the request's user, when allowed the action on the resource (403 otherwise). */
export function allowedUser(request: FastifyRequest, slug: string, action: ResourceAction) {
  const { user } = currentAuth(request);
  if (!can(user, slug, action)) throw new ApiError(403, 'errors.forbidden');
  return user;
}
