import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePage, ResourceRecordView } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * Media monitoring (veille-media): items created, filtered, listed on their structure's and project's
 * routes, the Open Graph fill from a page served here, an address of the server's own network
 * refused, and a confidential project left out of an item for whoever may not see it.
 */
const t = useAdminApp();
const api = () => resourceRequests(t.app, t.admin);
const get = (url: string, who: LoggedIn = t.admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(who) });
const post = (url: string, payload: Record<string, unknown>, who: LoggedIn = t.admin) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(who), payload });
const list = (query: string, who: LoggedIn = t.admin) =>
  get(`${path('api.resource.collection', { resource: 'veille-media' })}?${query}`, who);
const titles = (page: ResourcePage) => page.items.map((item) => item.title);

const ids = {} as Record<
  | 'progres'
  | 'voix'
  | 'mairie'
  | 'copros'
  | 'conseil'
  | 'isolation'
  | 'murs'
  | 'ventilation'
  | 'charmilles'
  | 'secret'
  | 'facades'
  | 'chantier'
  | 'radio',
  number
>;
let outsider: LoggedIn;

/** A one-pixel PNG: what the page's og:image gives. */
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const articlePage = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<title>Titre du document</title>
<meta property="og:title" content="Les Charmilles lancent l&#8217;isolation de leurs fa&ccedil;ades">
<meta content="Les copropriétaires ont voté les travaux en assemblée générale." property="og:description">
<meta property="article:published_time" content="2026-03-14T08:30:00+01:00">
<meta property="og:image" content="/images/charmilles.png">
</head><body><p>Article</p></body></html>`;
let page: Server;
let pageHost: string;

beforeAll(async () => {
  page = createServer((request, response) => {
    if (request.url === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage);
    } else if (request.url === '/images/charmilles.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(pixel);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('absent');
    }
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageHost = `127.0.0.1:${(page.address() as AddressInfo).port}`;
  // The local page is on the server's own machine: allowed for this test alone.
  process.env.EXTERNAL_ALLOWED_PRIVATE_HOSTS = pageHost;

  const created = async (slug: string, values: Record<string, unknown>) => (await api().created(slug, values)).id;
  ids.progres = await created('structures', { name: 'Le Progrès de l’Ain', contactType: 'media' });
  ids.voix = await created('structures', { name: 'La Voix de l’Ain', contactType: 'media' });
  ids.radio = await created('structures', { name: 'Radio Scoop', contactType: 'media' });
  ids.mairie = await created('structures', { name: 'Mairie de Péronnas', contactType: 'public' });
  ids.copros = await created('missions', { name: 'Copropriétés', allProjects: false });
  ids.conseil = await created('missions', { name: 'Conseil aux particuliers', allProjects: false });
  ids.isolation = await created('thematiques-projet', { name: 'Isolation', attachedToWatch: true });
  ids.murs = await created('thematiques-projet', { name: 'Isolation des murs', parent: ids.isolation });
  ids.ventilation = await created('thematiques-projet', { name: 'Ventilation' });
  const missions = [{ mission: ids.copros, projectType: null, officer: null }];
  ids.charmilles = await created('projet', { name: 'Résidence Les Charmilles', status: 'public', missions });
  ids.secret = await created('projet', { name: 'Le Clos Saint-Roch', status: 'confidential', missions });
  ids.facades = await created('veille-media', {
    title: 'Les Charmilles isolent leurs façades',
    link: 'https://www.exemple-voixdelain.fr/2026/02/charmilles',
    publicationDate: '2026-02-03',
    description: '<p>Les travaux commencent.</p>',
    media: ids.voix,
    missions: [ids.copros],
    themes: [ids.murs],
    projectOwner: ids.mairie,
    relatedProject: ids.charmilles,
    showOnWebMap: true,
    concernsAgglomerationMissions: true,
    internalComments: 'Transmis au syndic.',
  });
  ids.chantier = await created('veille-media', {
    title: 'Un chantier hors norme au Clos Saint-Roch',
    publicationDate: '2026-04-11',
    media: ids.progres,
    missions: [ids.copros],
    themes: [ids.isolation],
    coOwners: [ids.mairie],
    relatedProject: ids.secret,
  });
  await created('veille-media', {
    title: 'MaPrimeRénov’ en 2026',
    publicationDate: '2026-01-07',
    media: ids.progres,
    missions: [ids.conseil],
  });
  // Internal, in no mission: sees the public project, never the confidential one (spec 6).
  outsider = await logInWithProfile(t, {
    email: 'hors-mission@exemple.fr',
    permissions: ['veille-media.consult', 'veille-media.modify', 'projet.consult', 'structures.consult'],
  });
});

afterAll(async () => {
  delete process.env.EXTERNAL_ALLOWED_PRIVATE_HOSTS;
  await new Promise((resolve) => (page ? page.close(resolve) : resolve(undefined)));
});

describe('media monitoring items', () => {
  it('keeps every field of an item, its references named', async () => {
    const item: ResourceRecordView = (
      await get(path('api.resource.item', { resource: 'veille-media', id: ids.facades }))
    ).json();
    expect(item).toMatchObject({
      title: 'Les Charmilles isolent leurs façades',
      link: 'https://www.exemple-voixdelain.fr/2026/02/charmilles',
      publicationDate: '2026-02-03',
      description: '<p>Les travaux commencent.</p>',
      media: ids.voix,
      missions: [ids.copros],
      themes: [ids.murs],
      projectOwner: ids.mairie,
      relatedProject: ids.charmilles,
      showOnWebMap: true,
      concernsAgglomerationMissions: true,
      internalComments: 'Transmis au syndic.',
    });
    expect(item.titles.media).toEqual({ [ids.voix]: 'La Voix de l’Ain' });
    expect(item.titles.relatedProject).toEqual({ [ids.charmilles]: 'Résidence Les Charmilles' });
  });

  it('refuses a media that is no media, a theme not attached to the watch and a link that is no URL', async () => {
    const refused = await api().post('veille-media', {
      title: 'Article',
      link: 'pas une adresse',
      media: ids.mairie,
      themes: [ids.ventilation],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ link: "L'url n'est pas valide" });
    const rules = await api().post('veille-media', { title: 'Article', media: ids.mairie, themes: [ids.ventilation] });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().fieldErrors).toEqual({
      media: 'Choisissez une structure dont le type de contact est média.',
      themes: 'Choisissez une thématique rattachée à la veille média.',
    });
    const tooLong = await api().post('veille-media', {
      title: 'Article',
      link: `https://exemple.fr/${'a'.repeat(2040)}`,
    });
    expect(tooLong.json().fieldErrors).toEqual({ link: 'Ce champ est trop long.' });
  });

  it('filters the list by dates, media, mission, theme, project and free text, newest first', async () => {
    expect(titles((await list('')).json())).toEqual([
      'Un chantier hors norme au Clos Saint-Roch',
      'Les Charmilles isolent leurs façades',
      'MaPrimeRénov’ en 2026',
    ]);
    expect(titles((await list(`missions=${ids.copros}&themes=${ids.murs}`)).json())).toEqual([
      'Les Charmilles isolent leurs façades',
    ]);
    expect(titles((await list(`media=${ids.progres}&publicationDateDu=2026-03-01`)).json())).toEqual([
      'Un chantier hors norme au Clos Saint-Roch',
    ]);
    expect(titles((await list(`relatedProject=${ids.charmilles}`)).json())).toEqual([
      'Les Charmilles isolent leurs façades',
    ]);
    expect(titles((await list('q=maprimerenov')).json())).toEqual(['MaPrimeRénov’ en 2026']);
  });

  it('lists the items of a structure (media, owner or co-owner) and of a project', async () => {
    const ofStructure = (id: number) => get(path('api.media_watch.of_structure', { id }));
    expect(titles((await ofStructure(ids.progres)).json())).toEqual([
      'Un chantier hors norme au Clos Saint-Roch',
      'MaPrimeRénov’ en 2026',
    ]);
    expect(titles((await ofStructure(ids.mairie)).json())).toEqual([
      'Un chantier hors norme au Clos Saint-Roch',
      'Les Charmilles isolent leurs façades',
    ]);
    expect(titles((await get(path('api.media_watch.of_project', { id: ids.charmilles }))).json())).toEqual([
      'Les Charmilles isolent leurs façades',
    ]);
    expect((await ofStructure(999_999)).statusCode).toBe(404);
  });

  it('gives the latest items in the mini-listing', async () => {
    const latest = (await get(`${path('api.media_watch.mini_listing')}?limite=2`)).json();
    expect(latest).toEqual([
      {
        id: ids.chantier,
        title: 'Un chantier hors norme au Clos Saint-Roch',
        link: null,
        publicationDate: '2026-04-11',
        media: 'Le Progrès de l’Ain',
        image: null,
      },
      {
        id: ids.facades,
        title: 'Les Charmilles isolent leurs façades',
        link: 'https://www.exemple-voixdelain.fr/2026/02/charmilles',
        publicationDate: '2026-02-03',
        media: 'La Voix de l’Ain',
        image: null,
      },
    ]);
  });

  it('reads and saves its internal comments', async () => {
    const comments = await get(path('api.media_watch.comments', { id: ids.facades }));
    expect(comments.json()).toEqual({ id: ids.facades, internalComments: 'Transmis au syndic.' });
    const saved = await post(path('api.media_watch.edit_comment'), {
      id: ids.facades,
      internalComments: 'Relancer le syndic.',
    });
    expect(saved.json()).toEqual({
      id: ids.facades,
      internalComments: 'Relancer le syndic.',
      message: 'Les commentaires ont bien été enregistrés.',
    });
    expect((await get(path('api.media_watch.comments', { id: ids.facades }))).json().internalComments).toBe(
      'Relancer le syndic.',
    );
  });

  it('suggests the media structures and the themes attached to the watch only', async () => {
    const media = (await get(`${path('api.media_watch.media')}?term=ain`)).json();
    expect(media).toEqual([
      { value: ids.voix, label: 'La Voix de l’Ain' },
      { value: ids.progres, label: 'Le Progrès de l’Ain' },
    ]);
    const themes = (await get(`${path('api.media_watch.themes')}?term=i`)).json();
    expect(themes).toEqual([
      { value: ids.isolation, label: 'Isolation' },
      { value: ids.murs, label: 'Isolation des murs' },
    ]);
  });
});

