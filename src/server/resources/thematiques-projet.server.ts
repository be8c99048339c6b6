import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { projectThemes } from '../../shared/resources/thematiques-projet.resource';
import { routePattern } from '../../shared/routes';
import { requireUser } from '../auth/sessions';
import type { Database } from '../db/database';
import { projectThemesTable } from '../db/schema';
import { allowedUser } from '../engine/resource.routes';
import { ApiError } from '../http/api-error';
import type { ResourceServerHooks } from './resource-hooks';

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
      .where(and(eq(columns.id!, current), isNull(columns.deletedAt!)))) as ThemeNode[];
    if (!node) break;
    nodes.push(node);
    current = node.parent;
  }
  return nodes;
}

export const projectThemesHooks: ResourceServerHooks = {
  /** A theme cannot sit under itself or under one of its descendants: the themes stay a tree. */
  async beforeWrite(tx, values, id) {
    const parent = values.parent as number | null;
    if (id === undefined || parent === null) return;
    if ((await lineage(tx, parent)).some((node) => node.id === id)) {
      throw new ApiError(400, 'errors.form', { parent: 'validation.theme_cycle' });
    }
  },

  routes(app, db) {
    // thematiques-projet is-rattache: whether a theme, or one of its ancestors, is attached to the media watch.
    app.get<{ Params: { id: string } }>(
      routePattern('api.project_themes.is_attached'),
      { preHandler: requireUser },
      async (request) => {
        allowedUser(request, projectThemes.slug, 'show');
        const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
        const nodes = await lineage(db, id);
        if (nodes.length === 0) throw new ApiError(404, 'errors.not_found');
        return { id, attached: nodes.some((node) => node.attachedToWatch) };
      },
    );
  },
};
