import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import type { UploadedFile } from '../../../src/shared/resources/fields';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { expectAccessible, listRow, settled, useBrowserAndServer } from '../../support/browser';

const started = useBrowserAndServer();

/** Adds a document to a project through the API, as a second tab would: its file sent first. */
async function addDocument(
  page: Page,
  project: number,
  { title, documentType, name, text }: { title: string; documentType: number; name: string; text: string },
): Promise<void> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const headers = { 'x-csrf-token': session.csrfToken };
  const sent = await page.request.post(path('api.upload', { dossier: 'piece-jointe', nom: name }), {
    data: Buffer.from(text),
    headers: { ...headers, 'content-type': 'application/octet-stream' },
  });
  const { path: file } = (await sent.json()) as UploadedFile;
  const created = await page.request.post(
    path('api.resource.children', { resource: 'projet', id: project, child: 'piece-jointe' }),
    { data: { title, documentType, file }, headers },
  );
  if (created.status() !== 201) throw new Error(`${title}: ${created.status()} ${await created.text()}`);
}

/** How many records the list shows (its rows but the header). */
const shownRows = async (page: Page) => (await page.getByRole('table').getByRole('row').count()) - 1;

describe('the documents screen', () => {
  it('lists every document, filtered by project and by a free search on title or file name, each with its download link', async () => {
    const page = await started.openAsAdmin('/admin');
    const [quote, invoice] = await createRecords(page, 'types-de-document', [{ name: 'Devis' }, { name: 'Facture' }]);
    const [house, condo] = await createRecords(page, 'projet', [
      { name: 'Maison Dupont' },
      { name: 'Copropriété Les Charmilles' },
    ]);
    await addDocument(page, house!.id, {
      title: 'Devis toiture',
      documentType: quote!.id,
      name: 'devis-toiture.pdf',
      text: '%PDF-1.4 devis',
    });
    await addDocument(page, house!.id, {
      title: 'Facture chaudière',
      documentType: invoice!.id,
      name: 'facture-chaudiere.pdf',
      text: '%PDF-1.4 facture',
    });
    await addDocument(page, condo!.id, {
      title: 'Devis ravalement',
      documentType: quote!.id,
      name: 'ravalement-facade.pdf',
      text: '%PDF-1.4 ravalement',
    });

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Documents', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await listRow(page, 'Devis ravalement').waitFor();
    const download = listRow(page, 'Devis toiture').getByRole('link', { name: 'devis-toiture.pdf' });
    expect(await download.getAttribute('href')).toMatch(/^\/uploads\/piece-jointe\/[0-9a-f-]{36}\/devis-toiture\.pdf$/);
    // The link gives the file back as it was sent.
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(await file.text()).toBe('%PDF-1.4 devis');

    await page.getByRole('button', { name: /^Filtres de recherche/ }).click();
    const filters = page.getByRole('search', { name: 'Filtres de recherche' });
    await filters.waitFor();
    await settled(page);
    await filters.getByRole('textbox', { name: "Date d'ajout : à partir du" }).waitFor();
    await filters.getByRole('textbox', { name: "Date d'ajout : jusqu'au" }).waitFor();
    await filters.getByRole('combobox', { name: 'Projet' }).fill('Dupont');
    await page.getByRole('option', { name: 'Maison Dupont' }).click();
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('project')).toBe(String(house!.id));
    await expect.poll(() => shownRows(page)).toBe(2);
    await listRow(page, 'Devis toiture').waitFor();
    await listRow(page, 'Facture chaudière').waitFor();

    // The free search finds a file by its name, within the project chosen.
    await filters.getByRole('searchbox', { name: 'Rechercher' }).fill('chaudiere');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => shownRows(page)).toBe(1);
    await listRow(page, 'Facture chaudière').getByRole('link', { name: 'facture-chaudiere.pdf' }).waitFor();
    await expectAccessible(page);
  });

  it('deletes a document through the delete dialog, and the project’s history names its addition and deletion', async () => {
    const page = await started.openAsAdmin('/admin');
    const [report] = await createRecords(page, 'types-de-document', [{ name: "Rapport d'audit" }]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Martin' }]);
    await addDocument(page, project!.id, {
      title: 'Audit énergétique',
      documentType: report!.id,
      name: 'audit-martin.pdf',
      text: '%PDF-1.4 audit',
    });
    await page.goto(path('admin.resource.list', { resource: 'piece-jointe' }));
    await page.getByRole('button', { name: 'Supprimer « Audit énergétique »' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suppression' });
    await dialog.getByText('Voulez-vous vraiment supprimer « Audit énergétique » ?').waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('status').filter({ hasText: "L'élément a été supprimé." }).waitFor();
    await expect.poll(() => listRow(page, 'Audit énergétique').count()).toBe(0);

    // The project's page, at its history tab.
    await page.goto(`${path('admin.projects.page', { id: project!.id })}#historique`);
    const history = page.getByRole('region', { name: 'Historique' });
    const changes = history.getByRole('listitem').filter({ hasText: /^Document : / });
    await expect
      .poll(() => changes.allTextContents())
      .toEqual(['Document : Audit énergétique → —', 'Document : — → Audit énergétique']);
    await expectAccessible(page);
  });
});