describe('adding an item from a link', () => {
  const preview = (url: string) => post(path('api.media_watch.link_preview'), { url });

  it("fills its title, description, date and image from the page's Open Graph data", async () => {
    const response = await preview(`http://${pageHost}/article`);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json();
    expect(found).toMatchObject({
      url: `http://${pageHost}/article`,
      title: 'Les Charmilles lancent l’isolation de leurs façades',
      description: 'Les copropriétaires ont voté les travaux en assemblée générale.',
      publicationDate: '2026-03-14',
    });
    expect(found.image).toMatch(/^veille-media\/[0-9a-f-]{36}\/charmilles\.png$/);
    const item = await api().created('veille-media', {
      title: found.title,
      link: found.url,
      publicationDate: found.publicationDate,
      image: found.image,
      media: ids.radio,
    });
    const image = await get(path('media.file', { chemin: String(found.image).replace('veille-media/', '') }));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(pixel);
    const latest = (await get(path('api.media_watch.mini_listing'))).json();
    expect(latest.find((entry: { id: number }) => entry.id === item.id).image).toBe(
      path('media.file', { chemin: String(found.image).replace('veille-media/', '') }),
    );
  });

  it('serves no path outside the media store', async () => {
    for (const chemin of ['../fichier-type/x/y.png', '%2e%2e/%2e%2e/etc/passwd', 'abc/def.png', 'x.svg']) {
      expect((await get(`/media/${chemin}`)).statusCode, chemin).toBe(404);
    }
  });

  it("refuses an address on the server's own network, in French, before any call", async () => {
    const port = pageHost.split(':')[1];
    for (const url of [
      'http://10.1.2.3/article',
      'http://192.168.1.1/',
      `http://localhost:${port}/article`,
      `http://[::1]:${port}/article`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const refused = await preview(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toBe(
        "Cette adresse mène au réseau interne du serveur : elle n'est pas appelée. Saisissez l'adresse publique de l'article.",
      );
    }
  });

  it('says why when the page cannot be read, so the user types the fields', async () => {
    const missing = await preview(`http://${pageHost}/absent`);
    expect(missing.statusCode).toBe(502);
    expect(missing.json().message).toBe(
      "Erreur lors de l'appel au service de référentiel externe : il a répondu par une erreur (HTTP 404). Réessayez plus tard.",
    );
    expect((await preview('ftp://exemple.fr/article')).statusCode).toBe(400);
  });
});

describe('confidentiality', () => {
  it('shows an item linked to a confidential project without the project to a user outside its mission', async () => {
    const item = (
      await get(path('api.resource.item', { resource: 'veille-media', id: ids.chantier }), outsider)
    ).json();
    expect(item.title).toBe('Un chantier hors norme au Clos Saint-Roch');
    expect(item.relatedProject).toBeNull();
    expect(item.titles.relatedProject).toEqual({});
    const listed: ResourcePage = (await list('', outsider)).json();
    expect(listed.items.find((entry) => entry.id === ids.chantier)?.relatedProject).toBeNull();
    expect(listed.items.find((entry) => entry.id === ids.facades)?.relatedProject).toBe(ids.charmilles);
    expect(JSON.stringify(listed)).not.toContain('Clos Saint-Roch</');
    expect(JSON.stringify(listed.titles)).not.toContain('Le Clos Saint-Roch');
    expect((await get(path('api.media_watch.of_project', { id: ids.secret }), outsider)).statusCode).toBe(404);
    expect((await get(path('api.media_watch.of_project', { id: ids.charmilles }), outsider)).statusCode).toBe(200);
    // The administrator sees the project.
    const seen = (await get(path('api.resource.item', { resource: 'veille-media', id: ids.chantier }))).json();
    expect(seen.relatedProject).toBe(ids.secret);
  });

  it('keeps the hidden project linked when that user saves the item', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'veille-media', id: ids.chantier }),
      headers: authHeaders(outsider),
      payload: { title: 'Un chantier hors norme', relatedProject: null, media: ids.progres },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The reply, as a read, does not name the project either.
    expect(saved.json()).toMatchObject({ title: 'Un chantier hors norme', relatedProject: null });
    const seen = (await get(path('api.resource.item', { resource: 'veille-media', id: ids.chantier }))).json();
    expect(seen).toMatchObject({ title: 'Un chantier hors norme', relatedProject: ids.secret });
  });

  it("leaves the hidden project out of the item's history for that user", async () => {
    // The administrator links the item to the public project, then back to the confidential one.
    for (const relatedProject of [ids.charmilles, ids.secret]) {
      const changed = await t.app.inject({
        method: 'PUT',
        url: path('api.resource.item', { resource: 'veille-media', id: ids.chantier }),
        headers: authHeaders(t.admin),
        payload: { title: 'Un chantier hors norme', relatedProject, media: ids.progres },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    type History = { entries: { changes: { field: string; before: unknown; after: unknown }[] }[] };
    const projectChanges = async (who?: LoggedIn) => {
      const history = await get(path('api.resource.history', { resource: 'veille-media', id: ids.chantier }), who);
      expect(history.statusCode, history.body).toBe(200);
      return history
        .json<History>()
        .entries.flatMap(({ changes }) => changes.filter(({ field }) => field === 'relatedProject'))
        .slice(0, 2)
        .map(({ before, after }) => [before, after]);
    };
    expect(await projectChanges()).toEqual([
      [ids.charmilles, ids.secret],
      [ids.secret, ids.charmilles],
    ]);
    expect(await projectChanges(outsider)).toEqual([
      [ids.charmilles, null],
      [null, ids.charmilles],
    ]);
  });
});
