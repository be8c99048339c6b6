import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { expectAccessible, useBrowserAndServer } from '../../support/browser';
import { workflow } from '../../support/ticket-board-page';

// Issue 26, item 13: a ticket attributed to an adviser in a confidential project they may not read.
// Its address tells them why it does not open, and nothing of the ticket or the project.
const started = useBrowserAndServer();

const explanation =
  'Ce ticket vous est attribué, mais il appartient à un projet confidentiel que vous ne pouvez pas consulter.';

describe('a ticket hidden from its assignee by a confidential project', () => {
  it('says so at its address, on the board and on the project page, and nothing of it', async () => {
    const page = await started.openAsAdmin('/admin');
    await workflow(page);
    const adviser = await createUserWithProfile(page, {
      email: 'conseiller.terrain@exemple.fr',
      permissions: ['projet.consult', 'tickets.consult'],
    });
    const [project] = await createRecords(page, 'projet', [{ name: 'Garage Vernet', status: 'confidential' }]);
    const [ticket] = await createRecords(page, 'tickets', [
      { name: 'Chiffrer la pompe à chaleur', project: project!.id, attributions: [adviser] },
    ]);
    await logInAs(page, adviser);

    // The ticket's address: its project's board with the ticket named (where a notification leads).
    const boardPath = path('admin.tickets.board', { projet: project!.id });
    await page.goto(`${boardPath}?ticket=${ticket!.id}`);
    await page.getByRole('heading', { name: 'Accès protégé', level: 1 }).waitFor();
    await page.getByText(explanation).waitFor();
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('Chiffrer');
    expect(body).not.toContain('Garage');
    await expectAccessible(page);

    // The project page with the ticket named: the same.
    await page.goto(`${path('admin.projects.page', { id: project!.id })}?ticket=${ticket!.id}`);
    await page.getByRole('heading', { name: 'Accès protégé', level: 1 }).waitFor();
    await page.getByText(explanation).waitFor();

    // Without a ticket named, the project is not found, as before: its existence is not told.
    await page.goto(boardPath);
    await page.getByRole('heading', { name: 'Page non trouvée', level: 1 }).waitFor();
    expect(await page.getByText(explanation).count()).toBe(0);
  });
});
