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

/** Sends a stored file as a download named `name`; a path that is no file answers as a missing one. */
export async function sendStoredFile(
  reply: FastifyReply,
  uploadsDir: string,
  relative: string,
  name: string,
): Promise<FastifyReply> {
  const file = storedFilePath(uploadsDir, relative);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new ApiError(404, 'errors.not_found');
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', found.size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file));
}
