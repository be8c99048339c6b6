import { describe, expect, it } from 'vitest';
import { matchPageRoute } from './page-routes';
import { RouteError, path, routePattern, url } from './routes';

describe('route table', () => {
  it('builds paths from names, filling parameters and putting extra ones in the query string', () => {
    expect(path('admin.login')).toBe('/admin/connexion');
    expect(path('translations', { domain: 'messages', _format: 'json' })).toBe('/translations/messages.json');
    expect(path('admin.login', { redirect: '/admin?x=1' })).toBe('/admin/connexion?redirect=%2Fadmin%3Fx%3D1');
  });

  it('encodes parameter values', () => {
    expect(path('translations', { domain: 'a/b', _format: 'js' })).toBe('/translations/a%2Fb.js');
  });

  it('fails on an unknown route name', () => {
    expect(() => path('admin.nope' as 'admin.login')).toThrowError(RouteError);
    expect(() => path('admin.nope' as 'admin.login')).toThrowError('Unknown route name "admin.nope".');
  });

  it('fails when a required parameter is missing or empty', () => {
    const call = () => path('translations', { domain: 'messages' } as never);
    expect(call).toThrowError('Route "translations" needs the parameter "_format".');
    try {
      call();
    } catch (error) {
      expect((error as RouteError).code).toBe('missing_parameter');
    }
    expect(() => path('translations', { domain: '', _format: 'js' })).toThrowError(RouteError);
  });

  it('builds absolute URLs on http://localhost by default, with locale fr', () => {
    expect(url('admin.dashboard')).toBe('http://localhost/admin');
    expect(url('admin.login', {}, { scheme: 'https', host: 'renov.exemple.fr' })).toBe(
      'https://renov.exemple.fr/admin/connexion',
    );
  });

  it('gives Fastify and React Router patterns', () => {
    expect(routePattern('translations')).toBe('/translations/:domain.:_format');
  });

  it('knows which browser paths are pages of the app', () => {
    expect(matchPageRoute('/admin')).toBe('admin.dashboard');
    expect(matchPageRoute('/admin/')).toBe('admin.dashboard');
    expect(matchPageRoute('/admin/connexion')).toBe('admin.login');
    expect(matchPageRoute('/admin/inconnu')).toBeNull();
    expect(matchPageRoute('/admin/liens-utiles')).toBe('admin.resource.list');
    expect(matchPageRoute('/admin/liens-utiles/editer/12')).toBe('admin.resource.edit');
    expect(matchPageRoute('/admin/inconnu/editer/12')).toBeNull();
    expect(matchPageRoute('/admin/types-tache/organiser')).toBe('admin.resource.sort');
    // Only sortable resources have an arrangement screen.
    expect(matchPageRoute('/admin/liens-utiles/organiser')).toBeNull();
    expect(matchPageRoute('/api/health')).toBeNull();
  });
});
