import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { uploads, users } from '../db/schema';
import { isLive } from '../engine/record-scope';
import { ApiError } from '../http/api-error';

export const MEGABYTE = 1024 * 1024;

/**
 * Notes a file its owner sent (a form's upload, an import assistant's file) in `uploads`, inside the
 * caller's transaction: refused with a 413, keeping nothing, when it would take the owner past the
 * quota (UPLOAD_QUOTA_MB). The owner's row is locked meanwhile: two files at once cannot both slip
 * under the quota, whichever process receives them.
 */
export async function recordUpload(
  tx: Database,
  file: { path: string; ownerId: number; size: number },
  quotaBytes: number,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, file.ownerId)).for('update');
  const [used] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint` })
    .from(uploads)
    .where(and(eq(uploads.ownerId, file.ownerId), isLive(uploads)));
  if (Number(used?.bytes ?? 0) + file.size > quotaBytes) {
    throw new ApiError(413, 'errors.upload_quota', {}, { values: { quota: Math.round(quotaBytes / MEGABYTE) } });
  }
  await tx.insert(uploads).values(file);
}
