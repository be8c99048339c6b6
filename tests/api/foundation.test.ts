import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { path } from '../../src/shared/routes';
import { createTestApp, logIn, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((app) => {
    // Failing routes, to see what a user is shown when the server breaks.
    app.get('/api/test-failure', async () => {
      throw new Error('secret internal detail');
    });
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers 200 {"status":"ok"} while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown paths', () => {
  it('answer 404 with a French JSON error under /api', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Page non trouvée' });
  });

  it.each(['/admin/nothing-here', '/nothing-here', '/admin/connexion/extra', '/admin/liens-utiles/organiser'])(
    'answer 404 for the page %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    },
  );

  it('serve the app shell with 200 for the pages of the route table', async () => {
    for (const url of [
      '/admin',
      '/admin/connexion',
      '/admin/liens-utiles',
      '/admin/liens-utiles/editer/3',
      '/admin/types-tache/organiser',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('errors', () => {
  it('never show a stack trace or an internal message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: 'Une erreur est survenue' });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('at ');
  });

  it('answer malformed JSON with a French message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Une erreur est survenue. Veuillez vérifier les informations saisies.');
  });
});

describe('security headers', () => {
  it('set a CSP without inline scripts and echo a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

describe('translations', () => {
  it('serve the French catalog as JSON by default', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('translations', { domain: 'messages', _format: 'json' }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.locale).toBe('fr');
    expect(body.translations.errors.pages['404'].title).toBe('Page non trouvée');
  });

  it('serve English on ?locale=en, and the js domain', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('translations', { domain: 'js', _format: 'json', locale: 'en' }),
    });
    expect(response.json()).toMatchObject({
      locale: 'en',
      domain: 'js',
      translations: { dialog: { cancel: 'Cancel' } },
    });
  });

  it('define the catalog for scripts in the js format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/translations/messages.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    const window: { TRANSLATIONS?: Record<string, Record<string, { login: { title: string } }>> } = {};
    new Function('window', response.body)(window);
    expect(window.TRANSLATIONS?.fr?.messages?.login.title).toBe('Connexion');
  });

  it("follow the logged-in user's language", async () => {
    const { cookie, csrfToken } = await logIn(t.app);
    await t.app.inject({
      method: 'POST',
      url: path('api.locale'),
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload: { locale: 'en' },
    });
    const response = await t.app.inject({ method: 'GET', url: '/translations/messages.json', headers: { cookie } });
    expect(response.json().locale).toBe('en');
    await t.app.inject({
      method: 'POST',
      url: path('api.locale'),
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload: { locale: 'fr' },
    });
  });

  it('answer 404 for an unknown domain or format', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/translations/nope.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/translations/messages.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/translations/.xml' })).statusCode).toBe(404);
  });

  it('give the messages domain when the domain is left out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/translations/.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ locale: 'fr', domain: 'messages' });
    expect(response.json().translations.login.title).toBe('Connexion');
    const script = await t.app.inject({ method: 'GET', url: '/translations/.js' });
    expect(script.body).toContain('["messages"]=');
  });
});

describe("a list's search criteria routes (filtre-de-recherche, reinitialisation-criteres)", () => {
  it('send the filter form to the list with its criteria, from the first page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/individus/filtre-de-recherche?q=Martin&commune=12&page=4',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/individus?q=Martin&commune=12');
    const empty = await t.app.inject({ method: 'GET', url: '/admin/individus/filtre-de-recherche' });
    expect(empty.headers.location).toBe('/admin/individus');
  });

  it('send the reset to the list without criteria', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/structures/reinitialisation-criteres' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/structures');
  });

  it('send the boards’ filter forms to their board, a project’s or the global one', async () => {
    const project = await t.app.inject({
      method: 'GET',
      url: '/admin/tickets/filtre-de-recherche/par-projet/7?statut=blocked&echeanceDu=2026-12-01',
    });
    expect(project.statusCode).toBe(303);
    expect(project.headers.location).toBe('/admin/tickets/kanban/7?statut=blocked&echeanceDu=2026-12-01');
    const global = await t.app.inject({ method: 'GET', url: '/admin/tickets/filtre-de-recherche/global?q=devis' });
    expect(global.headers.location).toBe('/admin/tickets/kanban-global?q=devis');
    const unnamed = await t.app.inject({ method: 'GET', url: '/admin/tickets/filtre-de-recherche/par-projet/abc' });
    expect(unnamed.statusCode).toBe(404);
  });

  it('exist only for declared resources', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/inconnu/filtre-de-recherche?q=a' });
    expect(response.statusCode).toBe(404);
  });
});
