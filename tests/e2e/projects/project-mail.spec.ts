import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import type { UploadedFile } from '../../../src/shared/resources/fields';
import { path } from '../../../src/shared/routes';
import { createRecords, createUserWithProfile, logInAs } from '../../support/api-as-page';
import { expectAccessible, listRow, toast, useBrowserAndServer } from '../../support/browser';

// Without SMTP_URL the mails are recorded, not sent: they show in "Mails envoyés" with that state.
const started = useBrowserAndServer();

const content =
  '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p><p>Votre projet « {{ projet.nom }} » avance.</p>';

/** A household with an address, its project and a template, created through the API. */
async function projectWithTemplate(page: Page, name: string, subject: string) {
  const [owner] = await createRecords(page, 'individus', [
    { civility: 'madame', lastName: name, firstName: 'Marie', email: `marie.${name.toLowerCase()}@exemple.fr` },
  ]);
  const [project] = await createRecords(page, 'projet', [{ name: `Maison ${name}`, ownerIndividual: owner!.id }]);
  const [template] = await createRecords(page, 'template-email', [{ subject, content }]);
  return { project: project!, template: template! };
}

/** Sends a mail from the project through the API, as a second tab would: now, or at `envoiLe`. */
async function sendByApi(page: Page, project: number, subject: string, envoiLe?: string): Promise<void> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.post(path('api.projects.send_email', { projet: project }), {
    data: { subject, html: '<p>Bonjour</p>', to: ['voisin@exemple.fr'], ...(envoiLe ? { envoiLe } : {}) },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  if (response.status() !== 202) throw new Error(`${subject}: ${response.status()} ${await response.text()}`);
}

/** Adds a document to the project through the API: its file sent first. */
async function addDocument(page: Page, project: number, title: string, name: string): Promise<void> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const headers = { 'x-csrf-token': session.csrfToken };
  const [documentType] = await createRecords(page, 'types-de-document', [{ name: `Type de ${title}` }]);
  const sent = await page.request.post(path('api.upload', { dossier: 'piece-jointe', nom: name }), {
    data: Buffer.from('%PDF-1.4 devis'),
    headers: { ...headers, 'content-type': 'application/octet-stream' },
  });
  const { path: file } = (await sent.json()) as UploadedFile;
  const created = await page.request.post(
    path('api.resource.children', { resource: 'projet', id: project, child: 'piece-jointe' }),
    { data: { title, documentType: documentType!.id, file }, headers },
  );
  if (created.status() !== 201) throw new Error(`${title}: ${created.status()} ${await created.text()}`);
}

const mailDialog = (page: Page) => page.getByRole('dialog', { name: 'Envoyer un e-mail' });

