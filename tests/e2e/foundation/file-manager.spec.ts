import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import type { UploadedFile } from '../../../src/shared/resources/fields';
import { path } from '../../../src/shared/routes';
import { boxOf, expectAccessible, useBrowserAndServer } from '../../support/browser';

// The file manager pop-up (issue 30, spec 1 and 9): opened from a file field in a framed window of
// 880 by 570, a file chosen there lands in the field; from a rich text, it goes in as a link.
const started = useBrowserAndServer();

/** A file sent with the page's own session, as the file field would send it. */
async function uploaded(page: Page, folder: string, name: string, content: string): Promise<UploadedFile> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.post(path('api.upload', { dossier: folder, nom: name }), {
    data: Buffer.from(content),
    headers: { 'x-csrf-token': session.csrfToken, 'content-type': 'application/octet-stream' },
  });
  if (response.status() !== 201) throw new Error(`upload: ${response.status()} ${await response.text()}`);
  return (await response.json()) as UploadedFile;
}

describe('the file manager pop-up', () => {
  it('opens from a file field in a frame of 880 by 570, the file chosen fills the field; from a rich text, a link', async () => {
    const page = await started.openAsAdmin(path('admin.resource.create', { resource: 'fichier-type' }));
    const file = await uploaded(page, 'fichier-type', 'devis-type.docx', '%PDF-1.4 devis');

    await page.getByRole('button', { name: 'Parcourir les fichiers pour « Fichier »' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gestionnaire de fichiers' });
    const frameElement = dialog.locator('iframe[title="Gestionnaire de fichiers"]');
    await frameElement.waitFor();
    const box = await boxOf(frameElement);
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([880, 570]);

    const frame = page.frameLocator('iframe[title="Gestionnaire de fichiers"]');
    await frame.getByRole('tab', { name: 'Fichiers envoyés' }).waitFor();
    await frame.getByRole('button', { name: 'Ouvrir le dossier fichier-type' }).click();
    await frame.getByRole('columnheader', { name: 'Trier par Taille' }).waitFor();
    await expectAccessible(page);
    await frame.getByRole('button', { name: 'Choisir devis-type.docx' }).click();

    await dialog.waitFor({ state: 'hidden' });
    const current = page.getByRole('link', { name: 'devis-type.docx' });
    await current.waitFor();
    expect(await current.getAttribute('href')).toBe(path('uploads.file', { chemin: file.path }));

    // Below 880 pixels the window narrows with the screen.
    await page.setViewportSize({ width: 600, height: 800 });
    await page.getByRole('button', { name: 'Parcourir les fichiers pour « Fichier »' }).click();
    await frameElement.waitFor();
    expect((await boxOf(frameElement)).width).toBeLessThanOrEqual(600);
    await dialog.getByRole('button', { name: 'Fermer le gestionnaire de fichiers' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // From a rich text: the file chosen goes in as a link to it.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(path('admin.resource.create', { resource: 'template-email' }));
    const content = page.getByRole('textbox', { name: 'Contenu' });
    await content.click();
    await page.getByRole('button', { name: 'Insérer un fichier ou une image' }).first().click();
    await frame.getByRole('button', { name: 'Ouvrir le dossier fichier-type' }).click();
    await frame.getByRole('button', { name: 'Choisir devis-type.docx' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const link = content.getByRole('link', { name: 'devis-type.docx' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(path('uploads.file', { chemin: file.path }));
  });
});
