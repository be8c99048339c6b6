import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import type { UploadedFile } from '../../../src/shared/resources/fields';
import { path } from '../../../src/shared/routes';
import { docxOf } from '../../../src/server/documents/docx-skeleton';
import { createRecords } from '../../support/api-as-page';
import { toast, useBrowserAndServer } from '../../support/browser';
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const started = useBrowserAndServer({ env: () => ({ SMTP_URL: smtp.url }) });

describe('a project’s Export tab, "Envoyer par e-mail"', () => {
  it('opens « Envoyer un e-mail » with the merged document attached, and the mail arrives with it', async () => {
    const page = await started.openAsAdmin('/admin');
    const [owner] = await createRecords(page, 'individus', [
      { civility: 'madame', lastName: 'Durand', firstName: 'Sophie', email: 'sophie.durand@exemple.fr' },
    ]);
    const [project] = await createRecords(page, 'projet', [{ name: 'Maison Durand', ownerIndividual: owner!.id }]);
    const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
    const headers = { 'x-csrf-token': session.csrfToken };
    const sent = await page.request.post(path('api.upload', { dossier: 'fichier-type', nom: 'Accusé.docx' }), {
      data: docxOf(['Projet {{ projet.nom }} ({{ projet.reference }})']),
      headers: { ...headers, 'content-type': 'application/octet-stream' },
    });
    const { path: file } = (await sent.json()) as UploadedFile;
    const [template] = await createRecords(page, 'fichier-type', [{ name: 'Accusé de réception', file }]);
    await page.request.get(path('api.resource.publish', { resource: 'fichier-type', id: template!.id }), { headers });

    await page.goto(`${path('admin.projects.page', { id: project!.id })}#export`);
    await page.getByRole('combobox', { name: 'Fichier type' }).click();
    await page.getByRole('option', { name: 'Accusé de réception (.docx)' }).click();
    await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer un e-mail' });
    const name = `${String(project!.reference)} - Accusé de réception - ${new Date().toISOString().slice(0, 10)}.docx`;
    await dialog.getByRole('list', { name: 'Fichiers joints' }).getByText(name).waitFor();
    await dialog.getByRole('checkbox', { name: 'Durand Sophie (Porteur) – sophie.durand@exemple.fr' }).check();
    await dialog.getByRole('textbox', { name: 'Objet' }).fill('Votre accusé de réception');
    await dialog.getByRole('textbox', { name: 'Contenu' }).click();
    await page.keyboard.type('Veuillez trouver le document joint.');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, "L'e-mail a bien été envoyé.").waitFor();
    const mail = await smtp.nextMail('sophie.durand@exemple.fr', 30_000);
    expect(mail.subject).toBe('Votre accusé de réception');
    expect(mail.attachments).toEqual([name]);
  }, 120_000);
});
