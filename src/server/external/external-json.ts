import { ApiError } from '../http/api-error';

/** A reference service's reply is a few kilobytes; a larger one is refused rather than held in memory. */
export const MAX_EXTERNAL_REPLY_BYTES = 2 * 1024 * 1024;

/**
 * GETs the JSON reply of an external reference service (ADEME, the BAN), within `timeoutMs` for the
 * whole call: name resolution, connection (TLS included), headers and the body's last byte share one
 * deadline, so a service that accepts and says nothing, or trickles its reply, fails on time.
 * Whatever goes wrong — the deadline passed, no connection, a status other than 2xx, a body too
 * large or not JSON — is spec 8's "error from an external repository service call": a 502 saying
 * which of these it was.
 */
export async function fetchExternalJson(url: URL, timeoutMs: number): Promise<unknown> {
  const deadline = AbortSignal.timeout(timeoutMs);
  // Whatever the error a cut connection raises, once the deadline has passed it is a timeout.
  const failure = (otherwise: ExternalFailure) => externalServiceError(deadline.aborted ? 'timeout' : otherwise);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: deadline });
  } catch {
    throw failure('unreachable');
  }
  if (!response.ok) {
    // The body is of no use; drop it so the connection is freed.
    await response.body?.cancel();
    throw externalServiceError('status', { status: response.status });
  }
  let text: string;
  try {
    // The body is read under the same deadline: the signal given to fetch cuts it too.
    text = await readAtMost(response, MAX_EXTERNAL_REPLY_BYTES);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw failure('invalid');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw externalServiceError('invalid');
  }
}

/** The body as text, refused (and its transfer stopped) as soon as it goes past `limit` bytes. */
async function readAtMost(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw externalServiceError('too_large');
    }
    chunks.push(value);
  }
}

/** What went wrong with an external service, as its error message says it. */
export type ExternalFailure = 'timeout' | 'unreachable' | 'status' | 'invalid' | 'too_large';

export const externalServiceError = (failure: ExternalFailure, values?: Record<string, string | number>) =>
  new ApiError(502, `errors.external_service.${failure}`, {}, { values });
