import { beforeAll, describe, expect, it } from 'vitest';
import type { FormFieldSummary } from '../../../src/server/resources/projet/champs-de-formulaire.server';
import type { ResourceRecord, Suggestion } from '../../../src/shared/resources/resource';
import { path } from '../../../src/shared/routes';
import { authHeaders, useAdminApp, type LoggedIn } from '../../support/test-app';
import { logInWithProfile } from '../../support/test-users';

const t = useAdminApp();
let consultant: LoggedIn;

beforeAll(async () => {
  // Consults the form builder, creates nothing.
  consultant = await logInWithProfile(t, {
    email: 'conseillere@exemple.fr',
    permissions: ['champs-de-formulaire.consult', 'formulaires.consult'],
  });
});

const get = (url: string, who = t.admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(who) });
const post = (url: string, payload: Record<string, unknown>, who = t.admin) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(who), payload });

const modalCreate = path('api.resource.modal_create', { resource: 'champs-de-formulaire' });
const allFields = async () => (await get(path('api.form_fields.all'))).json<FormFieldSummary[]>();

async function createField(values: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await post(path('api.resource.collection', { resource: 'champs-de-formulaire' }), values);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createForm(values: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await post(path('api.resource.collection', { resource: 'formulaires' }), values);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('champs-de-formulaire modal/ajouter', () => {
  it('creates a field and answers the record, with the default font size', async () => {
    const response = await post(modalCreate, { name: 'Surface habitable', type: 'number', unit: 'm²' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ResourceRecord>();
    expect(created).toMatchObject({
      name: 'Surface habitable',
      type: 'number',
      unit: 'm²',
      fontSize: 21,
      bold: false,
      options: [],
      states: [],
      createdBy: t.admin.session.user.id,
    });
    const shown = await get(path('api.form_fields.one', { id: created.id }));
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: created.id, name: 'Surface habitable', unit: 'm²' });
  });

  it('validates like the create form, and needs the right to create', async () => {
    const invalid = await post(modalCreate, { name: '', type: 'text' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ name: 'Ce champ est obligatoire.' });
    const refused = await post(modalCreate, { name: 'Champ refusé', type: 'text' }, consultant);
    expect(refused.statusCode).toBe(403);
    expect((await allFields()).map(({ name }) => name)).not.toContain('Champ refusé');
  });
});

describe('champs-de-formulaire rules', () => {
  it('refuses a select without options, with a French message on options, and creates nothing', async () => {
    const before = await allFields();
    for (const url of [modalCreate, path('api.resource.collection', { resource: 'champs-de-formulaire' })]) {
      const response = await post(url, { name: 'Type de chauffage', type: 'select', options: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ options: 'Ajoutez au moins une option à une liste de choix.' });
    }
    expect(await allFields()).toEqual(before);

    const withOptions = await createField({
      name: 'Type de chauffage',
      type: 'select',
      options: [{ label: 'Pompe à chaleur', value: 'pac' }],
    });
    expect(withOptions.options).toEqual([{ label: 'Pompe à chaleur', value: 'pac' }]);
    // An update is held to the same rules.
    const emptied = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'champs-de-formulaire', id: withOptions.id }),
      headers: authHeaders(t.admin),
      payload: { ...withOptions, options: [] },
    });
    expect(emptied.statusCode).toBe(400);
  });

  it('refuses a form state without states and a font size outside 8–72', async () => {
    const noStates = await post(modalCreate, { name: 'État du dossier', type: 'form_state' });
    expect(noStates.json().fieldErrors).toEqual({
      states: 'Ajoutez au moins un état à un champ « État du formulaire ».',
    });
    for (const fontSize of [7, 73]) {
      const response = await post(modalCreate, { name: 'Titre', type: 'title', fontSize });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        fontSize: 'La taille de police doit être comprise entre 8 et 72 px.',
      });
    }
    const withStates = await createField({
      name: 'État du dossier',
      type: 'form_state',
      fontSize: 8,
      states: [{ name: 'Complet', color: '#2f9e44' }],
    });
    expect(withStates).toMatchObject({ fontSize: 8, states: [{ name: 'Complet', color: '#2f9e44' }] });
  });
});

describe('champs-de-formulaire all-ajax and one-ajax', () => {
  it('lists every live field as id, name and type, by name', async () => {
    const field = await createField({ name: 'Année de construction', type: 'number' });
    const deleted = await createField({ name: 'Champ supprimé', type: 'text' });
    await post(path('api.resource.delete', { resource: 'champs-de-formulaire', id: deleted.id }), {});
    const all = await allFields();
    expect(all).toContainEqual({ id: field.id, name: 'Année de construction', type: 'number' });
    expect(all.map(({ id }) => id)).not.toContain(deleted.id);
    const names = all.map(({ name }) => name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(all[0]!).sort()).toEqual(['id', 'name', 'type']);
    // Any colleague may consult them.
    expect((await get(path('api.form_fields.all'), consultant)).statusCode).toBe(200);
  });

  it('answers 404 for a missing or deleted field, 401 without a session', async () => {
    expect((await get(path('api.form_fields.one', { id: 999999 }))).statusCode).toBe(404);
    expect((await get(path('api.form_fields.one', { id: 'abc' }))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path('api.form_fields.all') })).statusCode).toBe(401);
  });
});

