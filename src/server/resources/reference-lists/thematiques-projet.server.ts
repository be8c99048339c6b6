import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { projectThemesTable } from '../../db/schema';
import { isLive } from '../../engine/record-scope';
import { ApiError } from '../../http/api-error';
import { eachRecord, refusalOf, type ServerResource } from '../../engine/server-resource';

const columns = getTableColumns(projectThemesTable) as Record<string, AnyPgColumn>;

interface ThemeNode {
  id: number;
  parent: number | null;
  attachedToWatch: boolean;
}

/** A theme and its ancestors, nearest first (themes are a few levels deep). */
async function lineage(db: Database, id: number): Promise<ThemeNode[]> {
  const nodes: ThemeNode[] = [];
  for (let current: number | null = id; current !== null && !nodes.some((node) => node.id === current);) {
    const [node] = (await db
      .select({ id: columns.id!, parent: columns.parent!, attachedToWatch: columns.attachedToWatch! })
      .from(projectThemesTable)
      .where(and(eq(columns.id!, current), isLive(projectThemesTable)))) as ThemeNode[];
    if (!node) break;
    nodes.push(node);
    current = node.parent;
  }
  return nodes;
}

export const projectThemesHooks: ServerResource = {
  /** A theme cannot sit under itself or under one of its descendants: the themes stay a tree. */
  beforeChange: eachRecord(async (tx, { id, values }) => {
    const parent = values.parent as number | null;
    if (id === null || parent === null) return null;
    const cycle = (await lineage(tx, parent)).some((node) => node.id === id);
    return refusalOf(cycle ? { parent: 'validation.theme_cycle' } : {});
  }),

  routes: [
    {
      // thematiques-projet is-rattache: whether a theme, or one of its ancestors, is attached to the media watch.
      name: 'api.project_themes.is_attached',
      method: 'GET',
      action: 'show',
      summary: 'openapi.operations.project_themes_is_attached',
      async handle(request, { db }) {
        const id = request.params.id;
        const nodes = await lineage(db, id);
        if (nodes.length === 0) throw new ApiError(404, 'errors.not_found');
        return { id, attached: nodes.some((node) => node.attachedToWatch) };
      },
    },
  ],
};
