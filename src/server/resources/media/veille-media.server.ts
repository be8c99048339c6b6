import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { translate } from '../../../shared/i18n/catalog';
import { projects } from '../../../shared/resources/projet.resource';
import type { Suggestion } from '../../../shared/resources/resource';
import { structures } from '../../../shared/resources/structures.resource';
import { mediaWatch, type MediaWatchSummary } from '../../../shared/resources/veille-media.resource';
import { path } from '../../../shared/routes';
import type { Actor } from '../../auth/actor';
import { rowsOf, type Database } from '../../db/database';
import { mediaWatchTable, projectThemesTable, structuresTable, titleExpression } from '../../db/schema';
import { isLive, liveRows } from '../../engine/record-scope';
import { parseListQuery } from '../../engine/list-query';
import { containsIgnoringAccents, type ListQuery, type ResourceStore } from '../../engine/resource-store';
import type { PendingRecord, RecordRefusal, ResourceContext, ServerResource } from '../../engine/server-resource';
import { ApiError } from '../../http/api-error';
import { visibleProjectIds } from '../projet/project-scope';
import type { FastifyRequest } from 'fastify';

const structureColumns = getTableColumns(structuresTable) as Record<string, AnyPgColumn>;
const themeColumns = getTableColumns(projectThemesTable) as Record<string, AnyPgColumn>;

/** Suggestions a media or theme input offers at most. */
const SUGGESTIONS = 20;

/** The ids among these of live structures whose contact type is media. */
async function mediaAmong(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: structureColumns.id! })
    .from(structuresTable)
    .where(
      and(inArray(structureColumns.id!, ids), eq(structureColumns.contactType!, 'media'), isLive(structuresTable)),
    );
  return new Set(rows.map(({ id }) => Number(id)));
}

/**
 * The live themes attached to the media watch, themselves or through an ancestor (the themes below
 * an attached one belong to the watch too, as thematiques-projet's is-rattache says).
 */
const attachedThemes = sql`with recursive attached(id) as (
    select t.id from ${liveRows(projectThemesTable)} t where t.attached_to_watch
    union select t.id from ${liveRows(projectThemesTable)} t join attached a on t.parent = a.id)
  select id from attached`;

async function attachedAmong(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from (${attachedThemes}) a where a.id = any(${sql.param(ids)}::integer[])`,
  );
  return new Set(rows.map(({ id }) => Number(id)));
}

/**
 * The project an item names that the actor may not read, kept when their form sends none: the form
 * could not show it (spec 6), so its empty value is no choice to unlink it.
 */
async function hiddenProjectOf(db: Database, actor: Actor, id: number): Promise<number | null> {
  const visible = visibleProjectIds(actor);
  if (!visible) return null;
  const [row] = await rowsOf<{ project: number }>(
    db,
    sql`select m.related_project as project from ${mediaWatchTable} m
      where m.id = ${id} and m.related_project is not null and m.related_project not in (${visible})`,
  );
  return row ? Number(row.project) : null;
}

const ids = (value: unknown): number[] =>
  ([] as unknown[]).concat(value ?? []).filter((item): item is number => typeof item === 'number');

/** An item as the mini-listing shows it: its media by name, its image by its /media address. */
function summaryOf(record: Record<string, unknown>, mediaTitles: Record<string, string>): MediaWatchSummary {
  const image = String(record.image ?? '');
  const prefix = `${mediaWatch.slug}/`;
  return {
    id: Number(record.id),
    title: String(record.title),
    link: record.link ? String(record.link) : null,
    publicationDate: (record.publicationDate as string | null) ?? null,
    media: record.media == null ? null : (mediaTitles[String(record.media)] ?? null),
    image: image.startsWith(prefix) ? path('media.file', { chemin: image.slice(prefix.length) }) : null,
  };
}

/**
 * The latest items by publication date (the mini-listing, the dashboard's media watch), as the actor
 * may read them: one query, the media's name read with the row (a structure, no read scope of its
 * own). An item without a date is not among the latest (a descending sort would put it first).
 */
export async function latestMediaItems(
  { db, store }: { db: Database; store: ResourceStore },
  actor: Actor,
  size: number,
): Promise<MediaWatchSummary[]> {
  // The media's title as its references show it.
  const mediaTitle = titleExpression(structures, structureColumns);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select m.id, m.title, m.link, to_char(m.publication_date, 'YYYY-MM-DD') as "publicationDate", m.media,
        m.image, (select ${mediaTitle} from ${structuresTable}
          where ${structureColumns.id!} = m.media and ${isLive(structuresTable)}) as "mediaTitle"
      from ${store.scoped(mediaWatch.slug, actor)} m
      where m.publication_date is not null
      order by m.publication_date desc, m.id desc limit ${size}`,
  );
  return rows.map((row) =>
    summaryOf(row, row.mediaTitle == null ? {} : { [String(row.media)]: String(row.mediaTitle) }),
  );
}

/** The items of a list's query (paging, sort, search, filters) narrowed to these filters. */
function itemsWhere(request: FastifyRequest, { store, actor }: ResourceContext, filters: Record<string, string>) {
  const query: ListQuery = parseListQuery(mediaWatch, request.query);
  return store.list(mediaWatch, { ...query, filters: { ...query.filters, ...filters } }, actor);
}

