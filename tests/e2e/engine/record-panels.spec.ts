import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** A row of a table in this region, found by the link its title makes. */
const rowIn = (page: Page, region: string, title: string) =>
  page
    .getByRole('region', { name: region })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

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
});
