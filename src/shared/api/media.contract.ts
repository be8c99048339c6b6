import { z } from 'zod';
import { recordId, URL_MAX_LENGTH } from '../resources/fields';
import { resourcePageSchema } from '../resources/resource';
import {
  linkPreviewSchema,
  mediaWatchSummarySchema,
  mediaWatch,
  MINI_LISTING_MAX,
  MINI_LISTING_SIZE,
} from '../resources/veille-media.resource';
import { suggestionReply, termQuery } from './common.schemas';
import { defineContracts, operation } from './contract';
import { pagingSchema, wholeNumber } from './paging';

const suggestions = operation({ query: termQuery, reply: z.array(suggestionReply) });
/** A page of items: its paging checked here, its sort, search and filters (loose) left to the list's parser. */
const itemsPage = operation({ query: pagingSchema(mediaWatch.pageSize).loose(), reply: resourcePageSchema });

/** An item's internal comments (commentaires/{id}, edit-commentaire-ajax). */
export const mediaWatchCommentSchema = z.object({
  id: z.number(),
  internalComments: z.string(),
});
const commentMax = mediaWatch.fields.internalComments!.maxLength!;
const editComment = operation({
  body: z.object({
    id: recordId,
    internalComments: z.string('validation.required').max(commentMax, 'validation.too_long'),
  }),
  reply: mediaWatchCommentSchema.extend({ message: z.string() }),
});

/** Media monitoring (veille-media): its own routes beside the engine's, and its images. */
export const mediaContracts = defineContracts({
  'api.media_watch.mini_listing': {
    GET: operation({
      query: z.object({
        limite: wholeNumber(1, MINI_LISTING_MAX)
          .default(MINI_LISTING_SIZE)
          .describe('openapi.parameters.media_watch_limit'),
      }),
      reply: z.array(mediaWatchSummarySchema),
    }),
  },
  'api.media_watch.of_structure': { GET: itemsPage },
  'api.media_watch.of_project': { GET: itemsPage },
  'api.media_watch.comments': { GET: operation({ reply: mediaWatchCommentSchema }) },
  'api.media_watch.edit_comment': { POST: editComment, PUT: editComment },
  'api.media_watch.media': { GET: suggestions },
  'api.media_watch.themes': { GET: suggestions },
  'api.media_watch.link_preview': {
    POST: operation({
      body: z.object({
        url: z
          .string('validation.required')
          .trim()
          .pipe(z.url({ message: 'validation.url', protocol: /^https?$/ }).max(URL_MAX_LENGTH, 'validation.too_long')),
      }),
      reply: linkPreviewSchema,
    }),
  },
  'media.file': { GET: operation({ file: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] }) },
});
