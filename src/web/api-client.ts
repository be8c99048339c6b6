import type { ApiErrorPayload } from '../shared/account/account.schema';
import type { BodyOf, ContractName, MethodOf, QueryOf, ReplyOf } from '../shared/api/contracts';
import { path, type PathParams, type RouteName } from '../shared/routes';

/** Bound to the session; sent with every state-changing request. */
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The session's CSRF token as a header, for the rare request made without api() (the publication toggle's GET). */
export function csrfHeader(): Record<string, string> {
  return csrfToken ? { 'x-csrf-token': csrfToken } : {};
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly payload: ApiErrorPayload,
  ) {
    super(payload.message);
    this.name = 'ApiRequestError';
  }
}

/** A 4xx is the server's final answer (refused, missing, invalid): asking again would only delay it. */
export const isFinalFailure = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/** Network failures and 5xx are asked again, twice, within a second; anything else is shown at once. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !isFinalFailure(error) && failureCount < 2;
export const retryDelay = (attempt: number): number => 250 * 2 ** attempt;

type Method = 'GET' | 'POST' | 'PUT';

/** A call's input, as its route's contract (src/shared/api/) types it: path parameters, query, body. */
export type ApiInput<N extends ContractName, M extends MethodOf<N>> = ([keyof PathParams<N>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<N> }) &
  ([QueryOf<N, M>] extends [never]
    ? { query?: undefined }
    : { query?: { [K in keyof QueryOf<N, M>]?: QueryOf<N, M>[K] | undefined } }) &
  ([BodyOf<N, M>] extends [never] ? { body?: undefined } : { body: BodyOf<N, M> });
type InputArgs<N extends ContractName, M extends MethodOf<N>> =
  object extends ApiInput<N, M> ? [input?: ApiInput<N, M>] : [input: ApiInput<N, M>];

/** A route's path with its parameters and query (undefined values left out). */
function pathOf(name: RouteName, input?: { params?: object; query?: object }): string {
  const given = Object.entries({ ...input?.params, ...input?.query }).filter(([, value]) => value !== undefined);
  return path(name, Object.fromEntries(given.map(([key, value]) => [key, String(value)])) as never);
}

/**
 * Calls an API route by its name: its input and reply are typed by its contract, so a changed
 * schema fails to compile where the web reads it. A non-2xx reply throws ApiRequestError carrying
 * the server's French message.
 */
export function api<N extends ContractName, M extends MethodOf<N>>(
  method: M,
  name: N,
  ...[input]: InputArgs<N, M>
): Promise<ReplyOf<N, M>> {
  return apiRequest(method, pathOf(name, input), input?.body);
}

/**
 * A call whose address the caller built (a list's criteria as a query string, a suggestion
 * route's, a command's, a delete dialog's): its reply is still typed by its route's contract.
 */
export function apiAt<N extends ContractName, M extends MethodOf<N>>(
  method: M,
  name: N,
  url: string,
  body?: BodyOf<N, M>,
): Promise<ReplyOf<N, M>> {
  return apiRequest(method, url, body);
}

/**
 * The transport under api(): a file (Blob) is sent as it is, as application/octet-stream; any
 * other body as JSON.
 */
async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const file = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = file ? 'application/octet-stream' : 'application/json';
  if (csrfToken && method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : file ? body : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const payload = (data as ApiErrorPayload | null) ?? {
      statusCode: response.status,
      code: 'errors.generic',
      message: '',
    };
    throw new ApiRequestError(response.status, payload);
  }
  return data as T;
}

/**
 * A request whose failure the server does not explain (no answer, a 5xx) fails with this message
 * instead (a screen's own generic error, e.g. the spec's ticket errors); refusals keep theirs.
 */
export async function withFailureMessage<T>(request: Promise<T>, message: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500 && error.message !== '') throw error;
    throw new ApiRequestError(500, { statusCode: 500, code: 'errors.generic', message });
  }
}
