import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPageRoute } from '../../shared/page-routes';
import type { RouteName } from '../../shared/routes';

/**
 * The public pages: login, password reset, registration and the customer area. The analytics code
 * goes in these only, never in the back office's pages (/admin once logged in).
 */
const publicPages: readonly RouteName[] = [
  'admin.login',
  'admin.forgot_password',
  'admin.register',
  'admin.reset_password',
];
export const isPublicPage = (name: RouteName | null): boolean =>
  name !== null && (publicPages.includes(name) || name.startsWith('client.'));

/** The https origins the code names: the analytics host(s), which the page's policy then allows. */
export function analyticsOrigins(code: string): string[] {
  const origins = new Set<string>();
  for (const [, host] of code.matchAll(/https:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?)/gi)) {
    origins.add(`https://${host!.toLowerCase()}`);
  }
  return [...origins];
}

/** The SHA-256 sources of the code's inline scripts: exactly these scripts may run, no other inline one. */
export function inlineScriptHashes(code: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of code.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || body!.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The page's Content-Security-Policy with the analytics code allowed: its https origins in
 * script-src, connect-src and img-src (trackers load a script, then send beacons as requests or
 * pixels), and its inline scripts' hashes in script-src. Nothing else changes.
 */
export function policyWithAnalytics(policy: string, code: string): string {
  const origins = analyticsOrigins(code);
  const additions: Record<string, string[]> = {
    'script-src': [...origins, ...inlineScriptHashes(code)],
    'connect-src': origins,
    'img-src': origins,
  };
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const names = directives.map((directive) => directive.split(/\s+/)[0]!.toLowerCase());
  const defaultSources = directives[names.indexOf('default-src')]?.split(/\s+/).slice(1) ?? [];
  for (const [name, sources] of Object.entries(additions)) {
    if (sources.length === 0) continue;
    const index = names.indexOf(name);
    // A directive the policy leaves out falls back to default-src: start from it, then add.
    if (index === -1) directives.push([name, ...defaultSources, ...sources].join(' '));
    else directives[index] = [directives[index], ...sources].join(' ');
  }
  return directives.join(';');
}

/**
 * Puts the analytics code in the public pages' HTML (before </head>) and extends their policy for
 * it. An onSend hook of the whole app, so it runs on the shell as sent, before compression.
 */
export function registerAnalyticsSnippet(app: FastifyInstance, analyticsCode: () => Promise<string>): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    if (!isPublicPage(matchPageRoute(request.url.split('?')[0]!))) return payload;
    const code = (await analyticsCode()).trim();
    if (code === '' || !payload.includes('</head>')) return payload;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', policyWithAnalytics(policy, code));
    return payload.replace('</head>', () => `${code}\n</head>`);
  });
}
