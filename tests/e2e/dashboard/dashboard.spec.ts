import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { path } from '../../../src/shared/routes';
import { createRecords, recordsNamed } from '../../support/api-as-page';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

/**
 * The dashboard in the browser: its widgets filled from their own routes, one failing without the
 * others, and the user's arrangement (moved, hidden) kept across a reload.
 */
const started = useBrowserAndServer();

const widget = (page: Page, title: string) => page.getByRole('region', { name: title });
const widgetTitles = (page: Page) => page.getByRole('heading', { level: 2 }).allTextContents();
const layoutSaved = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith(path('api.dashboard.layout')) && response.request().method() === 'PUT',
  );

beforeAll(async () => {
  const page = await started.openAsAdmin(path('admin.login'));
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  // Built in, both displayed on the dashboard.
  const [state] = await recordsNamed(page, 'etats-projet', ['À traiter', 'En travaux']);
  const [project] = await createRecords(page, 'projet', [
    { name: 'Maison Durand', state: state!.id, showOnDashboard: true, referents: [session.user.id] },
  ]);
  const [ticket] = await createRecords(page, 'tickets', [{ name: 'Relance devis', project: project!.id }]);
  await createRecords(page, 'tickets-commentaires', [{ ticket: ticket!.id, comment: 'Devis reçu le matin' }]);
  await createRecords(page, 'liens-utiles', [{ name: 'ADEME', url: 'https://www.ademe.fr' }]);
  await page.context().close();
});

describe('dashboard', () => {
  it('shows each widget with its data', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    const interactions = widget(page, 'Dernières interactions');
    await interactions.getByText('Devis reçu le matin').waitFor();
    expect(await interactions.getByRole('link', { name: 'Maison Durand' }).count()).toBe(1);
    await widget(page, 'Liens utiles').getByRole('link', { name: 'ADEME' }).waitFor();
    await widget(page, 'Veille média').getByText('Aucun article de veille pour le moment.').waitFor();
    await widget(page, 'Mes onglets').getByText("Vous n'avez pas encore d'onglet personnel.").waitFor();
    const projects = widget(page, 'Projets');
    // The tab's count counts up to its figure; its name says the figure itself.
    const toProcess = projects.getByRole('tab', { name: /^À traiter\s*1$/ });
    await projects.getByRole('tab', { name: /^En travaux\s*0$/ }).waitFor();
    await expect.poll(() => toProcess.locator('[aria-hidden="true"]').textContent()).toBe('1');
    await projects.getByRole('tabpanel').getByRole('link', { name: 'Maison Durand' }).waitFor();
    await expectAccessible(page);
  });

  it("shows one widget's failure in that widget only, and loads it again on demand", async () => {
    const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const page = await context.newPage();
    await context.request.post(path('api.login'), {
      data: { email: 'admin@exemple.fr', password: 'Un-mot-de-passe-solide-2026' },
    });
    await page.route(`**${path('api.dashboard.useful_links')}`, (route) => route.abort('connectionrefused'));
    await page.goto(path('admin.dashboard'));
    const links = widget(page, 'Liens utiles');
    await links.getByText("Ce bloc n'a pas pu être chargé.").waitFor();
    // The others are drawn, and none of them says so.
    await widget(page, 'Dernières interactions').getByText('Devis reçu le matin').waitFor();
    await widget(page, 'Projets')
      .getByRole('tab', { name: /^À traiter/ })
      .waitFor();
    expect(await page.getByText("Ce bloc n'a pas pu être chargé.").count()).toBe(1);
    await expectAccessible(page);

    await page.unroute(`**${path('api.dashboard.useful_links')}`);
    await links.getByRole('button', { name: 'Réessayer' }).click();
    await links.getByRole('link', { name: 'ADEME' }).waitFor();
    await context.close();
  });

  it('keeps the widgets moved and hidden across a reload, with buttons a keyboard reaches', async () => {
    const page = await started.openAsAdmin(path('admin.dashboard'));
    await widget(page, 'Liens utiles').getByRole('link', { name: 'ADEME' }).waitFor();
    expect(await widgetTitles(page)).toEqual([
      'Dernières interactions',
      'Liens utiles',
      'Veille média',
      'Projets',
      'Mes onglets',
    ]);
    expect(await page.getByRole('button', { name: 'Monter « Dernières interactions »' }).isDisabled()).toBe(true);

    let saved = layoutSaved(page);
    await page.getByRole('button', { name: 'Descendre « Dernières interactions »' }).click();
    await saved;
    saved = layoutSaved(page);
    // From the keyboard: the button focused, Enter.
    await page.getByRole('button', { name: 'Masquer « Veille média »' }).focus();
    await page.keyboard.press('Enter');
    await saved;
    const arranged = ['Liens utiles', 'Dernières interactions', 'Projets', 'Mes onglets', 'Blocs masqués'];
    expect(await widgetTitles(page)).toEqual(arranged);

    await page.reload();
    await widget(page, 'Liens utiles').getByRole('link', { name: 'ADEME' }).waitFor();
    expect(await widgetTitles(page)).toEqual(arranged);
    expect(await widget(page, 'Veille média').count()).toBe(0);
    await expectAccessible(page);

    saved = layoutSaved(page);
    await page.getByRole('button', { name: 'Afficher « Veille média »' }).click();
    await saved;
    await page.reload();
    await widget(page, 'Veille média').getByText('Aucun article de veille pour le moment.').waitFor();
    expect(await widgetTitles(page)).toEqual([
      'Liens utiles',
      'Dernières interactions',
      'Veille média',
      'Projets',
      'Mes onglets',
    ]);
  });
});