describe('formulaires', () => {
  it('keeps its fields in order, and a field it uses cannot be deleted', async () => {
    const [a, b, c] = [
      await createField({ name: 'Date de la visite', type: 'date' }),
      await createField({ name: 'Observations', type: 'textarea' }),
      await createField({ name: 'Logement occupé', type: 'checkbox' }),
    ];
    const form = await createForm({ name: 'Visite à domicile', fields: [c.id, a.id, b.id] });
    expect(form).toMatchObject({ columns: 2, fields: [c.id, a.id, b.id], excludedFromProjectExport: false });
    const shown = await get(path('api.resource.item', { resource: 'formulaires', id: form.id }));
    expect(shown.json().titles.fields).toEqual({
      [a.id]: 'Date de la visite',
      [b.id]: 'Observations',
      [c.id]: 'Logement occupé',
    });

    const deleteField = (id: number) => post(path('api.resource.delete', { resource: 'champs-de-formulaire', id }), {});
    const refused = await deleteField(a.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "L'élément que vous tentez de supprimer est lié à un ou plusieurs autres éléments",
    );
    await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'formulaires', id: form.id }),
      headers: authHeaders(t.admin),
      payload: { name: 'Visite à domicile', fields: [c.id, b.id] },
    });
    expect((await deleteField(a.id)).statusCode).toBe(200);
  });

  it('refuses a number of columns outside 1–4', async () => {
    for (const columns of [0, 5]) {
      const response = await post(path('api.resource.collection', { resource: 'formulaires' }), {
        name: 'Diagnostic thermique',
        columns,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        columns: 'Le nombre de colonnes doit être compris entre 1 et 4.',
      });
    }
  });
});

describe('formulaires ajax-autocompleter', () => {
  it("suggests the form's autocomplete fields whose name holds the term, accents and case ignored", async () => {
    const company = await createField({ name: 'Entreprise de travaux', type: 'text', autocomplete: true });
    const adviser = await createField({ name: 'Conseiller référent', type: 'text', autocomplete: true });
    const plain = await createField({ name: 'Entreprise mandataire', type: 'text' });
    const elsewhere = await createField({ name: 'Entreprise RGE', type: 'text', autocomplete: true });
    const form = await createForm({ name: 'Diagnostic thermique', fields: [adviser.id, plain.id, company.id] });
    await createForm({ name: 'Autre formulaire', fields: [elsewhere.id] });
    const suggest = async (term: string) =>
      (await get(path('api.forms.autocompleter', { id: form.id, term }))).json<Suggestion[]>();

    expect(await suggest('ENTRE')).toEqual([{ value: company.id, label: 'Entreprise de travaux' }]);
    expect(await suggest('referent')).toEqual([{ value: adviser.id, label: 'Conseiller référent' }]);
    expect(await suggest('e')).toEqual([
      { value: adviser.id, label: 'Conseiller référent' },
      { value: company.id, label: 'Entreprise de travaux' },
    ]);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('chaudière')).toEqual([]);
    expect((await get(path('api.forms.autocompleter', { id: 999999, term: 'e' }))).statusCode).toBe(404);
  });
});

describe('champs-de-formulaire month-year (mm/aaaa, spec 5)', () => {
  const collection = path('api.resource.collection', { resource: 'champs-de-formulaire' });
  const monthYearError = 'Saisissez un mois et une année au format mm/aaaa, le mois entre 01 et 12.';

  it('keeps the months a month-year question accepts as "2026-03", and shows them as mm/aaaa in exports', async () => {
    const created = await createField({
      name: 'Mois de fin des travaux',
      type: 'month_year',
      firstMonth: '2024-01',
      lastMonth: '2030-12',
    });
    expect(created).toMatchObject({ type: 'month_year', firstMonth: '2024-01', lastMonth: '2030-12' });
    const exported = await get(
      path('api.resource.export', { resource: 'champs-de-formulaire', format: 'csv', q: 'Mois de fin des travaux' }),
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('01/2024;12/2030');
  });

  it('refuses a month that is not one, typed or sent otherwise, in French, and a last month before the first', async () => {
    const before = await allFields();
    for (const firstMonth of ['2026-13', '2026-00', '13/2026', '03/2026', '2026-3', 202603]) {
      const response = await post(collection, { name: 'Mois refusé', type: 'month_year', firstMonth });
      expect(response.statusCode, String(firstMonth)).toBe(400);
      expect(response.json().fieldErrors, String(firstMonth)).toEqual({ firstMonth: monthYearError });
    }
    const reversed = await post(collection, {
      name: 'Mois inversés',
      type: 'month_year',
      firstMonth: '2027-01',
      lastMonth: '2026-12',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toEqual({
      lastMonth: 'Le dernier mois accepté ne peut pas précéder le premier.',
    });
    expect(await allFields()).toEqual(before);
  });
});
