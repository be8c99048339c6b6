import { z } from 'zod';
import { recordId, URL_MAX_LENGTH } from '../resources/fields';
import { resourcePageSchema } from '../resources/resource';
import { linkPreviewSchema, mediaWatchSummarySchema, mediaWatch } from '../resources/veille-media.resource';
import { suggestionReply } from './common.schemas';
import { defineContracts, operation } from './contract';

const term = z.object({ term: z.string().optional() });
const suggestions = operation({ query: term, reply: z.array(suggestionReply) });
const itemsPage = operation({ reply: resourcePageSchema });

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
      query: z.object({ limite: z.string().optional() }),
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
