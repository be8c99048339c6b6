import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../src/shared/configuration-values.schema';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();

const defaultRobots = 'User-agent: *\nDisallow: /admin\nDisallow: /api\n';
const inlineScript = "var _paq = window._paq = window._paq || []; _paq.push(['trackPageView']);";
const analyticsCode = `<script async src="https://stats.exemple.org/matomo.js"></script><script>${inlineScript}</script>`;
const inlineHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;

const save = (settings: Partial<SiteSettings>) =>
  t.app.inject({
    method: 'PUT',
    url: path('api.configuration.site'),
    headers: authHeaders(t.admin),
    payload: { analyticsCode: '', errorTemplate: '', robotsTxt: defaultRobots, ...settings },
  });
const current = async () =>
  (await t.app.inject({ method: 'GET', url: path('api.configuration.site'), headers: authHeaders(t.admin) })).json();
const directives = (policy: string | undefined) =>
  Object.fromEntries(
    (policy ?? '').split(';').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  );

describe('site settings', () => {
  it('start with no analytics, no error template and a robots.txt that keeps crawlers out of /admin', async () => {
    expect(await current()).toEqual({ analyticsCode: '', errorTemplate: '', robotsTxt: defaultRobots });
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(defaultRobots);
  });

  it('are for administrators only', async () => {
    const user = await logInWithProfile(t, { email: 'editeur@exemple.fr', permissions: ['projet.modify'] });
    const read = await t.app.inject({ method: 'GET', url: path('api.configuration.site'), headers: authHeaders(user) });
    expect(read.statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'PUT',
      url: path('api.configuration.site'),
      headers: authHeaders(user),
      payload: { analyticsCode: '', errorTemplate: '', robotsTxt: 'User-agent: *\nAllow: /' },
    });
    expect(write.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: path('api.configuration.site') })).statusCode).toBe(401);
  });

  it('serve robots.txt exactly as written', async () => {
    const robotsTxt =
      'User-agent: *\nDisallow: /admin\nDisallow: /espace-client\n\nSitemap: https://renov.exemple.fr/plan.xml';
    expect((await save({ robotsTxt })).statusCode).toBe(200);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toBe(robotsTxt);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuse too long a value in French, and change nothing', async () => {
    const before = await current();
    const response = await save({ robotsTxt: 'x'.repeat(20_001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ robotsTxt: 'Ce champ est trop long.' });
    expect(await current()).toEqual(before);
  });

  it('give every visitor the error pages’ text', async () => {
    expect((await save({ errorTemplate: 'Contactez la Maison de l’habitat au 01 23 45 67 89.' })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: path('api.site.error_template') });
    expect(response.json()).toEqual({ errorTemplate: 'Contactez la Maison de l’habitat au 01 23 45 67 89.' });
  });

  it('put the analytics code in the public pages, with the policy extended for its host and nothing else', async () => {
    const before = await t.app.inject({ method: 'GET', url: path('admin.login') });
    expect(before.body).not.toContain('stats.exemple.org');
    const basePolicy = directives(before.headers['content-security-policy'] as string);
    expect((await save({ analyticsCode })).statusCode).toBe(200);

    for (const page of [path('admin.login'), path('client.login'), path('admin.forgot_password')]) {
      const response = await t.app.inject({ method: 'GET', url: page });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`${analyticsCode}\n</head>`);
      const policy = directives(response.headers['content-security-policy'] as string);
      expect(policy['script-src']).toEqual([...basePolicy['script-src']!, 'https://stats.exemple.org', inlineHash]);
      expect(policy['connect-src']).toEqual([...(basePolicy['default-src'] ?? []), 'https://stats.exemple.org']);
      expect(policy['img-src']).toEqual([...basePolicy['img-src']!, 'https://stats.exemple.org']);
      const others = (p: Record<string, string[]>) =>
        Object.fromEntries(
          Object.entries(p).filter(([name]) => !['script-src', 'connect-src', 'img-src'].includes(name!)),
        );
      expect(others(policy)).toEqual(others(basePolicy));
    }
  });

  it('keep the analytics code out of the back office, even compressed', async () => {
    for (const page of [path('admin.dashboard'), path('admin.configuration')]) {
      const response = await t.app.inject({ method: 'GET', url: page, headers: { cookie: t.admin.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('stats.exemple.org');
      expect(response.headers['content-security-policy']).not.toContain('stats.exemple.org');
    }
    const compressed = await t.app.inject({
      method: 'GET',
      url: path('admin.login'),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(compressed.rawPayload).toString()).toContain(analyticsCode);
  });
});
