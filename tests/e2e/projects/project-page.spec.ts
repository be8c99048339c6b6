import { describe, expect, it } from 'vitest';
import { createRecords, recordsNamed } from '../../support/api-as-page';
import {
  expectAccessible,
  listRow,
  rowIn,
  settled,
  shownValue,
  toast,
  useBrowserAndServer,
} from '../../support/browser';

const started = useBrowserAndServer();

describe("a project's page", () => {
  it('opens from the list, changes the state from its badge, keeps its tab in the address, edits its fields and its children in place', async () => {
    const page = await started.openAsAdmin('/admin');
    const [individual] = await createRecords(page, 'individus', [{ lastName: 'Dupont', firstName: 'Marie' }]);
    const [structure] = await createRecords(page, 'structures', [{ name: 'Atelier Vert' }]);
    const [toProcess] = await recordsNamed(page, 'etats-projet', ['À traiter']);
    const [project] = await createRecords(page, 'projet', [
      {
        name: 'Rénovation Maison Dupont',
        ownerIndividual: individual!.id,
        ownerStructure: structure!.id,
        state: toProcess!.id,
      },
    ]);

    // The list's row leads to the project's page.
    await page.goto('/admin/projet');
    await listRow(page, 'Rénovation Maison Dupont')
      .getByRole('link', { name: 'Rénovation Maison Dupont', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Rénovation Maison Dupont', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/projet/voir-ou-editer/${project!.id}`);
    const reference = String(project!.reference);
    // The header names the reference, as does the overview.
    await page
      .getByRole('paragraph')
      .filter({ hasText: new RegExp(`^${reference}$`) })
      .waitFor();
    await page.getByRole('link', { name: 'Dupont Marie' }).waitFor();
    await page.getByRole('link', { name: 'Atelier Vert' }).waitFor();
    const overview = page.getByRole('region', { name: 'Informations clés' });
    expect(await shownValue(overview, 'État').textContent()).toBe('À traiter');
    expect(await shownValue(overview, 'Nom de référence').textContent()).toBe(reference);

    // The state's badge opens a menu of the states: choosing one changes it.
    await page.getByRole('button', { name: "Changer l'état du projet, actuellement : À traiter" }).click();
    await page.getByRole('menuitem', { name: 'En travaux' }).click();
    await toast(page, 'État du projet modifié : En travaux.').waitFor();
    await page.getByRole('button', { name: "Changer l'état du projet, actuellement : En travaux" }).waitFor();
    await expect.poll(() => shownValue(overview, 'État').textContent()).toBe('En travaux');
    await expectAccessible(page);

    // A co-owner, added in place from its tab, which the address keeps.
    await page.getByRole('tab', { name: 'Co-porteurs' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#coporteurs');
    await page.getByRole('button', { name: 'Ajouter un co-porteur' }).click();
    const coOwnerForm = page.getByRole('dialog', { name: 'Ajouter un co-porteur' });
    await coOwnerForm.getByLabel(/^Qualité/).fill('Syndic bénévole');
    await coOwnerForm.getByRole('combobox', { name: 'Individu' }).pressSequentially('Dup', { delay: 50 });
    await page.getByRole('option', { name: 'Dupont Marie' }).click();
    await coOwnerForm.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été enregistrées.').waitFor();
    await rowIn(page, 'Co-porteurs de projet', 'Syndic bénévole').waitFor();

    // An advice act, added in place too, listed newest first.
    await page.getByRole('tab', { name: 'Conseils' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#conseils');
    await page.getByRole('button', { name: 'Ajouter un acte de conseil' }).click();
    const actForm = page.getByRole('dialog', { name: 'Ajouter un acte de conseil' });
    await actForm.getByLabel(/^Objet/).fill('Premier rendez-vous');
    await actForm.getByLabel(/^Date de l'acte/).fill('02/03/2026');
    await actForm.getByRole('button', { name: 'Enregistrer' }).click();
    await rowIn(page, 'Actes de conseil', 'Premier rendez-vous').waitFor();
    await settled(page);
    await expectAccessible(page);

    // The history says the state changed; a reload opens the tab of the address.
    await page.getByRole('tab', { name: 'Historique' }).click();
    const history = page.getByRole('region', { name: 'Historique' });
    await history
      .getByRole('listitem')
      .filter({ hasText: /^État : À traiter → En travaux$/ })
      .waitFor();
    await page.goto(`/admin/projet/voir-ou-editer/${project!.id}#conseils`);
    await rowIn(page, 'Actes de conseil', 'Premier rendez-vous').waitFor();
    expect(await page.getByRole('tab', { name: 'Conseils' }).getAttribute('aria-selected')).toBe('true');

    // The record's fields, edited in place with the engine's form.
    await page.getByRole('tab', { name: 'Références' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#references');
    await page.getByLabel(/^Intitulé/).fill('Rénovation globale Maison Dupont');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été mises à jour.').waitFor();
    await page.getByRole('heading', { name: 'Rénovation globale Maison Dupont', level: 1 }).waitFor();

    // A co-owner deleted in place.
    await page.getByRole('tab', { name: 'Co-porteurs' }).click();
    await rowIn(page, 'Co-porteurs de projet', 'Syndic bénévole')
      .getByRole('button', { name: 'Supprimer « Syndic bénévole »' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page
      .getByRole('region', { name: 'Co-porteurs de projet' })
      .getByText('Aucun élément ne correspond.')
      .waitFor();

    // The empty tabs say so.
    await page.getByRole('tab', { name: 'Mails envoyés' }).click();
    await page.getByText('Aucun e-mail envoyé pour ce projet.').waitFor();
    // The page's whole round (list, state, four tabs, two modals): 16–20 s alone, over 30 s once in CI.
  }, 60_000);

  it("lists an owner's projects on its page, and adds one for it", async () => {
    const page = await started.openAsAdmin('/admin');
    const [structure] = await createRecords(page, 'structures', [{ name: 'Menuiserie Lefort' }]);
    await createRecords(page, 'projet', [{ name: 'Isolation de l’atelier', ownerStructure: structure!.id }]);
    await page.goto(`/admin/structures/voir/${structure!.id}`);
    await rowIn(page, 'Projets', 'Isolation de l’atelier').waitFor();
    await page.getByRole('button', { name: 'Ajouter un projet' }).click();
    const form = page.getByRole('dialog', { name: 'Ajouter un projet' });
    await form.getByLabel(/^Intitulé/).fill('Chaudière de l’atelier');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Chaudière de l’atelier', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Menuiserie Lefort' }).click();
    await rowIn(page, 'Projets', 'Chaudière de l’atelier').waitFor();
  });
});
