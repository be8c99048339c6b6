import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, rowIn, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

describe("a record's page", () => {
  it("shows an audited record's changes in its history, each field before → after", async () => {
    const page = await started.openAsAdmin('/admin');
    const [individual] = await createRecords(page, 'individus', [
      { civility: 'monsieur', lastName: 'Martin', firstName: 'Julien', email: 'julien.martin@exemple.fr' },
    ]);
    await page.goto(`/admin/individus/editer/${individual!.id}`);
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('j.martin@exemple.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Les données ont été mises à jour.').waitFor();
    await page.getByRole('heading', { name: 'Martin Julien', level: 1 }).waitFor();

    const history = page.getByRole('region', { name: 'Historique' });
    const changes = history.getByRole('listitem').filter({ hasText: /^Email : / });
    await expect
      .poll(() => changes.allTextContents())
      .toEqual(['Email : julien.martin@exemple.fr → j.martin@exemple.fr', 'Email : — → julien.martin@exemple.fr']);
    expect(await history.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d — Modification — /).count()).toBe(1);
    expect(await history.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d — Création — /).count()).toBe(1);
    await expectAccessible(page);
  });

  it("lists a user's login history in a panel of the user's page", async () => {
    const page = await started.openAsAdmin('/admin');
    const session = (await (await page.request.get('/api/session')).json()) as SessionPayload;
    await page.goto(`/admin/utilisateurs/voir/${session.user.id}`);
    await page.getByRole('heading', { name: 'Principal Administrateur', level: 1 }).waitFor();

    const login = rowIn(page, 'Historique des connexions', 'admin@exemple.fr').first();
    await login.waitFor();
    expect(await login.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Réussie', 'Back-office', 'Ordinateur']),
    );
    await login.getByRole('link', { name: 'Voir « admin@exemple.fr »' }).waitFor();
    await expectAccessible(page);
  });

  it("shows the panel a resource's web module adds: the individuals linked to a structure", async () => {
    const page = await started.openAsAdmin('/admin');
    const [contactType] = await createRecords(page, 'types-contact', [{ name: 'Artisan partenaire' }]);
    const [structure] = await createRecords(page, 'structures', [{ name: 'Menuiserie des Monts du Lyonnais' }]);
    const link = { contactType: contactType!.id, structure: structure!.id, service: 'Atelier' };
    await createRecords(page, 'individus', [
      { lastName: 'Dupont', firstName: 'Marie', structures: [{ ...link, function: 'Gérante' }] },
      { lastName: 'Arnaud', firstName: 'Luc', structures: [{ ...link, function: 'Apprenti', leftStructure: true }] },
      { lastName: 'Sans', firstName: 'Lien' },
    ]);
    await page.goto(`/admin/structures/voir/${structure!.id}`);
    const panel = page.getByRole('region', { name: 'Particuliers liés' });
    await rowIn(page, 'Particuliers liés', 'Dupont Marie').waitFor();
    const rows = await panel.getByRole('row').all();
    const texts = await Promise.all(rows.map((row) => row.getByRole('cell').allTextContents()));
    expect(texts.filter((cells) => cells.length > 0)).toEqual([
      ['Arnaud Luc', 'Apprenti', 'Atelier', 'Oui'],
      ['Dupont Marie', 'Gérante', 'Atelier', 'Non'],
    ]);
    await rowIn(page, 'Particuliers liés', 'Dupont Marie').getByRole('link', { name: 'Dupont Marie' }).click();
    await page.getByRole('heading', { name: 'Dupont Marie', level: 1 }).waitFor();
  });
});
