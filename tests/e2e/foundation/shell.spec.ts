import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserWithProfile, logInAs } from '../../support/api-as-page';
import { boxOf, expectAccessible, logInByApi, overlap, pauseClock, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

async function loggedInPage(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await started.browser.newContext({
    baseURL: started.server.baseUrl,
    viewport: { width, height: 800 },
  });
  // The page's timers under Playwright's clock (running as usual until a test pauses it).
  await context.clock.install();
  await logInByApi(context);
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
  return { context, page };
}

const bodyClass = (page: Page) => page.evaluate(() => document.body.className);

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
/** Open, the menu shows its section title and entry label; enlarged, icons only. */
const visibleMenuLabels = (page: Page) => navigation(page).getByText('Tableau de bord', { exact: true }).count();

describe('error pages', () => {
  it('answers an unknown page with HTTP 404 and "Page non trouvée"', async () => {
    const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const page = await context.newPage();
    const response = await page.goto('/admin/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page non trouvée', level: 1 }).waitFor();
    // Nobody is logged in: the way out is the login page, not a dashboard they cannot open.
    await page.getByRole('link', { name: 'Retour à la page de connexion' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe('side menu', () => {
  it('shrinks with the menu button, posts toggle-content, and stays so after a reload', async () => {
    const { context, page } = await loggedInPage(1280);
    expect(await visibleMenuLabels(page)).toBe(2);

    const posted = page.waitForRequest((request) => request.url().endsWith('/api/toggle-content'));
    await page.getByRole('button', { name: 'Afficher ou réduire le menu' }).click();
    expect((await posted).postDataJSON()).toEqual({ open: false });
    // Enlarged: icons only, the entry named by its aria-label.
    await expect.poll(() => visibleMenuLabels(page)).toBe(0);
    await navigation(page).getByRole('link', { name: 'Tableau de bord' }).waitFor();

    await page.reload();
    await navigation(page).getByRole('link', { name: 'Tableau de bord' }).waitFor();
    expect(await visibleMenuLabels(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'Afficher ou réduire le menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );

    const reopened = page.waitForRequest((request) => request.url().endsWith('/api/toggle-content'));
    await page.getByRole('button', { name: 'Afficher ou réduire le menu' }).click();
    expect((await reopened).postDataJSON()).toEqual({ open: true });
    await expect.poll(() => visibleMenuLabels(page)).toBe(2);
    await context.close();
  });

  it('sets the body size class, enlarges itself from 768 to 1028 pixels, and posts nothing on extra-small screens', async () => {
    const { context, page } = await loggedInPage(1300);
    expect(await bodyClass(page)).toContain('is-lg');
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect.poll(() => bodyClass(page)).toContain('is-md');
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => bodyClass(page)).toContain('is-sm');
    await expect.poll(() => visibleMenuLabels(page)).toBe(0);

    await page.setViewportSize({ width: 600, height: 800 });
    await expect.poll(() => bodyClass(page)).toContain('is-xs');
    const posted: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/toggle-content')) posted.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Afficher ou réduire le menu' }).click();
    await expect.poll(() => visibleMenuLabels(page)).toBe(2);
    // Back on a large screen, the button posts: the one post seen is that one, none came before it.
    await page.setViewportSize({ width: 1300, height: 800 });
    await expect.poll(() => bodyClass(page)).toContain('is-lg');
    const next = page.waitForRequest((request) => request.url().endsWith('/api/toggle-content'));
    await page.getByRole('button', { name: 'Afficher ou réduire le menu' }).click();
    await next;
    expect(posted).toHaveLength(1);
    await context.close();
  });
});

describe('settings bar', () => {
  it('switches the language, and <html lang> follows', async () => {
    const { context, page } = await loggedInPage();
    await page.getByRole('button', { name: "Paramètres d'affichage" }).click();
    const bar = page.getByRole('dialog', { name: "Paramètres d'affichage" });
    await bar.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Display settings' }).click();
    await page.getByRole('radio', { name: 'Français' }).check();
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await context.close();
  });
});

describe('profile modal, rich text, toasts and unsaved changes', () => {
  it('asks before closing with unsaved changes', async () => {
    const { context, page } = await loggedInPage();
    await page.getByRole('button', { name: /^Menu de / }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    const modal = page.getByRole('dialog', { name: 'Mon profil' });
    await modal.getByLabel(/^Prénom/).fill('Claire');
    await modal.getByRole('button', { name: 'Annuler' }).click();

    const guard = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
    await guard.getByRole('button', { name: 'Rester' }).click();
    await guard.waitFor({ state: 'hidden' });
    expect(await modal.getByLabel(/^Prénom/).inputValue()).toBe('Claire');

    await modal.getByRole('button', { name: 'Annuler' }).click();
    await guard.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /^Menu de Principal Administrateur/ }).count()).toBe(1);
    await context.close();
  });

  it('saves with Ctrl+S from the rich-text editor; the toast stays while hovered and goes 1 s after', async () => {
    const { context, page } = await loggedInPage();
    await page.getByRole('button', { name: /^Menu de / }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    const modal = page.getByRole('dialog', { name: 'Mon profil' });
    await modal.getByLabel(/^Nom/).fill('Durand');
    const editor = modal.getByRole('textbox', { name: 'Signature des e-mails' });
    await editor.click();
    await page.keyboard.type('Claire Durand, conseillère');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/mon-profil'));
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    await modal.waitFor({ state: 'hidden' });

    const toast = page.getByRole('status').filter({ hasText: 'Les données ont été enregistrées.' });
    // Held by the pointer from the start: the checks below may take longer than its 5 s on a busy machine.
    await toast.hover();
    await expectAccessible(page);
    // Bottom right, away from the screen's title and actions at the top.
    const box = await boxOf(toast);
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(Math.abs(box.y + box.height - (viewport.height - 16))).toBeLessThan(2);

    // The page's time from here on moves only as the test says (Playwright's clock).
    await pauseClock(page);
    await page.clock.runFor(6500);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(10, 400);
    // 1 s after the pointer leaves, it starts hiding, which takes 1 s.
    await page.clock.runFor(900);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(1200);
    await toast.waitFor({ state: 'detached', timeout: 5000 });
    await page.clock.resume();

    await page.reload();
    await page.getByRole('button', { name: /^Menu de Durand Administrateur/ }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    await page.getByRole('dialog', { name: 'Mon profil' }).getByText('Claire Durand, conseillère').waitFor();
    await context.close();
  });

  it('hides each toast 5 s after it shows, taking 1 s to go', async () => {
    const { context, page } = await loggedInPage();
    await page.mouse.move(10, 400);
    // The page's time moves only as the test says (Playwright's clock), counted here in `elapsed`.
    await pauseClock(page);
    let elapsed = 0;
    const advance = async (ms: number) => {
      await page.clock.runFor(ms);
      elapsed += ms;
    };
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
    // When each toast appeared, to the nearest 50 ms of the page's time: however late the answer
    // comes in real time, its age is known.
    const shownAt: number[] = [];
    for (const name of ['Premier', 'Second']) {
      await page.getByRole('button', { name: /^Menu de / }).click();
      await advance(500);
      await page.getByRole('menuitem', { name: 'Mon profil' }).click();
      await advance(500);
      const modal = page.getByRole('dialog', { name: 'Mon profil' });
      await modal.getByLabel(/^Prénom/).fill(name);
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/mon-profil'));
      await modal.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await saved).status()).toBe(200);
      for (let step = 0; step < 100 && (await toasts.count()) < shownAt.length + 1; step += 1) await advance(50);
      expect(await toasts.count()).toBe(shownAt.length + 1);
      shownAt.push(elapsed);
      await advance(500);
      await modal.waitFor({ state: 'hidden' });
    }
    const [first, second] = shownAt as [number, number];
    // At 4.8 s of age "Premier" is still shown; at 5 s it starts hiding, gone 1 s later; "Second" likewise.
    await advance(first + 4800 - elapsed);
    expect(await toasts.count()).toBe(2);
    await advance(first + 6150 - elapsed);
    expect(await toasts.count()).toBe(1);
    await advance(second + 6150 - elapsed);
    expect(await toasts.count()).toBe(0);
    await page.clock.resume();
    await context.close();
  });

  for (const width of [1280, 700]) {
    it(`keeps a toast clear of an open modal's fields at ${width} px`, async () => {
      const { context, page } = await loggedInPage(width);
      await page.mouse.move(10, 400);
      // The page's time moves only as the test says: the toast stays while the modal opens.
      await pauseClock(page);
      const settle = () => page.clock.runFor(400);
      const openProfile = async () => {
        await page.getByRole('button', { name: /^Menu de / }).click();
        await settle();
        await page.getByRole('menuitem', { name: 'Mon profil' }).click();
        await settle();
      };
      const modal = page.getByRole('dialog', { name: 'Mon profil' });
      await openProfile();
      await modal.getByLabel(/^Prénom/).fill(`Claire ${width}`);
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/mon-profil'));
      await modal.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await saved).status()).toBe(200);
      await settle();
      await modal.waitFor({ state: 'hidden' });
      const shown = page.getByRole('status').filter({ hasText: 'Les données ont été enregistrées.' });
      await shown.waitFor();

      // The profile opened again at once, the toast still there.
      await openProfile();
      await modal.waitFor();
      await settle();
      expect(await shown.isVisible()).toBe(true);
      const toastBox = await boxOf(shown);
      const fields = [
        modal.getByLabel(/^Prénom/),
        modal.getByLabel(/^Nom/),
        modal.getByRole('textbox', { name: 'Signature des e-mails' }),
        modal.getByRole('button', { name: 'Enregistrer' }),
        modal.getByRole('button', { name: 'Annuler' }),
      ];
      for (const field of fields) {
        const name = (await field.getAttribute('aria-label')) ?? (await field.textContent()) ?? '';
        expect(overlap(toastBox, await boxOf(field)), `the toast covers « ${name} »`).toBe(false);
      }
      // Nor anything of the modal: beside it when the window leaves room, else below it.
      expect(overlap(toastBox, await boxOf(modal))).toBe(false);
      await page.clock.resume();
      await context.close();
    });
  }
});

describe('menu of an adviser', () => {
  /** The menu's links, by name. */
  const menuLinks = (page: Page) => navigation(page).getByRole('link');
  const currentEntries = (page: Page) => navigation(page).locator('[aria-current="page"]');

  it('leaves out the technical child lists, marks one entry current, and names its icons on hover and focus', async () => {
    const page = await started.openAsAdmin('/admin');
    const adviser = await createUserWithProfile(page, {
      email: 'conseillere.menu@exemple.fr',
      permissions: [
        'projet.consult',
        'tickets.consult',
        'commentaires-projet.consult',
        'commentaires-projet.other',
        'piece-jointe.consult',
        'coporteurs-projet.consult',
        'partenaires-projet.consult',
        'tickets-commentaires.consult',
        'tickets-documents.consult',
        'tickets-sous-taches.consult',
        'tickets-temps.consult',
        'tickets-transitions.consult',
      ],
    });
    await logInAs(page, adviser);
    await page.goto('/admin');
    await navigation(page).getByRole('link', { name: 'Projets' }).waitFor();
    expect(await menuLinks(page).allTextContents()).toEqual([
      'Tableau de bord',
      'Notifications',
      'Projets',
      'Actes de conseil',
      'Documents',
      'Tickets',
      'Kanban global',
      'Export SARE (ADEME)',
    ]);
    for (const name of [
      'Sous-tâches',
      'Documents de ticket',
      'Transitions de ticket',
      'Commentaires de ticket',
      'Temps passés',
      'Co-porteurs de projet',
      'Partenaires de projet',
    ]) {
      expect(await navigation(page).getByRole('link', { name }).count(), name).toBe(0);
    }
    // The list still opens by its address.
    await page.goto('/admin/tickets-sous-taches');
    await page.getByRole('heading', { name: 'Sous-tâches', level: 1 }).waitFor();
    expect(await currentEntries(page).count()).toBe(0);

    // One current entry: the global board, not the tickets' list it lies under too.
    for (const [address, entry] of [
      ['/admin/tickets/kanban-global', 'Kanban global'],
      ['/admin/tickets', 'Tickets'],
      ['/admin/commentaires-projet/export-sare', 'Export SARE (ADEME)'],
      ['/admin', 'Tableau de bord'],
    ] as const) {
      await page.goto(address);
      await expect.poll(() => currentEntries(page).allTextContents(), { message: address }).toEqual([entry]);
    }

    // Icons only: each named in a tooltip on hover, and on keyboard focus.
    await page.getByRole('button', { name: 'Afficher ou réduire le menu' }).click();
    await expect.poll(() => visibleMenuLabels(page)).toBe(0);
    const projects = navigation(page).getByRole('link', { name: 'Projets' });
    await projects.hover();
    await page.getByRole('tooltip', { name: 'Projets' }).waitFor({ timeout: 5000 });
    await page.mouse.move(900, 500);
    await page.getByRole('tooltip', { name: 'Projets' }).waitFor({ state: 'hidden' });
    const tickets = navigation(page).getByRole('link', { name: 'Tickets', exact: true });
    await tickets.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await tickets.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.getByRole('tooltip', { name: 'Tickets' }).waitFor({ timeout: 5000 });
    await expectAccessible(page);
  });
});

describe('translations endpoint', () => {
  it('defines the catalog for a script loaded by the page', async () => {
    const context = await started.browser.newContext({ baseURL: started.server.baseUrl });
    const page = await context.newPage();
    await page.goto('/admin/connexion');
    await page.addScriptTag({ url: '/translations/messages.js?locale=en' });
    const title = await page.evaluate(
      () =>
        (window as unknown as { TRANSLATIONS: Record<string, Record<string, { login: { title: string } }>> })
          .TRANSLATIONS.en?.messages?.login.title,
    );
    expect(title).toBe('Log in');
    // The domain left out: the messages.
    await page.addScriptTag({ url: '/translations/.js' });
    const french = await page.evaluate(
      () =>
        (window as unknown as { TRANSLATIONS: Record<string, Record<string, { login: { title: string } }>> })
          .TRANSLATIONS.fr?.messages?.login.title,
    );
    expect(french).toBe('Connexion');
    await context.close();
  });
});
