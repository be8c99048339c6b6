import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HeaderNotifications } from '../../../src/shared/resources/notifications.resource';
import type { ResourceRecord } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { expectAccessible, shownValue, toast, useBrowserAndServer } from '../../support/browser';
import { card, column, openBoard, projectWithTickets } from '../../support/ticket-board-page';

// The ticket modal: where the ticket stands, its estimate in hours or days, one row of tabs, and
// its address — opening it writes it, the address opens it, a notification leads to it.
const started = useBrowserAndServer();

/** The ticket as the API gives it. */
async function ticketOf(page: Page, id: number): Promise<ResourceRecord> {
  return (await (
    await page.request.get(path('api.resource.item', { resource: 'tickets', id }))
  ).json()) as ResourceRecord;
}

describe('the ticket modal', () => {
  it('shows the step and status, takes the estimate in days, has one row of tabs, and has an address that opens it', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project, tickets } = await projectWithTickets(page, 'Maison Garnier', [
      { name: 'Audit énergétique', estimate: 90 },
    ]);
    const ticket = tickets[0]!;
    await openBoard(page, project);
    const statusOnCard = (await column(page, 'À faire')
      .getByText(/^Statut : /)
      .textContent())!.replace('Statut : ', '');
    await card(page, 'Audit énergétique').click();
    const modal = page.getByRole('dialog', { name: 'Modifier le ticket' });
    await expect.poll(() => modal.getByRole('textbox', { name: /^Nom/ }).inputValue()).toBe('Audit énergétique');

    // Its address names it; the board's own stays.
    expect(new URL(page.url()).pathname).toBe(path('admin.tickets.board', { projet: project }));
    expect(new URL(page.url()).searchParams.get('ticket')).toBe(String(ticket));
    // Where it stands.
    expect(await shownValue(modal, 'Étape').textContent()).toBe('À faire');
    expect(await shownValue(modal, 'Statut').textContent()).toBe(statusOnCard);
    // One row of tabs: the fields' and the ticket's own.
    expect(await modal.getByRole('tablist').count()).toBe(1);
    for (const tab of ['Général', 'Réunion', 'Personnes', 'Ticket lié', 'Sous-tâches', 'Temps', 'Historique']) {
      await modal.getByRole('tab', { name: tab, exact: true }).waitFor();
    }
    await expectAccessible(page);

    // 90 minutes read 1,5 hours; 2 days are 2 × 7 h.
    const estimate = modal.getByRole('textbox', { name: 'Estimation' });
    expect(await estimate.inputValue()).toBe('1,5');
    expect(await modal.getByRole('combobox', { name: 'Unité' }).inputValue()).toBe('heures');
    await estimate.fill('2');
    await modal.getByRole('combobox', { name: 'Unité' }).click();
    await page.getByRole('option', { name: 'jours (7 h)' }).click();
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été mises à jour.').waitFor();
    await modal.waitFor({ state: 'detached' });
    expect((await ticketOf(page, ticket)).estimate).toBe(2 * 7 * 60);
    // Closed, the address names no ticket.
    await expect.poll(() => new URL(page.url()).searchParams.get('ticket')).toBeNull();

    // The address opens it, on the board as on the project page's tab.
    await page.goto(`${path('admin.tickets.board', { projet: project })}?ticket=${ticket}`);
    await expect.poll(() => modal.getByRole('textbox', { name: /^Nom/ }).inputValue()).toBe('Audit énergétique');
    expect(await modal.getByRole('textbox', { name: 'Estimation' }).inputValue()).toBe('2');
    expect(await modal.getByRole('combobox', { name: 'Unité' }).inputValue()).toBe('jours (7 h)');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    await page.goto(`${path('admin.projects.page', { id: project })}#kanban-formulaires`);
    await card(page, 'Audit énergétique').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ticket')).toBe(String(ticket));
    expect(new URL(page.url()).hash).toBe('#kanban-formulaires');
    await page.reload();
    await expect.poll(() => modal.getByRole('textbox', { name: /^Nom/ }).inputValue()).toBe('Audit énergétique');
  });

  it('opens the ticket a notification names', async () => {
    const page = await started.openAsAdmin('/admin');
    const camille = await createUserWithProfile(page, {
      email: 'camille.notifiee@exemple.fr',
      permissions: ['tickets.consult', 'projet.consult'],
    });
    const { project } = await projectWithTickets(page, 'Maison Royer', [{ name: 'Préparer la visite' }]);
    const [ticket] = await createRecords(page, 'tickets', [
      { name: 'Rappeler le porteur', project, attributions: [camille] },
    ]);
    await logInAs(page, camille);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(path('api.notifications.header_unread'))).json()) as HeaderNotifications)
            .unread,
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.goto(path('admin.resource.list', { resource: 'notifications' }));
    await page
      .getByRole('table', { name: 'Liste des notifications' })
      .getByRole('link', { name: 'Rappeler le porteur', exact: true })
      .click();
    // The adviser only reads tickets: the modal shows it, read only.
    const modal = page.getByRole('dialog', { name: 'Consulter le ticket' });
    await shownValue(modal.getByRole('tabpanel', { name: 'Général' }), 'Nom')
      .getByText('Rappeler le porteur')
      .waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(path('admin.tickets.board', { projet: project }));
    expect(url.searchParams.get('ticket')).toBe(String(ticket!.id));
  });
});
