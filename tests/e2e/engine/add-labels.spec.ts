import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

describe('what adds a record says what it adds, with its article', () => {
  it('on the list, the create page, a create-in-modal field and a collection field', async () => {
    const page = await started.openAsAdmin(path('admin.resource.list', { resource: 'individus' }));
    await page.getByRole('link', { name: 'Ajouter un particulier', exact: true }).click();
    await page.getByRole('heading', { name: 'Ajouter un particulier', level: 1, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Structures' }).click();
    await page.getByRole('button', { name: 'Ajouter une structure', exact: true }).click();
    await page.getByRole('group', { name: 'Structure n° 1', exact: true }).waitFor();
    expect(await page.getByText('Ajouter :').count()).toBe(0);

    await page.goto(path('admin.resource.create', { resource: 'formulaires' }));
    await page.getByRole('heading', { name: 'Ajouter un formulaire', level: 1, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un champ de formulaire', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ajouter un champ de formulaire' }).waitFor();
    expect(await page.getByText('Ajouter :').count()).toBe(0);

    await page.goto(path('admin.resource.create', { resource: 'structures' }));
    await page.getByRole('heading', { name: 'Ajouter une structure', level: 1, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Adresses' }).click();
    await page.getByRole('button', { name: 'Ajouter une adresse', exact: true }).waitFor();
  });
});
