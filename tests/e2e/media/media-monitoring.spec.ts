import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { listRow, toast, useBrowserAndServer } from '../../support/browser';

/** The press article the item is added from: a page on this machine, its Open Graph data in its head. */
const article = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta property="og:title" content="Les Charmilles lancent l’isolation de leurs façades">
<meta property="og:description" content="Les copropriétaires ont voté les travaux.">
<meta property="article:published_time" content="2026-03-14T08:30:00+01:00">
</head><body></body></html>`;
let articleServer: Server;
let articleHost = '';

// Before the app's server starts: it is told this page's address is one it may ask (a test's allowance).
beforeAll(async () => {
  articleServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
  });
  await new Promise<void>((resolve) => articleServer.listen(0, '127.0.0.1', resolve));
  articleHost = `127.0.0.1:${(articleServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => articleServer.close(resolve)));

const started = useBrowserAndServer({ env: () => ({ EXTERNAL_ALLOWED_PRIVATE_HOSTS: articleHost }) });

describe('media monitoring', () => {
  it('adds an item from its link on the list screen, and shows it on its project’s page', async () => {
    const page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [{ name: 'Résidence Les Charmilles' }]);
    await createRecords(page, 'structures', [{ name: 'Le Progrès de l’Ain', contactType: 'media' }]);

    await page.goto(path('admin.resource.list', { resource: 'veille-media' }));
    await page.getByRole('heading', { name: 'Veille média', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Ajouter un article de veille' }).click();
    await page.getByRole('textbox', { name: 'Lien' }).fill(`http://${articleHost}/article`);
    await page.getByRole('button', { name: 'Remplir depuis le lien' }).click();
    await toast(page, 'Titre, description, date et image repris de la page').waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Titre' }).inputValue())
      .toBe('Les Charmilles lancent l’isolation de leurs façades');
    expect(await page.getByRole('textbox', { name: 'Date de publication' }).inputValue()).toBe('14/03/2026');
    await page.getByRole('combobox', { name: 'Média' }).pressSequentially('Progr', { delay: 50 });
    await page.getByRole('option', { name: 'Le Progrès de l’Ain' }).click();
    await page.getByRole('tab', { name: 'Liens' }).click();
    await page.getByRole('combobox', { name: 'Projet lié' }).pressSequentially('Charm', { delay: 50 });
    await page.getByRole('option', { name: 'Résidence Les Charmilles' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été enregistrées.').waitFor();

    await page.goto(path('admin.resource.list', { resource: 'veille-media' }));
    await listRow(page, 'Les Charmilles lancent l’isolation de leurs façades').waitFor();

    await page.goto(`${path('admin.projects.page', { id: project!.id })}#veille-media`);
    await page
      .getByRole('tabpanel', { name: 'Veille média' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Les Charmilles lancent l’isolation de leurs façades' }) })
      .waitFor();
  });
});
