import { describe, expect, it } from 'vitest';
import { path } from '../../src/shared/routes';
import { encodePng } from '../../src/server/seed/demo-theme';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();
const url = path('api.configuration.theme');
const imageUrl = (image: string) => path('api.configuration.theme_image', { image });

const getTheme = async () =>
  (await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) })).json<Record<string, unknown>>();
const putTheme = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: authHeaders(t.admin), payload });
const sendImage = (image: string, body: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: imageUrl(image),
    headers: { ...authHeaders(t.admin), 'content-type': 'application/octet-stream' },
    payload: body,
  });
const square = (size: number) => encodePng(size, size, () => [200, 30, 30, 255]);
/** The stylesheet link of the login page's head, and its version. */
const servedVersion = async () => {
  const page = await t.app.inject({ method: 'GET', url: path('admin.login') });
  return /<link rel="stylesheet" href="\/theme\.css\?v=([0-9a-f]+)"/.exec(page.body)?.[1];
};

describe('the theme', () => {
  it('reads as its defaults before any change', async () => {
    const theme = await getTheme();
    expect(theme).toMatchObject({
      primaryButtonBackground: '#1971c2',
      primaryButtonText: '#ffffff',
      primaryButtonHoverBackground: '#1864ab',
      dangerButtonBackground: '#c92a2a',
      headerBackground: '#ffffff',
      loginBackgroundColor: '#ffffff',
      loginBackgroundOpacity: 1,
      pageBackground: '#ffffff',
      link: '#1864ab',
      logo: null,
      favicon: null,
      touchIcon: null,
      backgroundImage: null,
      mobileBackgroundImage: null,
      metaTitle: "Rénov'Conseil",
    });
    expect(Object.keys(theme)).toHaveLength(81);
  });

  it('changes only the keys a PUT sends, and keeps the others', async () => {
    const response = await putTheme({ primaryButtonBackground: '#2F9E44', headerBackground: '#112233' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ primaryButtonBackground: '#2f9e44', headerBackground: '#112233' });
    const theme = await getTheme();
    expect(theme).toMatchObject({
      primaryButtonBackground: '#2f9e44',
      headerBackground: '#112233',
      primaryButtonText: '#ffffff',
      loginBackgroundColor: '#ffffff',
    });
  });

  it('keeps every change of administrators saving at the same moment, each their own keys', async () => {
    const changes = {
      sideMenuBackground: '#101010',
      sideMenuText: '#f0f0f0',
      sideMenuBorder: '#202020',
      linkHover: '#303030',
      infoAlertBackground: '#404040',
      successAlertBackground: '#505050',
      warningAlertBackground: '#606060',
      dangerAlertBackground: '#707070',
    };
    const responses = await Promise.all(Object.entries(changes).map(([key, colour]) => putTheme({ [key]: colour })));
    expect(responses.map((response) => response.statusCode)).toEqual(Object.keys(changes).map(() => 200));
    expect(await getTheme()).toMatchObject(changes);
  });

  it('refuses a colour not written #rrggbb, in French, and changes nothing', async () => {
    const before = await getTheme();
    const response = await putTheme({ pageBackground: '#123456', headerText: 'rouge' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      headerText: 'La couleur doit être au format #rrggbb (par exemple #1971c2).',
    });
    expect(await getTheme()).toEqual(before);
    const short = await putTheme({ link: '#abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ link: 'La couleur doit être au format #rrggbb (par exemple #1971c2).' });
  });

  it('refuses an unknown key, an opacity above 1 and an image path it did not write', async () => {
    const before = await getTheme();
    expect((await putTheme({ couleurInconnue: '#000000' })).statusCode).toBe(400);
    const opacity = await putTheme({ loginBackgroundOpacity: 1.5 });
    expect(opacity.json().fieldErrors).toEqual({
      loginBackgroundOpacity: "L'opacité doit être un nombre compris entre 0 et 1.",
    });
    const elsewhere = await putTheme({ logo: 'projet/1/document-confidentiel.pdf' });
    expect(elsewhere.statusCode).toBe(400);
    const forged = await putTheme({ logo: 'theme/00000000-0000-4000-8000-000000000000.png' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors.logo).toMatch(/^Une image se change en l'envoyant/);
    expect(await getTheme()).toEqual(before);
  });

  it('is for administrators only', async () => {
    const adviser = await logInWithProfile(t, {
      email: 'conseillere.theme@exemple.fr',
      permissions: ['projet.consult', 'projet.modify'],
    });
    const headers = authHeaders(adviser);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    const put = await t.app.inject({ method: 'PUT', url, headers, payload: { pageBackground: '#000000' } });
    expect(put.statusCode).toBe(403);
    const upload = await t.app.inject({
      method: 'POST',
      url: imageUrl('logo'),
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: square(64),
    });
    expect(upload.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const response = await sendImage('logo', Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Ce fichier n'est pas une image : envoyez une image PNG, JPEG, WebP ou ICO.");
    // A PNG's signature on what is no PNG.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('pas une image'),
    ]);
    expect((await sendImage('logo', fake)).statusCode).toBe(400);
    expect((await getTheme()).logo).toBeNull();
  });

  it('refuses an SVG image', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const response = await sendImage('logo', svg);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Les images SVG ne sont pas acceptées (elles peuvent contenir du code) : envoyez une image PNG, JPEG ou WebP.',
    );
    expect((await sendImage('favicon', Buffer.from('<svg viewBox="0 0 1 1"></svg>'))).statusCode).toBe(400);
  });

  it('checks an image’s dimensions and format for its use', async () => {
    const notSquare = await sendImage(
      'favicon',
      encodePng(64, 32, () => [0, 0, 0, 255]),
    );
    expect(notSquare.statusCode).toBe(400);
    expect(notSquare.json().message).toBe("L'image doit être carrée, de 16 à 512 pixels de côté.");
    const tooLarge = await sendImage(
      'logo',
      encodePng(2400, 10, () => [0, 0, 0, 255]),
    );
    expect(tooLarge.json().message).toBe("L'image est trop grande : 2000 pixels de côté au plus.");
    const ico = Buffer.alloc(40);
    ico.set([0, 0, 1, 0, 1, 0, 32, 32], 0);
    const icoLogo = await sendImage('logo', ico);
    expect(icoLogo.json().message).toBe("Ce format d'image n'est pas accepté ici : PNG, JPG, WEBP seulement.");
  });

  it('keeps an image sent, serves it to anyone (the login page), and removes it on null', async () => {
    const png = square(48);
    const response = await sendImage('favicon', png);
    expect(response.statusCode).toBe(200);
    const stored = response.json<{ favicon: string }>().favicon;
    expect(stored).toMatch(/^theme\/[0-9a-f-]{36}\.png$/);

    const page = await t.app.inject({ method: 'GET', url: path('admin.login') });
    const favicon = /<link rel="icon" href="([^"]+)"/.exec(page.body)?.[1];
    expect(favicon).toMatch(/^\/theme\/images\/favicon\?v=[0-9a-f]{12}$/);
    const served = await t.app.inject({ method: 'GET', url: favicon! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);

    expect((await putTheme({ favicon: null })).json().favicon).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: path('theme.image', { image: 'favicon' }) })).statusCode).toBe(
      404,
    );
  });

  it('is served with every page: its stylesheet under a version that changes with it', async () => {
    const version = await servedVersion();
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const stylesheet = await t.app.inject({ method: 'GET', url: `${path('theme.stylesheet')}?v=${version}` });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(stylesheet.body).toContain('--theme-primary-button-background: #2f9e44;');

    expect((await putTheme({ primaryButtonBackground: '#5f3dc4', metaTitle: 'Agence <Climat>' })).statusCode).toBe(200);
    const changed = await servedVersion();
    expect(changed).toMatch(/^[0-9a-f]{12}$/);
    expect(changed).not.toBe(version);
    const page = await t.app.inject({ method: 'GET', url: path('admin.login') });
    expect(page.body).toContain('<title>Agence &#60;Climat&#62;</title>');
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    const restyled = await t.app.inject({ method: 'GET', url: `${path('theme.stylesheet')}?v=${changed}` });
    expect(restyled.body).toContain('--theme-primary-button-background: #5f3dc4;');
    // An old version's address is no longer cached for good.
    const stale = await t.app.inject({ method: 'GET', url: `${path('theme.stylesheet')}?v=${version}` });
    expect(stale.headers['cache-control']).toBe('no-cache');
  });
});
