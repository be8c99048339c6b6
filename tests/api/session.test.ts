import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/passwords';
import { path } from '../../src/shared/routes';
import { adminCredentials, authHeaders, createTestApp, logIn, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('gives the same French answer for a wrong password and an unknown email', async () => {
    for (const payload of [
      { email: adminCredentials.email, password: 'wrong password' },
      { email: 'nobody@exemple.fr', password: 'wrong password' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: path('api.login'), payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Identifiant ou mot de passe incorrect.');
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses an empty form with field errors in French', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      email: 'Ce champ est obligatoire.',
      password: 'Ce champ est obligatoire.',
    });
  });

  it('opens a server-side session in an HttpOnly, SameSite=Lax cookie, ending with the browser by default', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { ...adminCredentials, email: 'ADMIN@exemple.fr' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find(({ name }) => name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(response.json().user).toMatchObject({ email: adminCredentials.email, isAdmin: true });
    expect(response.json().user).not.toHaveProperty('passwordHash');
  });

  it('keeps the session 30 days with "Se souvenir de moi"', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { ...adminCredentials, remember: true },
    });
    expect(response.cookies.find(({ name }) => name === 'sid')?.maxAge).toBe(30 * 24 * 3600);
  });

  it('refuses a disabled or expired account, after the password is checked', async () => {
    const passwordHash = await hashPassword('Another-solid-password-1');
    await t.database.db.insert(users).values([
      { email: 'disabled@exemple.fr', passwordHash, enabled: false },
      { email: 'expired@exemple.fr', passwordHash, expiresAt: new Date(Date.now() - 1000) },
    ]);
    const disabled = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: 'disabled@exemple.fr', password: 'Another-solid-password-1' },
    });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe("Votre compte n'est pas activé.");
    const expired = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: 'expired@exemple.fr', password: 'Another-solid-password-1' },
    });
    expect(expired.json().message).toBe('Votre compte a expiré.');
    const wrong = await t.app.inject({
      method: 'POST',
      url: path('api.login'),
      payload: { email: 'expired@exemple.fr', password: 'nope' },
    });
    expect(wrong.json().message).toBe('Identifiant ou mot de passe incorrect.');
  });
});

describe('session', () => {
  it('answers 401 without a session, and the user with one', async () => {
    expect((await t.app.inject({ method: 'GET', url: path('api.session') })).statusCode).toBe(401);
    const { cookie } = await logIn(t.app);
    const response = await t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(adminCredentials.email);
  });

  it('refuses a state-changing request without the CSRF token, and changes nothing', async () => {
    const { cookie } = await logIn(t.app);
    const response = await t.app.inject({ method: 'POST', url: path('api.logout'), headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Jeton CSRF invalide');
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: path('api.logout'),
      headers: { cookie, 'x-csrf-token': 'forged' },
    });
    expect(wrongToken.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } })).statusCode).toBe(200);
  });

  it('is destroyed by logout: the old cookie no longer works', async () => {
    const { cookie, csrfToken } = await logIn(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: path('api.logout'),
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends when the user is disabled', async () => {
    const passwordHash = await hashPassword('Third-solid-password-2');
    await t.database.db.insert(users).values({ email: 'soon-disabled@exemple.fr', passwordHash });
    const { cookie } = await logIn(t.app, { email: 'soon-disabled@exemple.fr', password: 'Third-solid-password-2' });
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.email, 'soon-disabled@exemple.fr'));
    expect((await t.app.inject({ method: 'GET', url: path('api.session'), headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('stores the side-menu state from toggle-content', async () => {
    const headers = authHeaders(await logIn(t.app));
    expect(
      (await t.app.inject({ method: 'POST', url: path('api.toggle_content'), headers, payload: { open: false } }))
        .statusCode,
    ).toBe(204);
    let session = await t.app.inject({ method: 'GET', url: path('api.session'), headers });
    expect(session.json().user.preferences).toEqual({ sidebarEnlarged: true });
    await t.app.inject({ method: 'POST', url: path('api.toggle_content'), headers, payload: { open: true } });
    session = await t.app.inject({ method: 'GET', url: path('api.session'), headers });
    expect(session.json().user.preferences).toEqual({ sidebarEnlarged: false });
  });

  it('refuses a toggle-content without a boolean', async () => {
    const admin = await logIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.toggle_content'),
      headers: authHeaders(admin),
      payload: { open: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.open).toBeTruthy();
  });

  it('saves the profile with a sanitised signature, and refuses an invalid one without changing anything', async () => {
    const headers = authHeaders(await logIn(t.app));
    const saved = await t.app.inject({
      method: 'PUT',
      url: path('api.profile'),
      headers,
      payload: {
        firstName: 'Anne',
        lastName: 'Dupont',
        emailSignature: '<p onclick="x()">Anne <strong>Dupont</strong></p><script>alert(1)</script>',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().emailSignature).toBe('<p>Anne <strong>Dupont</strong></p>');

    const refused = await t.app.inject({
      method: 'PUT',
      url: path('api.profile'),
      headers,
      payload: { firstName: '', lastName: 'X', emailSignature: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ firstName: 'Ce champ est obligatoire.' });
    const session = await t.app.inject({ method: 'GET', url: path('api.session'), headers });
    expect(session.json().user).toMatchObject({ firstName: 'Anne', lastName: 'Dupont' });
  });
});
