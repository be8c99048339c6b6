import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** An inline analytics snippet: it marks the page, so the test sees it ran under the page's policy. */
const analyticsCode = "<script>document.documentElement.dataset.analytics = 'ok';</script>";
const errorTemplate = 'Contactez la Maison de l’habitat au 01 23 45 67 89.';

describe('site settings', () => {
  it('run the analytics code in the public pages only, under their policy, and give the error pages their text', async () => {
    const page = await started.openAsAdmin(path('admin.configuration'));
    const site = page.getByRole('form', { name: 'Site' });
    await site.getByLabel("Code de suivi d'audience").fill(analyticsCode);
    await site.getByLabel("Texte des pages d'erreur").fill(errorTemplate);
    expect(await site.getByLabel('Fichier robots.txt').inputValue()).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /api\n',
    );
    await site.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'La configuration a bien été enregistrée.' }).waitFor();
    // No configuration value in an empty database: the section says so.
    await page.getByText('Aucune valeur de configuration ne vous est accessible.').waitFor();
    await expectAccessible(page);

    const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const visitor = await context.newPage();
    const violations: string[] = [];
    visitor.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await visitor.goto(path('admin.login'));
    await expect.poll(() => visitor.evaluate(() => document.documentElement.dataset.analytics)).toBe('ok');
    expect(violations).toEqual([]);

    await visitor.goto('/admin/page-qui-n-existe-pas');
    await visitor.getByRole('heading', { name: 'Page non trouvée', level: 1 }).waitFor();
    await visitor.getByText(errorTemplate).waitFor();
    await context.close();

    // The back office: no analytics.
    await page.goto(path('admin.dashboard'));
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.analytics)).toBeUndefined();
  });
});
