import { ApiError } from '../http/api-error';

/**
 * GETs the JSON reply of an external reference service (ADEME, the BAN). Whatever goes wrong — no
 * reply within the timeout, no connection, a status other than 2xx, a body that is not JSON — is
 * spec 8's "error from an external repository service call": a 502 saying which of these it was.
 */
export async function fetchExternalJson(url: URL, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw externalServiceError(timedOut ? 'timeout' : 'unreachable');
  }
  if (!response.ok) {
    // The body is of no use; drop it so the connection is freed.
    await response.body?.cancel();
    throw externalServiceError('status', { status: response.status });
  }
  try {
    return await response.json();
  } catch (error) {
    // A body cut by the timeout is a timeout, not a bad reply.
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw externalServiceError(timedOut ? 'timeout' : 'invalid');
  }
}

/** What went wrong with an external service, as its error message says it. */
export type ExternalFailure = 'timeout' | 'unreachable' | 'status' | 'invalid';

export const externalServiceError = (failure: ExternalFailure, values?: Record<string, string | number>) =>
  new ApiError(502, `errors.external_service.${failure}`, {}, { values });
