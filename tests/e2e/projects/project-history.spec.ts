import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, settled, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** Adds a record under a project through the API, as a second tab would. */
async function addChild(page: Page, project: number, child: string, data: Record<string, unknown>): Promise<number> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const created = await page.request.post(path('api.resource.children', { resource: 'projet', id: project, child }), {
    data,
    headers: { 'x-csrf-token': session.csrfToken },
  });
  if (created.status() !== 201) throw new Error(`${child}: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}

describe('the project’s history tab', () => {
  it('names co-owners, partners and advice acts, and is filtered by kind', async () => {
    const page = await started.openAsAdmin('/admin');
    const [dupont] = await createRecords(page, 'individus', [{ lastName: 'Dupont', firstName: 'Marie' }]);
    const [atelier] = await createRecords(page, 'structures', [{ name: 'Atelier Vert' }]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Lefèvre' }]);
    const coOwner = await addChild(page, project!.id, 'coporteurs-projet', { role: 'Syndic', individual: dupont!.id });
    await addChild(page, project!.id, 'partenaires-projet', { role: 'Bureau d’études', structure: atelier!.id });
    await addChild(page, project!.id, 'commentaires-projet', { subject: 'Premier rendez-vous', actDate: '2026-02-01' });

    // The co-owner's comments changed, not its name.
    const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
    const edited = await page.request.put(path('api.resource.item', { resource: 'coporteurs-projet', id: coOwner }), {
      data: { project: project!.id, role: 'Syndic', individual: dupont!.id, comments: 'Joignable le matin' },
      headers: { 'x-csrf-token': session.csrfToken },
    });
    expect(edited.status()).toBe(200);

    await page.goto(`${path('admin.projects.page', { id: project!.id })}#historique`);
    const history = page.getByRole('region', { name: 'Historique' });
    // The changes, not the entries holding them (a date first).
    const changes = history.getByRole('listitem').filter({ hasText: /^[^—]* : / });
    await expect
      .poll(async () => (await changes.allTextContents()).slice(0, 4))
      .toEqual([
        'Co-porteur : Dupont Marie – Syndic (modifié) — Commentaires',
        'Acte de conseil : — → Premier rendez-vous',
        'Partenaire : — → Atelier Vert – Bureau d’études',
        'Co-porteur : — → Dupont Marie – Syndic',
      ]);

    const kind = history.getByRole('combobox', { name: 'Type de modification' });
    await kind.click();
    await page.getByRole('option', { name: 'Partenaires de projet' }).click();
    await expect.poll(() => changes.allTextContents()).toEqual(['Partenaire : — → Atelier Vert – Bureau d’études']);
    await kind.click();
    await page.getByRole('option', { name: 'Fiche' }).click();
    await expect
      .poll(async () => (await changes.allTextContents()).includes('Intitulé : — → Maison Lefèvre'))
      .toBe(true);
    expect((await changes.allTextContents()).some((text) => text.startsWith('Acte de conseil'))).toBe(false);
    await kind.click();
    await page.getByRole('option', { name: 'Documents' }).click();
    await history.getByText('Aucune modification de ce type.').waitFor();
    await settled(page);
    await expectAccessible(page);
  });
});
