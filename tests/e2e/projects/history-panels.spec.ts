import { describe, expect, it } from 'vitest';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, settled, useBrowserAndServer } from '../../support/browser';
import { card, moveThroughApi, openBoard, projectWithTickets, workflow } from '../../support/ticket-board-page';

const started = useBrowserAndServer();

/** A day counted from today, as the API takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the project’s history and panels', () => {
  it('tells a ticket’s change before → after, its addition as an addition, and never its place on the board', async () => {
    const page = await started.openAsAdmin('/admin');
    const steps = await workflow(page);
    const { project, tickets } = await projectWithTickets(page, 'Maison Colin', [
      { name: 'Chantier', warnProject: true },
      { name: 'Métré' },
    ]);
    await moveThroughApi(page, tickets[0]!, steps['En cours']);

    await page.goto(`${path('admin.projects.page', { id: project })}#historique`);
    const history = page.getByRole('region', { name: 'Historique' });
    const changes = history.getByRole('listitem').filter({ hasText: /^Ticket : / });
    await expect
      .poll(() => changes.allTextContents())
      .toEqual([
        'Ticket : Chantier (modifié) — Étape : À faire → En cours',
        'Ticket : — → Métré',
        'Ticket : — → Chantier',
      ]);
    // A ticket added is an addition to the project, not a change of it.
    const entries = history.getByRole('listitem').filter({ has: page.getByRole('list') });
    const headings = (await entries.allTextContents()).map((text) => text.split(' — ')[1]);
    expect(headings).toContain('Ajout');
    expect((await entries.filter({ hasText: 'Ticket : — → Métré' }).first().textContent())?.split(' — ')[1]).toBe(
      'Ajout',
    );

    // The ticket's own history: its step before → after, nothing of its place in the column.
    await openBoard(page, project);
    await card(page, 'Chantier').click();
    const modal = page.getByRole('dialog', { name: 'Modifier le ticket' });
    await modal.getByRole('tab', { name: 'Historique' }).click();
    const lines = modal.getByRole('listitem');
    await expect.poll(() => lines.allTextContents()).toContain('Étape : À faire → En cours');
    const text = (await lines.allTextContents()).join('\n');
    expect(text).not.toContain('Position sur le kanban');
  });

  it('lists a child tab without the page’s own project, and adds « un partenaire »', async () => {
    const page = await started.openAsAdmin('/admin');
    const [atelier] = await createRecords(page, 'structures', [{ name: 'Atelier Vert' }]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Fabre' }]);
    await createRecords(page, 'partenaires-projet', [
      { project: project!.id, role: 'Bureau d’études', structure: atelier!.id },
    ]);
    await page.goto(`${path('admin.projects.page', { id: project!.id })}#partenaires`);
    const panel = page.getByRole('region', { name: 'Partenaires de projet' });
    await panel.getByRole('row').filter({ hasText: 'Bureau d’études' }).waitFor();
    const columns = await panel.getByRole('columnheader').allTextContents();
    expect(columns.some((name) => name.includes('Structure'))).toBe(true);
    expect(columns.some((name) => name.startsWith('Projet'))).toBe(false);
    await panel.getByRole('button', { name: 'Ajouter un partenaire' }).click();
    await page.getByRole('dialog', { name: 'Ajouter un partenaire' }).waitFor();
    await settled(page);
    await expectAccessible(page);
  });

  it('starts the Gantt’s weeks on Monday and draws each bar in its ticket’s colour', async () => {
    const page = await started.openAsAdmin('/admin');
    await createRecords(page, 'etapes', [{ name: 'À faire' }]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Gauthier' }]);
    const [insulation] = await createRecords(page, 'tickets', [
      { project: project!.id, name: 'Isolation', color: '#e03131', deadline: inDays(30) },
    ]);
    // Its one sub-task done: the whole bar is its done part, in the ticket's colour still.
    await createRecords(page, 'tickets-sous-taches', [{ ticket: insulation!.id, text: 'Commander', done: true }]);

    await page.goto(`${path('admin.projects.page', { id: project!.id })}#gantt`);
    const chart = page.getByRole('region', { name: 'Diagramme de Gantt des tickets du projet' });
    const bar = chart.getByRole('button', { name: 'Isolation' });
    await bar.waitFor();
    const weeks = (await chart.locator('.lower-text').allTextContents()).filter((text) => text.trim() !== '');
    expect(weeks.length).toBeGreaterThan(4);
    for (const week of weeks) expect(week).toMatch(/^lun\. \d{2}\/\d{2}$/);
    const fill = (selector: string) => bar.locator(selector).evaluate((element) => getComputedStyle(element).fill);
    expect(await fill('.bar')).toBe('rgb(224, 49, 49)');
    expect(await fill('.bar-progress')).toBe('rgb(224, 49, 49)');
  });

  it('titles a document after the file kept, and keeps no file it refuses', async () => {
    const page = await started.openAsAdmin('/admin');
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Brunet' }]);
    await page.goto(`${path('admin.projects.page', { id: project!.id })}#documents`);
    const form = page.getByRole('form', { name: 'Ajouter un document au projet' });
    const file = form.locator('input[type=file]');
    const title = form.getByRole('textbox', { name: /^Titre/ });
    const send = async (name: string) => {
      const sent = page.waitForResponse((response) => new URL(response.url()).pathname === path('api.upload'));
      await file.setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from('%PDF-1.4') });
      return (await sent).status();
    };
    expect(await send('devis-v1.pdf')).toBe(201);
    await expect.poll(() => title.inputValue()).toBe('devis-v1');
    // Another file chosen: the title follows it.
    expect(await send('devis-v2.pdf')).toBe(201);
    await expect.poll(() => title.inputValue()).toBe('devis-v2');
    // A file the documents refuse is not stored, and changes nothing.
    expect(await send('installateur.exe')).toBe(400);
    await form.getByText("Ce type de fichier n'est pas accepté", { exact: false }).waitFor();
    expect(await title.inputValue()).toBe('devis-v2');
    // A title typed by the adviser stays theirs.
    await title.fill('Devis retenu');
    expect(await send('devis-v3.pdf')).toBe(201);
    await expect.poll(() => form.getByRole('link', { name: 'devis-v3.pdf' }).count()).toBe(1);
    expect(await title.inputValue()).toBe('Devis retenu');
  });
});
