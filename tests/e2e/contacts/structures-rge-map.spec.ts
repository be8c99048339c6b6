import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionPayload } from '../../../src/shared/account/account.schema';
import { isValidSiret } from '../../../src/shared/resources/formats';
import { path } from '../../../src/shared/routes';
import { createRecords } from '../../support/api-as-page';
import { errorToast, expectAccessible, shownValue, toast, useBrowserAndServer } from '../../support/browser';
import { rgeLine, startFakeOpenData, type FakeOpenData } from '../../support/fake-open-data';

/** A valid SIRET (Luhn) starting with these 13 digits. */
const siret = (start: string) => [...'0123456789'].map((digit) => start + digit).find(isValidSiret)!;
const KNOWN = siret('4401234560001');
const UNKNOWN = siret('4401234560002');

const started = useBrowserAndServer();
let fake: FakeOpenData;
let page: Page;

beforeAll(async () => {
  fake = await startFakeOpenData({
    rge: {
      [KNOWN]: {
        lines: [
          rgeLine(KNOWN),
          rgeLine(KNOWN, { domaine: 'Isolation des combles perdus' }),
          rgeLine(KNOWN, { code_qualification: '5111', nom_qualification: 'Pompe à chaleur : chauffage' }),
        ],
      },
    },
    places: {
      '12 rue des artisans': {
        longitude: 5.2251,
        latitude: 46.2052,
        label: '12 Rue des Artisans 01000 Bourg-en-Bresse',
      },
    },
  });
});
afterAll(() => fake?.close());

/** Points the server at the fake ADEME and BAN, through the configuration API, as an administrator would. */
async function useFakeOpenData(): Promise<void> {
  const session = (await (await page.request.get(path('api.session'))).json()) as SessionPayload;
  const response = await page.request.put(path('api.configuration.external_services'), {
    data: { rgeDatasetUrl: fake.rgeDatasetUrl, geocoderUrl: fake.geocoderUrl, timeoutMs: 5000 },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(response.status()).toBe(200);
}

const address = (street: string) => [
  { label: 'Siège', address: street, complement: '', postalCode: '01000', city: 'Bourg-en-Bresse', main: true },
];

describe('structure screen: RGE import and map', () => {
  it('imports the RGE qualifications from the structure screen, then shows its main address on the map page', async () => {
    page = await started.openAsAdmin('/admin/structures');
    await useFakeOpenData();
    const [structure] = await createRecords(page, 'structures', [
      { name: 'Isola Bresse', siret: KNOWN, activity: '43.29A', addresses: address('12 rue des Artisans') },
    ]);
    await page.goto(path('admin.resource.show', { resource: 'structures', id: structure!.id }));
    await page.getByRole('heading', { name: 'Isola Bresse', level: 1 }).waitFor();
    // The field of activity is named by its label, not by its code alone.
    await shownValue(page, "Secteur d'activité \\(code NAF\\)").getByText("43.29A — Travaux d'isolation").waitFor();

    await page.getByRole('button', { name: 'Importer les qualifications RGE' }).click();
    await toast(page, '2 qualifications RGE importées pour ISOLA BRESSE.').waitFor();
    const listed = shownValue(page, 'Qualifications').getByRole('listitem');
    await listed.first().waitFor();
    expect(await listed.allTextContents()).toEqual([
      expect.stringMatching(/^Code : 5111, Qualification : Pompe à chaleur : chauffage, /),
      expect.stringMatching(/^Code : 7131, .*Domaines : Isolation des murs, Isolation des combles perdus, /),
    ]);

    await page.getByRole('link', { name: 'Voir sur la carte' }).click();
    await page.waitForURL((url) => url.pathname === path('admin.structures.map', { id: structure!.id }));
    await page.getByRole('heading', { name: 'Carte : Isola Bresse', level: 1 }).waitFor();
    // The address in words, whether or not the tiles load (they cannot here: no internet).
    const words = page.getByRole('region', { name: 'Adresse principale', exact: true });
    expect(await words.innerText()).toContain('12 rue des Artisans\n01000 Bourg-en-Bresse');
    await page.getByRole('region', { name: "Carte de l'adresse principale" }).waitFor();
    await page
      .getByText('Position donnée par la Base adresse nationale : 12 Rue des Artisans 01000 Bourg-en-Bresse')
      .waitFor();
    await page.getByRole('button', { name: 'Zoom avant' }).waitFor();
    // Leaflet's own link says what it is in French too.
    expect(await page.getByRole('link', { name: 'Leaflet' }).getAttribute('title')).toBe(
      'Une bibliothèque JavaScript de cartes interactives',
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Retour à la structure' }).click();
    await page.getByRole('heading', { name: 'Isola Bresse', level: 1 }).waitFor();
  });

  it('says in French why an import is refused, takes a field of activity and a territory typed in the form, and says when an address cannot be placed', async () => {
    page = await started.openAsAdmin('/admin/structures');
    await useFakeOpenData();
    const [structure] = await createRecords(page, 'structures', [
      { name: 'Inconnue de l’ADEME', siret: UNKNOWN, addresses: address('3 impasse Introuvable') },
    ]);
    await page.goto(path('admin.resource.show', { resource: 'structures', id: structure!.id }));
    await page.getByRole('button', { name: 'Importer les qualifications RGE' }).click();
    await errorToast(
      page,
      `Aucun résultat : l'ADEME ne connaît aucune qualification RGE pour le SIRET ${UNKNOWN}.`,
    ).waitFor();

    // The field of activity is chosen by typing part of its code or label.
    await page.goto(path('admin.resource.edit', { resource: 'structures', id: structure!.id }));
    await page.getByRole('combobox', { name: "Secteur d'activité (code NAF)" }).fill('6201');
    await page.getByRole('option', { name: '62.01Z — Programmation informatique' }).click();
    // Territories of assignment: never the structure itself, nor one below it (that would make a loop).
    await createRecords(page, 'structures', [
      { name: 'Antenne de l’ADEME', parents: [structure!.id] },
      { name: 'Agence de l’ADEME Bourgogne' },
    ]);
    await page.getByRole('combobox', { name: 'Territoires de rattachement' }).fill('ADEME');
    const offered = page.getByRole('option').filter({ hasText: 'ADEME' });
    await offered.first().waitFor();
    expect(await offered.allTextContents()).toEqual(['Agence de l’ADEME Bourgogne']);
    await offered.first().click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Inconnue de l’ADEME', level: 1 }).waitFor();
    await shownValue(page, "Secteur d'activité \\(code NAF\\)")
      .getByText('62.01Z — Programmation informatique')
      .waitFor();
    await shownValue(page, 'Territoires de rattachement').getByText('Agence de l’ADEME Bourgogne').waitFor();

    await page.getByRole('link', { name: 'Voir sur la carte' }).click();
    await page.getByRole('heading', { name: 'Carte : Inconnue de l’ADEME', level: 1 }).waitFor();
    await page.getByText("Cette adresse n'a pas pu être placée sur la carte.").waitFor();
    expect(await page.getByRole('region', { name: 'Adresse principale', exact: true }).innerText()).toContain(
      '3 impasse Introuvable',
    );
  });
});
