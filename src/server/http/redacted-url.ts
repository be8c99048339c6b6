import { routeTable } from '../../shared/routes';

/** The routes carrying a secret in their path (password links' {token}): what follows it is hidden. */
const secretPaths = Object.values(routeTable)
  .filter((pattern) => pattern.includes('{token}'))
  .map((pattern) => new RegExp(`^(${pattern.slice(0, pattern.indexOf('{token}'))}).+`));

/** The query parameters holding a secret: the CSRF token the publication toggle may take. */
const secretParameters = new Set(['_token']);

/** A URL part as the server reads it (%xx decoded, + in a query a space), or null when malformed. */
function decoded(part: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? part.replace(/\+/g, ' ') : part);
  } catch {
    return null;
  }
}

/** A password link's path with its token hidden, or null when the path holds none. */
function redactedPath(pathname: string): string | null {
  const readable = decoded(pathname, false) ?? pathname;
  const pattern = secretPaths.find((candidate) => candidate.test(readable));
  return pattern ? readable.replace(pattern, '$1…') : null;
}

/**
 * A URL as the logs keep it: the secrets that travel in URLs — a password link's token, the CSRF
 * token the publication toggle may take as _token — replaced by "…", so reading the logs opens no
 * account. Names are compared as the server reads them, once decoded: `%5Ftoken` is `_token`, and
 * `/api/r%65initialisation/…` the reset link's route.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const shownPath = redactedPath(pathname) ?? pathname;
  if (queryAt === -1) return shownPath;
  const parameters = url
    .slice(queryAt + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const name = equals === -1 ? parameter : parameter.slice(0, equals);
      return secretParameters.has(decoded(name, true) ?? name) ? `${name}=…` : parameter;
    });
  return `${shownPath}?${parameters.join('&')}`;
}
