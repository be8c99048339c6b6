import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';
import { card, column, columnEnd, drag, workflow } from '../../support/ticket-board-page';

// An adviser whose profile only consults projects and tickets: every screen shows, none offers a change.
const started = useBrowserAndServer();

/** The inputs in this part of the screen a person could type in or tick. */
const editableInputs = (scope: Locator) =>
  scope.locator(
    'input:enabled:not([type="hidden"]):not([readonly]), textarea:enabled:not([readonly]), select:enabled, [contenteditable="true"]',
  );

describe('a view-only adviser', () => {
  it('gets read-only project forms and ticket modal, and cards that cannot be dragged', async () => {
    const page = await started.openAsAdmin('/admin');
    const [mission] = await createRecords(page, 'missions', [{ name: 'Conseil aux particuliers' }]);
    const [type] = await createRecords(page, 'types-projet', [{ name: 'Isolation', missions: [mission!.id] }]);
    const [surface, heating] = await createRecords(page, 'champs-de-formulaire', [
      { name: 'Surface habitable', type: 'number' },
      { name: 'Chauffage', type: 'select', options: [{ label: 'Gaz', value: 'gaz' }] },
    ]);
    await createRecords(page, 'formulaires', [
      { name: 'Logement', columns: 2, projectTypes: [type!.id], fields: [surface!.id, heating!.id] },
    ]);
    await workflow(page);
    const [project] = await createRecords(page, 'projet', [
      { name: 'Maison Caron', missions: [{ mission: mission!.id, projectType: type!.id, officer: null }] },
    ]);
    await createRecords(page, 'tickets', [{ name: 'Visite technique', project: project!.id, estimate: 120 }]);
    const adviser = await createUserWithProfile(page, {
      email: 'conseiller.lecture@exemple.fr',
      permissions: ['projet.consult', 'tickets.consult'],
    });
    await logInAs(page, adviser);
    // What the screens send to change a ticket or the project: nothing.
    const changes: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() !== 'GET' && /^\/api\/(tickets|projet)\b/.test(pathname)) changes.push(pathname);
    });

    // The characteristics: shown, not changed.
    await page.goto(`${path('admin.projects.page', { id: project!.id })}#kanban-formulaires`);
    const form = page.getByRole('region', { name: 'Logement' });
    await form.getByRole('textbox', { name: 'Surface habitable' }).waitFor();
    expect(await editableInputs(form).count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Enregistrer « Logement »' }).count()).toBe(0);
    await expectAccessible(page);

    // The board: the card opens, but neither moves nor changes status; no ticket is added.
    const visit = card(page, 'Visite technique');
    await visit.waitFor();
    expect(await page.locator('[aria-roledescription="ticket déplaçable"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Changer le statut de « Visite technique »' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ajouter un ticket' }).count()).toBe(0);
    await drag(page, visit, columnEnd(page, 'En cours'));
    await column(page, 'À faire')
      .getByRole('button', { name: /^Visite technique/ })
      .waitFor();
    expect(
      await column(page, 'En cours')
        .getByRole('button', { name: /^Visite technique/ })
        .count(),
    ).toBe(0);
    expect(changes).toEqual([]);

    // The ticket modal: its values, no input, no save.
    await visit.click();
    const modal = page.getByRole('dialog', { name: 'Consulter le ticket' });
    await modal.getByText('Visite technique').first().waitFor();
    await modal.getByText('2 h', { exact: true }).waitFor();
    expect(await editableInputs(modal).count()).toBe(0);
    await expectAccessible(page);
    for (const action of ['Enregistrer', 'Annuler', 'Dupliquer', 'Supprimer', 'Statut']) {
      expect(await modal.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
    }
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // Références: the project's values, no form.
    await page.getByRole('tab', { name: 'Références' }).click();
    await page.getByRole('tabpanel', { name: 'Références' }).getByText('Maison Caron').first().waitFor();
    expect(await editableInputs(page.getByRole('tabpanel', { name: 'Références' })).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(changes).toEqual([]);
  });
});
