import { routeTable } from '../../shared/routes';

/** The routes carrying a secret in their path (password links' {token}), as patterns of what to hide. */
const secretPaths = Object.values(routeTable)
  .filter((pattern) => pattern.includes('{token}'))
  .map((pattern) => new RegExp(`^(${pattern.slice(0, pattern.indexOf('{token}'))})[^/?#]+`));

/**
 * A URL as the logs keep it: the secrets that travel in URLs — a password link's token, the CSRF
 * token the publication toggle may take as _token — replaced by "…", so reading the logs opens no
 * account.
 */
export function redactedUrl(url: string): string {
  const hidden = secretPaths.reduce((current, pattern) => current.replace(pattern, '$1…'), url);
  return hidden.replace(/([?&]_token=)[^&#]*/g, '$1…');
}
