import { can } from '../../../shared/permissions';
import { mergeBodySchema, type DuplicateResource } from '../../../shared/resources/contact-duplicates';
import { findResource } from '../../../shared/resources/registry';
import { currentAuth } from '../../auth/sessions';
import { ApiError } from '../../http/api-error';
import { parseBody } from '../../http/request-parsing';
import { dismissPair, listDuplicates, scanDuplicates } from './contact-duplicates';
import { mergeHistory, mergeRecords } from './record-merge';
import { type ResourceRoute } from '../../engine/server-resource';

/**
 * The duplicate routes of individus and structures, declared as the resource's own: the last scan's
 * pairs, a new scan and dismissal need `modify`; a merge needs `modify` and `delete`; a record's
 * merges, `consult`.
 */
export function duplicateRoutes(slug: DuplicateResource): ResourceRoute[] {
  const definition = findResource(slug)!;
  return [
    {
      name: 'api.duplicates.list',
      method: 'GET',
      action: 'update',
      summary: 'openapi.operations.duplicates_list',
      handle: (request, { db }) => {
        const { page, parPage } = request.query;
        return listDuplicates(db, slug, page, parPage);
      },
    },
    {
      name: 'api.duplicates.scan',
      method: 'POST',
      action: 'update',
      summary: 'openapi.operations.duplicates_scan',
      handle: (_request, { db }) => scanDuplicates(db, slug),
    },
    {
      name: 'api.duplicates.merge',
      method: 'POST',
      action: 'update',
      // The removed record is deleted: checked before the body is read, as any permission.
      alsoNeeds: [{ resource: slug, action: 'delete' }],
      summary: 'openapi.operations.duplicates_merge',
      schemas: { body: mergeBodySchema(definition) },
      handle(request, context) {
        // The removed record is deleted: a merge needs that permission too.
        if (!can(currentAuth(request).user, slug, 'delete')) throw new ApiError(403, 'errors.forbidden');
        // Validated with the resource's own choices (schemas.body): parsed again for their type.
        return mergeRecords(context, slug, parseBody(mergeBodySchema(definition), request.body));
      },
    },
    {
      name: 'api.duplicates.dismiss',
      method: 'POST',
      action: 'update',
      summary: 'openapi.operations.duplicates_dismiss',
      handle: (request, { db, actor }) => dismissPair(db, slug, request.body.ids, actor.id),
    },
    {
      name: 'api.duplicates.history',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.duplicates_history',
      handle: (request, { db }) => mergeHistory(db, slug, request.params.id),
    },
  ];
}