describe('mail from a project', () => {
  it('writes a mail from a template with its preview, checks free addresses, sends it and opens it in "Mails envoyés"', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTemplate(page, 'Dupont', 'Votre projet {{ projet.nom }}');
    await addDocument(page, project.id, 'Devis isolation', 'devis-isolation.pdf');
    await page.goto(`${path('admin.projects.page', { id: project.id })}#mails-envoyes`);
    await page.getByText('Aucun e-mail envoyé pour ce projet.').waitFor();
    await page.getByRole('button', { name: 'Envoyer un e-mail' }).click();
    const dialog = mailDialog(page);
    await dialog.getByRole('combobox', { name: "Modèle d'e-mail" }).click();
    await page.getByRole('option', { name: 'Votre projet {{ projet.nom }}' }).click();
    // The preview, resolved on this project, in the fields the mail is sent from.
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Objet' }).inputValue())
      .toBe('Votre projet Maison Dupont');
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Contenu' }).textContent())
      .toBe('Bonjour Madame Dupont,Votre projet « Maison Dupont » avance.');
    await dialog.getByRole('checkbox', { name: 'Dupont Marie (Porteur) – marie.dupont@exemple.fr' }).check();
    const others = dialog.getByRole('combobox', { name: 'Autres adresses' });
    await others.fill('pas-une-adresse');
    await others.press('Enter');
    await dialog.getByText("L'adresse email n'est pas valide").waitFor();
    await others.press('Backspace');
    await others.fill('voisin@exemple.fr');
    await others.press('Enter');
    await expect.poll(() => dialog.getByText("L'adresse email n'est pas valide").count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Devis isolation' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await toast(page, "L'e-mail a bien été envoyé.").waitFor();

    const sent = page.getByRole('table', { name: 'Mails envoyés' });
    const row = sent.getByRole('row').filter({ hasText: 'Votre projet Maison Dupont' });
    await row.getByRole('cell', { name: 'marie.dupont@exemple.fr, voisin@exemple.fr' }).waitFor();
    await row.getByText('Enregistré sans envoi').waitFor();
    await row.getByRole('button', { name: "Voir l'e-mail « Votre projet Maison Dupont »" }).click();
    const shown = page.getByRole('dialog', { name: 'Votre projet Maison Dupont' });
    const frame = shown.frameLocator('iframe[title="Contenu de l\'e-mail « Votre projet Maison Dupont »"]');
    await frame.getByText('Bonjour Madame Dupont,').waitFor();
    await expectAccessible(page);
  });

  it('attaches files uploaded in the form, one removed before sending', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTemplate(page, 'Garnier', 'Bienvenue');
    await page.goto(`${path('admin.projects.page', { id: project.id })}#mails-envoyes`);
    await page.getByRole('button', { name: 'Envoyer un e-mail' }).click();
    const dialog = mailDialog(page);
    await dialog.getByRole('textbox', { name: 'Objet' }).fill('Vos documents');
    await dialog.getByRole('textbox', { name: 'Contenu' }).click();
    await page.keyboard.type('Voici les documents de la visite.');
    await dialog.getByRole('checkbox', { name: /marie\.garnier@exemple\.fr/ }).check();
    const attached = dialog.getByRole('list', { name: 'Fichiers joints' });
    // One file at a time, as a person would: the next is chosen once the last shows in the list (the
    // form then offers a new file field; until then the old one, still disabled, would take it).
    const upload = async (name: string, listed: string[]) => {
      const sent = page.waitForResponse((response) => new URL(response.url()).pathname === path('api.upload'));
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`Contenu de ${name}`) });
      expect((await sent).status()).toBe(201);
      await expect.poll(() => attached.getByRole('listitem').allTextContents()).toEqual(listed);
    };
    await upload('notes-visite.txt', ['notes-visite.txt']);
    await upload('brouillon.txt', ['notes-visite.txt', 'brouillon.txt']);
    await attached.getByRole('button', { name: 'Retirer le fichier « brouillon.txt »' }).click();
    await expect.poll(() => attached.getByRole('listitem').allTextContents()).toEqual(['notes-visite.txt']);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await toast(page, "L'e-mail a bien été envoyé.").waitFor();

    const row = page
      .getByRole('table', { name: 'Mails envoyés' })
      .getByRole('row')
      .filter({ hasText: 'Vos documents' });
    await row.getByRole('button', { name: "Voir l'e-mail « Vos documents »" }).click();
    const shown = page.getByRole('dialog', { name: 'Vos documents' });
    await shown.getByRole('definition').filter({ hasText: 'notes-visite.txt' }).waitFor();
    expect(await shown.getByText('brouillon.txt').count()).toBe(0);
  });

  it('schedules a mail written freely, then cancels it after confirming', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTemplate(page, 'Martin', 'Invitation');
    await page.goto(`${path('admin.projects.page', { id: project.id })}#mails-programmes`);
    await page.getByText('Aucun e-mail programmé pour ce projet.').waitFor();
    await page.getByRole('button', { name: 'Envoyer un e-mail' }).click();
    const dialog = mailDialog(page);
    await dialog.getByRole('textbox', { name: 'Objet' }).fill('Rappel de votre visite');
    // A mail begun is not lost to a stray Escape (spec 2.2).
    await page.keyboard.press('Escape');
    const guard = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
    await guard.getByRole('button', { name: 'Rester' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Objet' }).inputValue()).toBe('Rappel de votre visite');
    await dialog.getByRole('textbox', { name: 'Contenu' }).click();
    await page.keyboard.type('Nous passerons chez vous le mois prochain.');
    await dialog.getByRole('checkbox', { name: /marie\.martin@exemple\.fr/ }).check();
    await dialog.getByRole('radio', { name: 'À une date' }).check();
    const next = new Date().getFullYear() + 1;
    await dialog.getByRole('textbox', { name: /^Envoi prévu le/ }).fill(`15/03/${next} - 09:30`);
    await dialog.getByRole('button', { name: "Programmer l'envoi" }).click();
    await toast(page, "L'e-mail a bien été programmé.").waitFor();

    const row = page
      .getByRole('table', { name: 'Mails programmés' })
      .getByRole('row')
      .filter({ hasText: 'Rappel de votre visite' });
    await row.getByRole('cell', { name: `15/03/${next} 09:30` }).waitFor();
    await row.getByText('Programmé').waitFor();
    await row.getByRole('button', { name: 'Changer la date' }).click();
    const dateDialog = page.getByRole('dialog', { name: "Nouvelle date d'envoi de « Rappel de votre visite »" });
    await dateDialog.getByRole('textbox', { name: /^Envoi prévu le/ }).fill(`16/03/${next} - 14:00`);
    await dateDialog.getByRole('button', { name: 'Changer la date' }).click();
    await toast(page, "La date d'envoi a bien été changée.").waitFor();
    await row.getByRole('cell', { name: `16/03/${next} 14:00` }).waitFor();
    await row.getByRole('button', { name: 'Annuler' }).click();
    const confirm = page.getByRole('dialog', { name: "Annuler l'envoi de « Rappel de votre visite » ?" });
    await confirm.getByRole('button', { name: "Annuler l'envoi" }).click();
    await toast(page, "L'envoi a bien été annulé.").waitFor();
    await page.getByText('Aucun e-mail programmé pour ce projet.').waitFor();
  });

  it('sends a mailing to the ticked projects from the list, saying how many recipients', async () => {
    const page = await started.openAsAdmin('/admin');
    await projectWithTemplate(page, 'Lefebvre', 'Campagne isolation');
    await projectWithTemplate(page, 'Moreau', 'Relance');
    await page.goto('/admin/projet?q=Maison');
    await listRow(page, 'Maison Moreau').waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner Maison Lefebvre' }).check();
    await page.getByRole('checkbox', { name: 'Sélectionner Maison Moreau' }).check();
    await page.getByRole('button', { name: 'Publipostage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publipostage : 2 projets sélectionnés' });
    await dialog.getByRole('combobox', { name: /^Modèle d'e-mail/ }).click();
    await page.getByRole('option', { name: 'Campagne isolation' }).click();
    await dialog.getByRole('combobox', { name: 'Aperçu pour le projet' }).click();
    await page.getByRole('option', { name: 'Maison Moreau' }).click();
    await dialog.frameLocator('iframe[title="Aperçu de l\'e-mail"]').getByText('Bonjour Madame Moreau,').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await toast(page, 'Publipostage envoyé : 2 destinataires.').waitFor();
  });

  it('inserts a variable into a template at the cursor, and shows an unknown variable’s error under the content', async () => {
    const page = await started.openAsAdmin(path('admin.resource.create', { resource: 'template-email' }));
    await page.getByRole('textbox', { name: /^Objet/ }).fill('Compte rendu de visite');
    const editor = page.getByRole('textbox', { name: /^Contenu/ });
    await editor.click();
    await page.keyboard.type('Bonjour  !');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Insérer la variable « Nom du porteur »' }).click();
    await expect.poll(() => editor.textContent()).toBe('Bonjour {{ porteur.nom }} !');
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' {{ porteur.age }}');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    // Under the content field, as its description.
    const unknown = "La variable « porteur.age » n'existe pas : choisissez-la dans la liste des variables.";
    await page.getByText(unknown).waitFor();
    await expect
      .poll(() =>
        editor.evaluate((area) => document.getElementById(area.getAttribute('aria-describedby') ?? '')?.textContent),
      )
      .toBe(unknown);
    await expectAccessible(page);
  });

  it('shows a read-only adviser the mails, and no way to send or cancel one', async () => {
    const page = await started.openAsAdmin('/admin');
    const { project } = await projectWithTemplate(page, 'Girard', 'Suivi');
    await sendByApi(page, project.id, 'Compte rendu envoyé');
    await sendByApi(page, project.id, 'Relance prévue', `${new Date().getFullYear() + 1}-06-01T08:00:00Z`);
    const adviser = await createUserWithProfile(page, {
      email: 'lecture.mails@exemple.fr',
      permissions: ['projet.consult'],
    });
    await logInAs(page, adviser);
    await page.goto(`${path('admin.projects.page', { id: project.id })}#mails-envoyes`);
    await page.getByRole('button', { name: "Voir l'e-mail « Compte rendu envoyé »" }).waitFor();
    expect(await page.getByRole('button', { name: 'Envoyer un e-mail' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Mails programmés' }).click();
    const scheduled = page
      .getByRole('table', { name: 'Mails programmés' })
      .getByRole('row')
      .filter({ hasText: 'Relance prévue' });
    await scheduled.getByText('Programmé').waitFor();
    expect(await scheduled.getByRole('button').allTextContents()).toEqual(['Relance prévue']);
    expect(await page.getByRole('button', { name: 'Envoyer un e-mail' }).count()).toBe(0);
  });

  // Settings, two projects with their templates, the list and the dialog: a long way round (60 s).
  it('saves the mail settings, and a mailing over the limit is refused with the server’s message', async () => {
    const page = await started.openAsAdmin(path('admin.configuration'));
    const settings = page.getByRole('form', { name: 'E-mails' });
    await settings.getByRole('textbox', { name: /^Limite du publipostage/ }).fill('1');
    await settings.getByRole('textbox', { name: /^E-mails par minute/ }).fill('0');
    await settings.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'La configuration a bien été enregistrée.').waitFor();
    await expectAccessible(page);

    await projectWithTemplate(page, 'Blanc', 'Invitation à la permanence');
    await projectWithTemplate(page, 'Roux', 'Rappel');
    await page.goto('/admin/projet?q=Maison');
    await listRow(page, 'Maison Roux').waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner Maison Blanc' }).check();
    await page.getByRole('checkbox', { name: 'Sélectionner Maison Roux' }).check();
    await page.getByRole('button', { name: 'Publipostage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publipostage : 2 projets sélectionnés' });
    await dialog.getByRole('combobox', { name: /^Modèle d'e-mail/ }).click();
    await page.getByRole('option', { name: 'Invitation à la permanence' }).click();
    await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await dialog
      .getByText('Vous avez sélectionné trop de projets pour un publipostage : réduisez votre sélection.')
      .waitFor();
  }, 60_000);
});
