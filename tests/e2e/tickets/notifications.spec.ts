import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HeaderNotifications } from '../../../src/shared/resources/notifications.resource';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { expectAccessible, settled, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** Waits until the user's notifications are written (a ticket's attributions are told by a job after its creation). */
async function unreadReaches(page: Page, count: number): Promise<void> {
  for (let attempt = 0; attempt < 75; attempt += 1) {
    const response = await page.request.get(path('api.notifications.header_unread'));
    if (((await response.json()) as HeaderNotifications).unread === count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`never ${count} unread notifications`);
}

/** A row of the notifications' table, by its ticket's link. */
const notificationRow = (page: Page, ticket: string) =>
  page
    .getByRole('table', { name: 'Liste des notifications' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: ticket, exact: true }) });

describe('notifications', () => {
  it('the bell counts the unread ones and lists the latest; the screen marks them seen, archives and puts back', async () => {
    const page = await started.openAsAdmin('/admin');
    const camille = await createUserWithProfile(page, {
      email: 'camille@exemple.fr',
      permissions: ['tickets.consult', 'projet.consult'],
    });
    const [project] = await createRecords(page, 'projet', [{ name: 'Rénovation Dupont' }]);
    await createRecords(
      page,
      'tickets',
      ['Relancer le devis', 'Visite technique', 'Appeler le porteur'].map((name) => ({
        name,
        project: project!.id,
        attributions: [camille],
      })),
    );
    await logInAs(page, camille);
    await unreadReaches(page, 3);
    await page.goto('/admin');

    const bell = page.getByRole('button', { name: 'Notifications : 3 non lues' });
    // Checked with the menu closed: Mantine's open menu holds its focus sentinel (a focusable
    // "presentation" div), which axe refuses among a menu's children, whatever the menu.
    await expectAccessible(page);
    await bell.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: /Ticket attribué/ }).count()).toBe(3);
    await menu.getByRole('menuitem', { name: /Appeler le porteur — projet Rénovation Dupont/ }).waitFor();
    await menu.getByRole('menuitem', { name: 'Voir toutes les notifications' }).click();

    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await notificationRow(page, 'Relancer le devis').waitFor();
    expect(await page.getByRole('table', { name: 'Liste des notifications' }).getByRole('row').count()).toBe(4);
    await expectAccessible(page);

    await notificationRow(page, 'Relancer le devis')
      .getByRole('checkbox', { name: 'Sélectionner la notification « Relancer le devis »' })
      .check();
    await page.getByRole('button', { name: 'Marquer comme vues' }).click();
    await toast(page, '1 notification mise à jour.').waitFor();
    await page.getByRole('button', { name: 'Notifications : 2 non lues' }).waitFor();
    await notificationRow(page, 'Relancer le devis').getByText('Non lue').waitFor({ state: 'detached' });
    expect(await notificationRow(page, 'Visite technique').getByText('Non lue').count()).toBe(1);

    for (const ticket of ['Relancer le devis', 'Visite technique']) {
      await notificationRow(page, ticket)
        .getByRole('checkbox', { name: `Sélectionner la notification « ${ticket} »` })
        .check();
    }
    await page.getByRole('button', { name: 'Archiver' }).click();
    await toast(page, '2 notifications mises à jour.').waitFor();
    await page.getByRole('button', { name: 'Notifications : 1 non lue' }).waitFor();
    await notificationRow(page, 'Visite technique').waitFor({ state: 'detached' });
    await notificationRow(page, 'Appeler le porteur').waitFor();

    await page.getByRole('tab', { name: 'Archivées' }).click();
    await page.waitForURL((current) => current.pathname === path('admin.notifications.archived'));
    await notificationRow(page, 'Visite technique').waitFor();
    await notificationRow(page, 'Relancer le devis').waitFor();
    await settled(page);
    // The archiving's toast said the same words: gone first, so that the next one is this action's.
    await toast(page, '2 notifications mises à jour.').waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await page.getByRole('button', { name: 'Remettre à traiter' }).click();
    await toast(page, '2 notifications mises à jour.').waitFor();
    await page.getByText('Aucune notification archivée.').waitFor();
    await page.getByRole('button', { name: 'Notifications : 2 non lues' }).waitFor();
  });
});
