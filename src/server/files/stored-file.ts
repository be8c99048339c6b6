import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/api-error';

/**
 * A stored path (an upload's, a mail attachment's) as a file under the uploads folder, taken as
 * relative to it whatever it says: never above it.
 */
export function storedFilePath(uploadsDir: string, relative: string): string {
  return path.join(path.resolve(uploadsDir), path.normalize(`/${relative}`));
}

/** How a stored file is sent: as a download under a name, or shown in the page as an image of a known type. */
export type StoredFileDelivery = { download: string } | { inline: string };

/** Sends a stored file; a path that is no file answers as a missing one. */
export async function sendStoredFile(
  reply: FastifyReply,
  uploadsDir: string,
  relative: string,
  delivery: StoredFileDelivery,
): Promise<FastifyReply> {
  const file = storedFilePath(uploadsDir, relative);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new ApiError(404, 'errors.not_found');
  return reply
    .header('content-type', 'inline' in delivery ? delivery.inline : 'application/octet-stream')
    .header('content-length', found.size)
    .header(
      'content-disposition',
      'inline' in delivery ? 'inline' : `attachment; filename*=UTF-8''${encodeURIComponent(delivery.download)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file));
}
