import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';

// With the demo data: its configuration values hold every field type.
const started = useBrowserAndServer({ env: () => ({ DEMO_DATA: 'true' }) });

/** An inline analytics snippet: it marks the page, so the test sees it ran under the page's policy. */
const analyticsCode = "<script>document.documentElement.dataset.analytics = 'ok';</script>";
const errorTemplate = 'Contactez la Maison de l’habitat au 01 23 45 67 89.';

describe('configuration values', () => {
  it('show each group with an input per value, refuse a bad value in French and save a good one', async () => {
    const page = await started.openAsAdmin(path('admin.configuration'));
    const projects = page.getByRole('form', { name: 'Projets' });
    const delay = projects.getByLabel('Délai de relance (jours)');
    expect(await delay.inputValue()).toBe('30');
    const general = page.getByRole('form', { name: 'Général' });
    await general.getByLabel('E-mail de contact').fill('accueil@');
    await general.getByRole('button', { name: 'Enregistrer' }).click();
    await general.getByText("L'adresse email n'est pas valide").waitFor();
    await delay.fill('45');
    await projects.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'La configuration a bien été enregistrée.' }).waitFor();
    for (const group of ['Général', 'Accueil du public', 'Projets', 'Connecteurs']) {
      await page.getByRole('heading', { name: group, level: 3 }).waitFor();
    }
    await page.getByRole('form', { name: 'Connecteurs' }).getByLabel('Clé secrète').waitFor();
    await expectAccessible(page);
    await page.reload();
    expect(await page.getByRole('form', { name: 'Projets' }).getByLabel('Délai de relance (jours)').inputValue()).toBe(
      '45',
    );
  });
});

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
