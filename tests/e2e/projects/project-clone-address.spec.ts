import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

describe("the project clone form's old address", () => {
  it('opens the project with the copy dialog, which cancels in place or copies as the list does', async () => {
    const page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [{ name: 'Lot Echo', creationDate: '2024-05-06' }]);
    const projectPage = path('admin.projects.page', { id: project!.id });

    await page.goto(path('admin.resource.clone', { resource: 'projet', id: project!.id }));
    const dialog = page.getByRole('dialog', { name: 'Dupliquer « Lot Echo » ?' });
    await dialog
      .getByText(/^Copiés : la fiche .*les co-porteurs, les partenaires et les caractéristiques\.$/)
      .waitFor();
    await page.getByRole('heading', { name: 'Lot Echo', level: 1, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(projectPage);
    // No prefilled form that would keep the title and date and drop the partners.
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Lot Echo', level: 1, exact: true }).waitFor();
    expect(await dialog.count()).toBe(0);

    await page.goto(path('admin.resource.clone', { resource: 'projet', id: project!.id }));
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    await page.getByRole('heading', { name: 'Copie de Lot Echo', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe(projectPage);
  });
});
