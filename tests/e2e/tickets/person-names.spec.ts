import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { useBrowserAndServer } from '../../support/browser';
import { card, openBoard, projectWithTickets } from '../../support/ticket-board-page';

const started = useBrowserAndServer();

describe('a person is named one way everywhere', () => {
  it('« Nom Prénom » on a kanban card, in the header and in the users list alike', async () => {
    const page = await started.openAsAdmin('/admin');
    const [profile] = await createRecords(page, 'groupes', [
      { name: 'Profil de Lucie', permissions: ['tickets.consult'] },
    ]);
    const [lucie] = await createRecords(page, 'utilisateurs', [
      { firstName: 'Lucie', lastName: 'Moreau', email: 'lucie.moreau@exemple.fr', groupIds: [profile!.id] },
    ]);
    const { project } = await projectWithTickets(page, 'Maison Perrin', [
      { name: 'Visite technique', attributions: [lucie!.id] },
    ]);

    await openBoard(page, project);
    await expect.poll(() => card(page, 'Visite technique').textContent()).toContain('Attribué à : Moreau Lucie');
    await page.getByRole('button', { name: 'Menu de Principal Administrateur', exact: true }).waitFor();

    await page.goto(path('admin.resource.list', { resource: 'utilisateurs' }));
    await page.getByRole('checkbox', { name: 'Sélectionner Moreau Lucie', exact: true }).waitFor();
  });
});
