import { z } from 'zod';
import { field } from './fields';
import { defineResource } from './resource';

/**
 * Media monitoring (veille-media, spec 3): press articles about the service's work, each linked to
 * its media (a structure of contact type media), missions, territories, themes attached to the
 * watch and, maybe, a project. A project the reader may not see is not shown on the item (its
 * server file's read).
 */
export const mediaWatch = defineResource({
  slug: 'veille-media',
  table: 'media_watch_items',
  menu: { section: 'content', icon: 'file' },
  titleField: 'title',
  defaultSort: { field: 'publicationDate', direction: 'desc' },
  behaviours: { audited: true, modalCreate: true },
  // Beyond the filter fields: structure=<id>, the items naming it as media, project owner or co-owner.
  listCriteria: /^structure$/,
  fields: {
    title: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'article' }),
    link: field.url({ tab: 'article' }),
    publicationDate: field.date({ list: true, sortable: true, filter: 'range', tab: 'article' }),
    description: field.richtext({ tab: 'article' }),
    // Kept under /uploads/veille-media/…, shown through /media/{chemin}.
    image: field.file({ tab: 'article' }),
    // media-ajax suggests the structures of contact type media; the server file refuses any other.
    media: field.reference('structures', {
      autocomplete: true,
      suggest: 'api.media_watch.media',
      list: true,
      filter: true,
      tab: 'article',
    }),
    missions: field.references('missions', { list: true, filter: true, tab: 'links' }),
    territories: field.references('communes', { autocomplete: true, filter: true, tab: 'links' }),
    // Only the themes attached to the watch (or under one that is): suggested so, refused otherwise.
    themes: field.references('thematiques-projet', {
      autocomplete: true,
      suggest: 'api.media_watch.themes',
      filter: true,
      tab: 'links',
    }),
    projectType: field.reference('types-projet', { filter: true, tab: 'links' }),
    projectOwner: field.reference('structures', { autocomplete: true, filter: true, tab: 'links' }),
    coOwners: field.references('structures', { autocomplete: true, tab: 'links' }),
    relatedProject: field.reference('projet', { autocomplete: true, list: true, filter: true, tab: 'links' }),
    showOnWebMap: field.boolean({ filter: true, tab: 'links' }),
    concernsAgglomerationMissions: field.boolean({ filter: true, tab: 'links' }),
    internalComments: field.textarea({ maxLength: 5000, tab: 'comments' }),
  },
});

/** What a page's Open Graph data gave (POST /api/veille-media/apercu-lien): each part, when found. */
export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  publicationDate: z.string().nullable(),
  image: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** An item as the mini-listing and the dashboard's media watch show it. */
export const mediaWatchSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  link: z.string().nullable(),
  publicationDate: z.string().nullable(),
  media: z.string().nullable(),
  image: z.string().nullable(),
});
export type MediaWatchSummary = z.infer<typeof mediaWatchSummarySchema>;

/** Items the mini-listing gives unless asked for fewer. */
export const MINI_LISTING_SIZE = 5;
/** Items the mini-listing may be asked for at most. */
export const MINI_LISTING_MAX = 50;
