import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { path } from '../../src/shared/routes';
import { authHeaders, createTestApp, logIn, type TestApp } from '../support/test-app';

// The built app (npm test builds before the suites): its shell and hashed assets as a browser gets them.
let t: TestApp;
let scriptUrl: string;
let stylesheetUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const shell = await t.app.inject({ method: 'GET', url: path('admin.login') });
  scriptUrl = /<script type="module" crossorigin src="([^"]+)"/.exec(shell.body)?.[1] ?? '';
  stylesheetUrl = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(shell.body)?.[1] ?? '';
});
afterAll(() => t.close());

describe('the HTML shell', () => {
  it('is never cached, so a new build reaches every browser at once', async () => {
    const response = await t.app.inject({ method: 'GET', url: path('admin.login') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(scriptUrl).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(stylesheetUrl).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  });
});

describe('hashed assets', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('are sent brotli-compressed to a browser that accepts it, cached for a year as immutable', async () => {
    const plain = await get(scriptUrl);
    const response = await get(scriptUrl, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(response.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The document's security headers stay on the shell; a script keeps nosniff.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('are sent gzip-compressed to one that accepts gzip only', async () => {
    const plain = await get(stylesheetUrl);
    const response = await get(stylesheetUrl, 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('are sent as they are to a client that accepts no compression', async () => {
    const response = await get(scriptUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('import');
  });
});

describe('API answers', () => {
  const getApi = async (url: string, acceptEncoding?: string) => {
    const admin = await logIn(t.app);
    return t.app.inject({
      method: 'GET',
      url,
      headers: { ...authHeaders(admin), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  };
  const documentUrl = path('api.openapi');

  it('above 1 kB are compressed as the client accepts, brotli first, and say they vary by it', async () => {
    const plain = await getApi(documentUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await getApi(documentUrl, 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));

    const gzip = await getApi(documentUrl, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('under 1 kB go as they are: compressing them would not pay', async () => {
    const response = await getApi(path('api.session'), 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
