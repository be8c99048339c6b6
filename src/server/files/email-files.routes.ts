import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../shared/permissions';
import { projects } from '../../shared/resources/projet.resource';
import { actorOf, type Actor } from '../auth/actor';
import { currentAuth, requireUser } from '../auth/sessions';
import { rowsOf, type Database } from '../db/database';
import { emailLog, type MailAttachment } from '../db/schema';
import { createRecordScope, type HooksLookup } from '../engine/record-scope';
import { ApiError } from '../http/api-error';
import { declareRoute } from '../http/api-route';
import { sendStoredFile } from './stored-file';

/** emails/{chemin}: <email log id>/<file name>, a name being one path segment. */
const emailFilePattern = /^(\d{1,9})\/([^/\\]+)$/;

/**
 * The attachment a mail of the log carries under that name, if the actor may read that mail: an
 * administrator (who reads the whole log), or whoever may see the project it was written from.
 */
async function readableAttachment(
  db: Database,
  hooksOf: HooksLookup,
  actor: Actor,
  id: number,
  name: string,
): Promise<MailAttachment | null> {
  const [mail] = await db
    .select({ projectId: emailLog.projectId, attachments: emailLog.attachments })
    .from(emailLog)
    .where(eq(emailLog.id, id));
  const attachment = mail?.attachments.find((file) => file.name === name);
  if (!mail || !attachment) return null;
  if (actor.isAdmin) return attachment;
  if (mail.projectId === null || !can(actor, projects.slug, 'show')) return null;
  const { scoped } = createRecordScope(hooksOf);
  const [seen] = await rowsOf(db, sql`select 1 from ${scoped(projects.slug, actor)} p where p.id = ${mail.projectId}`);
  return seen ? attachment : null;
}

/**
 * GET /emails/{chemin}: a mail's attachment, kept under the uploads folder (DATA_DIR/uploads) where
 * its project document or template attachment lies. Anything else, a mail the actor may not read or
 * a path leading out of that folder, answers as a missing file.
 */
export function registerEmailFileRoutes(
  app: FastifyInstance,
  db: Database,
  hooksOf: HooksLookup,
  uploadsDir: string,
): void {
  declareRoute(app, {
    name: 'emails.file',
    fixed: { chemin: '*' },
    method: 'GET',
    options: { onRequest: requireUser },
    schemas: { params: z.object({ '*': z.string() }) },
    document: (tools) => tools.operation('files', 'email_attachment', { access: 'read', errors: [401, 404] }),
    handler: async (request, reply) => {
      const match = emailFilePattern.exec(request.params['*']);
      const name = match?.[2];
      if (!match || !name || name === '.' || name === '..') throw new ApiError(404, 'errors.not_found');
      const attachment = await readableAttachment(db, hooksOf, actorOf(currentAuth(request)), Number(match[1]), name);
      if (!attachment) throw new ApiError(404, 'errors.not_found');
      return sendStoredFile(reply, uploadsDir, attachment.path, { download: name });
    },
  });
}
