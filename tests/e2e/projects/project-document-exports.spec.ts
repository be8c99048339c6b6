import PizZip from 'pizzip';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import type { UploadedFile } from '../../../src/shared/resources/fields';
import { path } from '../../../src/shared/routes';
import { docxOf } from '../../../src/server/documents/docx-skeleton';
import { createRecords } from '../../support/api-as-page';
import { useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

describe('a project’s Export tab', () => {
  it('merges a chosen template file and downloads it named by reference, template and date', async () => {
    const page = await started.openAsAdmin('/admin');
    const [type] = await createRecords(page, 'types-projet', [{ name: 'Rénovation globale' }]);
    const [mission] = await createRecords(page, 'missions', [{ name: 'Conseil aux particuliers', allProjects: true }]);
    const [project] = await createRecords(page, 'projet', [
      { name: 'Maison Durand', missions: [{ mission: mission!.id, projectType: type!.id }] },
    ]);
    const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
    const headers = { 'x-csrf-token': session.csrfToken };
    const sent = await page.request.post(path('api.upload', { dossier: 'fichier-type', nom: 'Accusé.docx' }), {
      data: docxOf(['Projet {{ projet.nom }} ({{ projet.reference }})']),
      headers: { ...headers, 'content-type': 'application/octet-stream' },
    });
    const { path: file } = (await sent.json()) as UploadedFile;
    const [template] = await createRecords(page, 'fichier-type', [
      { name: 'Accusé de réception', file, projectTypes: [type!.id] },
    ]);
    await page.request.get(path('api.resource.publish', { resource: 'fichier-type', id: template!.id }), { headers });

    await page.goto(`${path('admin.projects.page', { id: project!.id })}#export`);
    await page.getByRole('combobox', { name: 'Fichier type' }).click();
    await page.getByRole('option', { name: 'Accusé de réception (.docx)' }).click();
    // No LibreOffice on this machine: no PDF choice.
    expect(await page.getByRole('checkbox', { name: 'En PDF' }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le document' }).click(),
    ]);
    const reference = String(project!.reference);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`${reference} - Accusé de réception - ${today}.docx`);
    const xml = new PizZip(await readFile((await download.path())!)).file('word/document.xml')!.asText();
    expect(xml).toContain(`Projet Maison Durand (${reference})`);
  }, 90_000);
});

describe('a selection’s ZIP built in the background', () => {
  it('ends with a notification in the bell and on the notifications screen that downloads the ZIP', async () => {
    const page = await started.openAsAdmin('/admin');
    const projects = await createRecords(
      page,
      'projet',
      Array.from({ length: 51 }, (_, index) => ({ name: `Maison Bernard ${index + 1}` })),
    );
    const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
    const headers = { 'x-csrf-token': session.csrfToken };
    const sent = await page.request.post(path('api.upload', { dossier: 'fichier-type', nom: 'Fiche.docx' }), {
      data: docxOf(['Fiche du projet {{ projet.nom }}']),
      headers: { ...headers, 'content-type': 'application/octet-stream' },
    });
    const { path: file } = (await sent.json()) as UploadedFile;
    const [template] = await createRecords(page, 'fichier-type', [{ name: 'Fiche projet', file }]);
    await page.request.get(path('api.resource.publish', { resource: 'fichier-type', id: template!.id }), { headers });
    const job = (await (
      await page.request.post(path('api.projects.export_multiple'), {
        data: { fichierType: template!.id, ids: projects.map(({ id }) => id) },
        headers,
      })
    ).json()) as { job: string };
    for (let tries = 0; ; tries += 1) {
      const state = (await (await page.request.get(path('api.projects.documents_job', { job: job.job }))).json()) as {
        status: string;
      };
      if (state.status === 'done') break;
      expect(tries).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    await page.reload();
    await page.getByRole('button', { name: /^Notifications : 1 non lue$/ }).click();
    const item = page.getByRole('menuitem', { name: /Export de documents terminé/ });
    await expect.poll(() => item.textContent()).toContain('Télécharger');
    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    const zip = new PizZip(await readFile((await download.path())!));
    expect(Object.keys(zip.files)).toHaveLength(51);

    await page.goto(path('admin.resource.list', { resource: 'notifications' }));
    const row = page.getByRole('row', { name: /Export de documents terminé/ });
    await expect.poll(() => row.textContent()).toContain('Les documents sont prêts');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Télécharger' }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/\.zip$/);
  }, 180_000);
});
