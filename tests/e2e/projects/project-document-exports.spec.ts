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