/** A theme or a media structure offered to an item's form, the term in its name. */
async function suggestionsOf(db: Database, kind: 'media' | 'themes', term: string): Promise<Suggestion[]> {
  if (term === '') return [];
  if (kind === 'media') {
    const rows = await db
      .select({ value: structureColumns.id!, name: structureColumns.name!, acronym: structureColumns.acronym! })
      .from(structuresTable)
      .where(
        and(
          isLive(structuresTable),
          eq(structureColumns.contactType!, 'media'),
          or(
            containsIgnoringAccents(structureColumns.name!, term),
            containsIgnoringAccents(structureColumns.acronym!, term),
          ),
        ),
      )
      .orderBy(sql`immutable_unaccent(lower(${structureColumns.name!}))`, asc(structureColumns.id!))
      .limit(SUGGESTIONS);
    return rows.map(({ value, name, acronym }) => ({
      value: Number(value),
      label: acronym ? `${String(name)} (${String(acronym)})` : String(name),
    }));
  }
  const rows = await db
    .select({ value: themeColumns.id!, label: themeColumns.name! })
    .from(projectThemesTable)
    .where(and(sql`${themeColumns.id!} in (${attachedThemes})`, containsIgnoringAccents(themeColumns.name!, term)))
    .orderBy(sql`immutable_unaccent(lower(${themeColumns.name!}))`, asc(themeColumns.id!))
    .limit(SUGGESTIONS);
  return rows.map(({ value, label }) => ({ value: Number(value), label: String(label) }));
}

/** structure=<id>: the items naming the structure as their media, project owner or co-owner. */
function structureCriterion(value: string, columns: Record<string, AnyPgColumn>) {
  if (!/^\d{1,9}$/.test(value)) throw new ApiError(400, 'errors.form', { structure: 'validation.integer' });
  const id = Number(value);
  return or(eq(columns.media!, id), eq(columns.projectOwner!, id), sql`${id} = any(${columns.coOwners!})`);
}

export const mediaWatchHooks: ServerResource = {
  // An item linked to a project the reader may not see still shows, without that project.
  hidesUnreadableReferences: ['relatedProject'],

  /**
   * Its media is a structure of contact type media; its themes are attached to the watch; a project
   * the writer may not see stays linked (their form could not show it).
   */
  async beforeChange(tx, records: PendingRecord[], actor) {
    const media = await mediaAmong(
      tx,
      records.flatMap(({ values }) => ids(values.media)),
    );
    const themes = await attachedAmong(
      tx,
      records.flatMap(({ values }) => ids(values.themes)),
    );
    const refusals: (RecordRefusal | null)[] = [];
    for (const { id, values } of records) {
      const fieldErrors: Record<string, string> = {};
      if (ids(values.media).some((structure) => !media.has(structure)))
        fieldErrors.media = 'validation.media_structure';
      if (ids(values.themes).some((theme) => !themes.has(theme))) fieldErrors.themes = 'validation.watch_theme';
      if (id !== null && values.relatedProject == null && 'relatedProject' in values) {
        const hidden = await hiddenProjectOf(tx, actor, id);
        if (hidden !== null) values.relatedProject = hidden;
      }
      refusals.push(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : null);
    }
    return refusals;
  },

  listParams: {
    document: [{ name: 'structure', description: 'openapi.parameters.media_watch_structure' }],
    condition: (_name, value, columns) => structureCriterion(value, columns),
  },

  routes: [
    {
      // mini-listing: the latest items (by publication date), for the dashboard's media watch.
      name: 'api.media_watch.mini_listing',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.media_watch_mini_listing',
      handle: (request, context) => latestMediaItems(context, context.actor, request.query.limite),
    },
    {
      // structure/{id}: the items of a structure (its media, or the owner or a co-owner it is), on its page.
      name: 'api.media_watch.of_structure',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.media_watch_of_structure',
      async handle(request, context) {
        await context.store.get(structures, request.params.id, context.actor);
        return itemsWhere(request, context, { structure: String(request.params.id) });
      },
    },
    {
      // projet/{id}: the items of a project, on its page; a project the reader may not see is a 404.
      name: 'api.media_watch.of_project',
      method: 'GET',
      action: 'list',
      alsoNeeds: [{ resource: projects.slug, action: 'show' }],
      summary: 'openapi.operations.media_watch_of_project',
      async handle(request, context) {
        await context.store.get(projects, request.params.id, context.actor);
        return itemsWhere(request, context, { relatedProject: String(request.params.id) });
      },
    },
    {
      // commentaires/{id}: an item's internal comments.
      name: 'api.media_watch.comments',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.media_watch_comments',
      async handle(request, { store, actor }) {
        const item = await store.get(mediaWatch, request.params.id, actor);
        return { id: item.id, internalComments: String(item.internalComments ?? '') };
      },
    },
    {
      // edit-commentaire-ajax: an item's internal comments saved, an entry of its history.
      name: 'api.media_watch.edit_comment',
      method: ['POST', 'PUT'],
      action: 'update',
      summary: 'openapi.operations.media_watch_edit_comment',
      async handle(request, context) {
        const { id, internalComments } = request.body;
        await context.store.get(mediaWatch, id, context.actor);
        await context.operations.patch(mediaWatch, [{ id, values: { internalComments } }], context);
        return {
          id,
          internalComments,
          message: translate(context.locale, 'resources.veille-media.messages.comment_saved'),
        };
      },
    },
    {
      // media-ajax: the structures of contact type media, for an item's media.
      name: 'api.media_watch.media',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.media_watch_media',
      handle: (request, { db }) => suggestionsOf(db, 'media', (request.query.term ?? '').trim()),
    },
    {
      // thematiques-ajax: the themes attached to the watch (or under one that is), for an item's themes.
      name: 'api.media_watch.themes',
      method: 'GET',
      action: 'list',
      summary: 'openapi.operations.media_watch_themes',
      handle: (request, { db }) => suggestionsOf(db, 'themes', (request.query.term ?? '').trim()),
    },
  ],
};
