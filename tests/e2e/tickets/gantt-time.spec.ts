import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, settled, toast, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** A day counted from today, as the API takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the project’s gantt and time report', () => {
  it('draws the tickets as bars, changes scale, opens a ticket, sums its time and applies a task template', async () => {
    const page = await started.openAsAdmin('/admin');
    const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
    await createRecords(page, 'etapes', [{ name: 'À faire' }]);
    const [visit] = await createRecords(page, 'types-tache', [{ name: 'Visite' }]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Dupont' }]);
    const [quote] = await createRecords(page, 'tickets', [
      { project: project!.id, name: 'Devis', estimate: 60, deadline: inDays(20) },
    ]);
    const [diagnosis] = await createRecords(page, 'tickets', [
      {
        project: project!.id,
        name: 'Diagnostic',
        estimate: 120,
        taskType: visit!.id,
        color: '#e03131',
        deadline: inDays(10),
        linkedTicket: quote!.id,
        blockingType: 'blocks',
      },
    ]);
    // A name is text: frappe-gantt writes it as HTML, so it is escaped first.
    await createRecords(page, 'tickets', [{ project: project!.id, name: '<img src=x onerror=alert(1)> & co' }]);
    await createRecords(page, 'tickets-temps', [
      { ticket: diagnosis!.id, description: 'Visite', workedMinutes: 90, workedOn: inDays(0), user: session.user.id },
      { ticket: quote!.id, description: 'Chiffrage', workedMinutes: 110, workedOn: inDays(0), user: session.user.id },
    ]);
    await createRecords(page, 'template-tache', [
      {
        name: 'Rénovation',
        ticketColor: '#2f9e44',
        tasks: [
          { taskName: 'Visite initiale', taskType: visit!.id, dueIn: 1, dueUnit: 'weeks' },
          { taskName: 'Rapport', dueIn: 1, dueUnit: 'months' },
        ],
      },
    ]);

    await page.goto(`${path('admin.projects.page', { id: project!.id })}#gantt`);
    const chart = page.getByRole('region', { name: 'Diagramme de Gantt des tickets du projet' });
    await chart.getByRole('button', { name: 'Diagnostic' }).waitFor();
    await chart.getByRole('button', { name: 'Devis' }).waitFor();
    await chart.getByRole('button', { name: '<img src=x onerror=alert(1)> & co' }).waitFor();
    await chart.getByText('<img src=x onerror=alert(1)> & co', { exact: true }).waitFor();
    expect(await chart.locator('img').count()).toBe(0);
    // "Diagnostic blocks Devis" is an arrow; today is marked.
    expect(await chart.locator('.arrow path').count()).toBe(1);
    expect(await chart.locator('.current-highlight').count()).toBe(1);
    await page.getByRole('list', { name: "Étapes, dans l'ordre des barres" }).getByText('À faire (3)').waitFor();
    await expectAccessible(page);

    // Month by month: the header's months are named in French, under their year.
    const scale = page.getByRole('radiogroup', { name: 'Échelle du diagramme' });
    expect(await scale.getByRole('radio', { name: 'Semaine' }).isChecked()).toBe(true);
    await chart
      .getByText(/^lun\. \d{2}\/\d{2}$/)
      .first()
      .waitFor();
    await scale.getByText('Mois', { exact: true }).click();
    expect(await scale.getByRole('radio', { name: 'Mois' }).isChecked()).toBe(true);
    await chart
      .getByText(/^20\d\d$/)
      .first()
      .waitFor();
    const month = new Intl.DateTimeFormat('fr', { month: 'long' }).format(new Date());
    await chart
      .getByText(new RegExp(`^${month}$`, 'i'))
      .first()
      .waitFor();
    await chart.getByRole('button', { name: 'Diagnostic' }).click();
    const modal = page.getByRole('dialog', { name: 'Modifier le ticket' });
    await expect.poll(() => modal.getByRole('textbox', { name: 'Nom' }).inputValue()).toBe('Diagnostic');
    await modal.getByRole('button', { name: 'Fermer' }).first().click();
    await modal.waitFor({ state: 'hidden' });
    // From the keyboard too: a bar is a button.
    await page.getByRole('button', { name: "Aujourd'hui" }).click();
    await chart.getByRole('button', { name: 'Devis' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => modal.getByRole('textbox', { name: 'Nom' }).inputValue()).toBe('Devis');
    await modal.getByRole('button', { name: 'Fermer' }).first().click();
    await modal.waitFor({ state: 'hidden' });

    // The time report: 90 + 110 minutes spent against 120 + 60 estimated.
    await page.getByRole('tab', { name: 'Temps' }).click();
    const totals = page.getByRole('region', { name: 'Estimé et passé', exact: true });
    await totals.getByText('3 h 20').waitFor();
    await totals.getByText('3 h', { exact: true }).waitFor();
    await totals.getByText('-20 min').waitFor();
    const byType = page.getByRole('region', { name: 'Temps par type de tâche' });
    await byType.getByRole('row', { name: 'Visite 1 h 30' }).waitFor();
    await byType.getByRole('row', { name: 'Sans type de tâche 1 h 50' }).waitFor();
    await page.getByRole('region', { name: 'Temps par utilisateur' }).getByText('3 h 20').waitFor();
    await page.getByRole('button', { name: 'Exporter' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Exporter en CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`temps-projet-${project!.id}.csv`);
    // Checked once the export menu has closed: while it fades out, its items are already gone.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectAccessible(page);

    // A task template adds its tickets, which the gantt shows.
    await page.getByRole('tab', { name: 'Gantt' }).click();
    await chart.getByRole('button', { name: 'Diagnostic' }).waitFor();
    await page.getByRole('button', { name: 'Appliquer un modèle de tâches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appliquer un modèle de tâches' });
    await dialog.getByRole('combobox', { name: 'Modèle de tâches' }).click();
    await page.getByRole('option', { name: 'Rénovation' }).click();
    await dialog.getByText('Ce modèle crée 2 tickets dans le projet').waitFor();
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Créer les tickets' }).click();
    await toast(page, '2 tickets créés.').waitFor();
    await chart.getByRole('button', { name: 'Visite initiale' }).waitFor();
    await chart.getByRole('button', { name: 'Rapport' }).waitFor();
    await page.getByRole('list', { name: "Étapes, dans l'ordre des barres" }).getByText('À faire (5)').waitFor();
    // A long scenario (two advisers, or every tab of the Gantt and time screens): 21–27 s alone, over 30 s
    // while the CI's PostgreSQL pass shares the two cores.
  }, 60_000);
});
