import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormProgress, HeaderCharacteristic, ProjectForm } from '../../src/shared/project-characteristics';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { ResourcePage } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { resourceRequests } from '../support/resource-requests';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

/**
 * A project's dynamic forms (issue 13): the forms its project types and theme call for, minus those
 * the user's access profiles hide; values checked by type and saved in one transaction; progress,
 * header, the list's filter, the history; a hidden project answers as a missing one.
 */
const t = useAdminApp();
let reader: LoggedIn;
const ids = {} as Record<
  | 'house'
  | 'condo'
  | 'theme'
  | 'mission'
  | 'individual'
  | 'structure'
  | 'housing'
  | 'energy'
  | 'condoForm'
  | 'secret'
  | 'project'
  | 'other'
  | 'confidential',
  number
>;
const field: Record<string, number> = {};
/** A form field's id, by name. */
const f = (name: string): number => {
  const id = field[name];
  if (id === undefined) throw new Error(`no field "${name}"`);
  return id;
};
const SAVE_ERROR = "Une erreur est survenue lors de l'enregistrement des caractéristiques.";

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = t.admin) =>
  t.app.inject({ method, url, headers: authHeaders(who), ...(payload ? { payload } : {}) });
const formUrl = (projet: number, form: number) => path('api.projects.characteristics', { projet, form });
const formsOf = async (projet: number, who = t.admin) => {
  const response = await request('GET', path('api.projects.forms', { projet }), undefined, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProjectForm[]>();
};
const valuesOf = async (projet: number, form: number) =>
  (await request('GET', formUrl(projet, form))).json<ProjectForm>().values;

beforeAll(async () => {
  const api = resourceRequests(t.app, t.admin);
  const created = async (slug: string, values: Record<string, unknown>) => (await api.created(slug, values)).id;
  ids.house = await created('types-projet', { name: 'Maison individuelle' });
  ids.condo = await created('types-projet', { name: 'Copropriété' });
  ids.theme = await created('thematiques-projet', { name: 'Rénovation énergétique' });
  ids.mission = await created('missions', { name: 'Conseil aux particuliers' });
  ids.individual = await created('individus', { lastName: 'Martin', firstName: 'Julie' });
  ids.structure = await created('structures', { name: 'Mairie de Lyon' });
  const newField = async (name: string, values: Record<string, unknown>) => {
    field[name] = await created('champs-de-formulaire', { name, ...values });
  };
  await newField('Le logement', { type: 'title' });
  await newField('Adresse du chantier', { type: 'text' });
  await newField('Description', { type: 'textarea' });
  await newField('Surface', {
    type: 'number',
    thousandsSeparator: true,
    unit: 'm²',
    highlightColor: '#e03131',
    bold: true,
  });
  await newField('Date de visite', { type: 'date' });
  await newField('Mois des travaux', { type: 'month_year', firstMonth: '2026-01', lastMonth: '2027-12' });
  const energies = [
    { label: 'Gaz', value: 'gaz' },
    { label: 'Électricité', value: 'electricite' },
    { label: 'Bois', value: 'bois' },
  ];
  await newField('Chauffage', { type: 'select', options: energies, highlightColor: '#1971c2', fontSize: 16 });
  await newField('Énergies', { type: 'multiselect', options: energies });
  await newField('Audit réalisé', { type: 'checkbox' });
  await newField('Propriétaire', { type: 'individual' });
  await newField('Syndic', { type: 'structure' });
  await newField('Type de toiture', {
    type: 'text',
    autocomplete: true,
    options: [{ label: 'Tuiles', value: 'Tuiles' }],
  });
  await newField('État du dossier', {
    type: 'form_state',
    states: [
      { name: 'En cours', color: '#f08c00' },
      { name: 'Complet', color: '#2f9e44' },
    ],
  });
  await newField('Tableau de bord', { type: 'iframe', iframeUrl: 'https://www.data.gouv.fr/fr/reuses/exemple/' });
  await newField('Site inconnu', { type: 'iframe', iframeUrl: 'https://pirate.exemple.com/page' });
  await newField('Nombre de lots', { type: 'number' });
  await newField('Note confidentielle', { type: 'text' });

  const housingFields = [
    'Le logement',
    'Adresse du chantier',
    'Description',
    'Surface',
    'Date de visite',
    'Mois des travaux',
    'Chauffage',
    'Énergies',
    'Audit réalisé',
    'Propriétaire',
    'Syndic',
    'Type de toiture',
    'État du dossier',
    'Tableau de bord',
    'Site inconnu',
  ].map(f);
  ids.housing = await created('formulaires', {
    name: 'Logement',
    columns: 3,
    projectTypes: [ids.house],
    fields: housingFields,
  });
  ids.energy = await created('formulaires', {
    name: 'Énergie',
    projectThemes: [ids.theme],
    fields: [f('Chauffage'), f('Nombre de lots')],
  });
  ids.condoForm = await created('formulaires', { name: 'Copropriété', projectTypes: [ids.condo], fields: [] });
  ids.secret = await created('formulaires', {
    name: 'Suivi interne',
    projectTypes: [ids.house],
    fields: [f('Note confidentielle')],
  });
  ids.project = await created('projet', {
    name: 'Rénovation Martin',
    status: 'public',
    theme: ids.theme,
    missions: [{ mission: ids.mission, projectType: ids.house }],
  });
  ids.other = await created('projet', {
    name: 'Rénovation Durand',
    status: 'public',
    missions: [{ mission: ids.mission, projectType: ids.house }],
  });
  ids.confidential = await created('projet', {
    name: 'Dossier confidentiel',
    status: 'confidential',
    missions: [{ mission: ids.mission, projectType: ids.house }],
  });

  // A user without mission (they see the non-confidential projects) whose profile hides "Suivi interne".
  reader = await logInWithProfile(t, {
    email: 'conseiller@exemple.fr',
    permissions: ['projet.consult', 'projet.modify', 'projet.other'],
  });
  await t.database.db.execute(
    sql`update access_profiles set hidden_forms = array[${ids.secret}::integer]
        where id = (select group_ids[1] from users where email = 'conseiller@exemple.fr')`,
  );
});

describe('the forms of a project', () => {
  it('are those of its project types and theme, by name, with their fields in order', async () => {
    const forms = await formsOf(ids.project);
    expect(forms.map((form) => form.name)).toEqual(['Énergie', 'Logement', 'Suivi interne']);
    const housing = forms.find((form) => form.name === 'Logement')!;
    expect(housing.columns).toBe(3);
    expect(housing.fields.map((one) => one.name)).toEqual([
      'Le logement',
      'Adresse du chantier',
      'Description',
      'Surface',
      'Date de visite',
      'Mois des travaux',
      'Chauffage',
      'Énergies',
      'Audit réalisé',
      'Propriétaire',
      'Syndic',
      'Type de toiture',
      'État du dossier',
      'Tableau de bord',
      'Site inconnu',
    ]);
    expect(housing.fields.find((one) => one.name === 'Surface')).toMatchObject({
      type: 'number',
      thousandsSeparator: true,
      unit: 'm²',
      fontSize: 21,
    });
    // An iframe's page only on an allowed site (www.data.gouv.fr is one by default).
    expect(housing.fields.find((one) => one.name === 'Tableau de bord')!.iframeUrl).toBe(
      'https://www.data.gouv.fr/fr/reuses/exemple/',
    );
    expect(housing.fields.find((one) => one.name === 'Site inconnu')!.iframeUrl).toBeNull();
    expect(housing.values).toEqual({});
    // Without the theme, only the type's forms.
    expect((await formsOf(ids.other)).map((form) => form.name)).toEqual(['Logement', 'Suivi interne']);
  });

  it('leave out the forms the user’s access profiles hide', async () => {
    expect((await formsOf(ids.project, reader)).map((form) => form.name)).toEqual(['Énergie', 'Logement']);
    const hidden = await request('GET', formUrl(ids.project, ids.secret), undefined, reader);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Le formulaire demandé est introuvable pour ce projet.');
    const saved = await request(
      'POST',
      formUrl(ids.project, ids.secret),
      { values: { [f('Note confidentielle')]: 'x' } },
      reader,
    );
    expect(saved.statusCode).toBe(404);
    // A form the project does not call for.
    expect((await request('GET', formUrl(ids.project, ids.condoForm))).statusCode).toBe(404);
  });
});

describe('saving characteristics', () => {
  const good = () => ({
    [f('Adresse du chantier')]: '12 rue des Lilas',
    [f('Description')]: 'Maison de 1930\nà isoler',
    [f('Surface')]: 1250.5,
    [f('Date de visite')]: '2026-03-31',
    [f('Mois des travaux')]: '2026-09',
    [f('Chauffage')]: 'gaz',
    [f('Énergies')]: ['gaz', 'bois'],
    [f('Audit réalisé')]: true,
    [f('Propriétaire')]: ids.individual,
    [f('Syndic')]: ids.structure,
    [f('Type de toiture')]: 'Ardoises',
    [f('État du dossier')]: 'En cours',
  });

  it('keeps each value with its type, and counts the progress', async () => {
    const response = await request('POST', formUrl(ids.project, ids.housing), { values: good() });
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json<ProjectForm>();
    expect(form.values).toEqual(good());
    expect(form.titles).toEqual({ [f('Propriétaire')]: 'Martin Julie', [f('Syndic')]: 'Mairie de Lyon' });
    const progress = await request('GET', path('api.projects.form_progress', { id: ids.project, form: ids.housing }));
    expect(progress.json<FormProgress>()).toEqual({
      filled: 11,
      total: 11,
      state: { name: 'En cours', color: '#f08c00' },
    });
  });

  it('clears a value given empty, and PUT saves as POST does', async () => {
    const response = await request('PUT', formUrl(ids.project, ids.housing), {
      values: { [f('Audit réalisé')]: false, [f('Type de toiture')]: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const progress = await request('GET', path('api.projects.form_progress', { id: ids.project, form: ids.housing }));
    expect(progress.json<FormProgress>()).toMatchObject({ filled: 9, total: 11 });
    await request('PUT', formUrl(ids.project, ids.housing), { values: good() });
  });

  const bad: [string, unknown, string][] = [
    ['Adresse du chantier', 'x'.repeat(256), 'Ce champ est trop long.'],
    ['Adresse du chantier', 12, 'Veuillez saisir un texte.'],
    ['Surface', 'beaucoup', 'Veuillez saisir un nombre.'],
    ['Date de visite', '2026-02-30', "La date n'est pas valide."],
    ['Mois des travaux', '2025-12', 'Ce mois est hors de la période acceptée par le champ.'],
    ['Mois des travaux', '13/2026', 'Saisissez un mois et une année au format mm/aaaa, le mois entre 01 et 12.'],
    ['Chauffage', 'fioul', 'Veuillez choisir une valeur de la liste.'],
    ['Énergies', ['gaz', 'charbon'], 'Veuillez choisir une valeur de la liste.'],
    ['Audit réalisé', 'oui', 'Veuillez choisir une valeur de la liste.'],
    ['Propriétaire', 999_999, "L'élément choisi n'existe pas ou a été supprimé."],
    ['Syndic', 'Mairie', "L'élément choisi n'existe pas ou a été supprimé."],
    ['État du dossier', 'Archivé', 'Veuillez choisir une valeur de la liste.'],
    ['Le logement', 'un titre', 'Ce champ ne prend pas de valeur.'],
    ['Tableau de bord', 'https://exemple.fr', 'Ce champ ne prend pas de valeur.'],
    ['Nombre de lots', 3, "Ce champ n'appartient pas au formulaire."],
  ];
  for (const [name, value, message] of bad) {
    it(`refuses ${JSON.stringify(value).slice(0, 30)} for « ${name} », changing nothing`, async () => {
      const before = await valuesOf(ids.project, ids.housing);
      const response = await request('POST', formUrl(ids.project, ids.housing), {
        values: { [f('Adresse du chantier')]: '1 place Bellecour', [f(name)]: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: SAVE_ERROR, fieldErrors: { [f(name)]: message } });
      expect(await valuesOf(ids.project, ids.housing)).toEqual(before);
    });
  }

  it('saves several forms at once (forms/{projet})', async () => {
    const response = await request('POST', path('api.projects.forms', { projet: ids.project }), {
      forms: {
        [ids.energy]: { [f('Nombre de lots')]: 12 },
        [ids.housing]: { [f('Chauffage')]: 'bois' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const forms = response.json<ProjectForm[]>();
    // Chauffage is in both forms: one value per project.
    expect(forms.find((form) => form.id === ids.energy)!.values).toEqual({
      [f('Chauffage')]: 'bois',
      [f('Nombre de lots')]: 12,
    });
    const refused = await request('POST', path('api.projects.forms', { projet: ids.project }), {
      forms: { [ids.energy]: { [f('Nombre de lots')]: 13 }, [ids.housing]: { [f('Chauffage')]: 'fioul' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SAVE_ERROR);
    expect((await valuesOf(ids.project, ids.energy))[f('Nombre de lots')]).toBe(12);
  });
});

describe('what the saved characteristics show', () => {
  it('puts the highlighted ones in the header, with colour, weight and size', async () => {
    const response = await request('GET', path('api.projects.header_characteristics', { id: ids.project }));
    expect(response.statusCode).toBe(200);
    expect(response.json<HeaderCharacteristic[]>()).toEqual([
      { field: f('Chauffage'), name: 'Chauffage', value: 'Bois', color: '#1971c2', bold: false, fontSize: 16 },
      { field: f('Surface'), name: 'Surface', value: '1\u202f250,5 m²', color: '#e03131', bold: true, fontSize: 21 },
    ]);
  });

  it('writes each change to the project’s history, its label before → after', async () => {
    const response = await request('GET', path('api.resource.history', { resource: 'projet', id: ids.project }));
    const { entries } = response.json<AuditPage>();
    expect(entries[0]!.changes).toEqual([
      { field: `characteristics.${f('Nombre de lots')}`, label: 'Nombre de lots', before: null, after: '12' },
      { field: `characteristics.${f('Chauffage')}`, label: 'Chauffage', before: 'Gaz', after: 'Bois' },
    ]);
    const first = entries.find((entry) => entry.changes.some((change) => change.label === 'Propriétaire'))!;
    expect(first.changes).toContainEqual({
      field: `characteristics.${f('Propriétaire')}`,
      label: 'Propriétaire',
      before: null,
      after: 'Martin Julie',
    });
  });

  // Many saves and list queries: 10 s on a quiet 2-core machine, more under load.
  it('filters the project list on a characteristic', { timeout: 90_000 }, async () => {
    await request('POST', formUrl(ids.other, ids.housing), {
      values: { [f('Chauffage')]: 'gaz', [f('Énergies')]: ['electricite'] },
    });
    const names = async (query: string) => {
      const response = await request('GET', `${path('api.resource.collection', { resource: 'projet' })}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ResourcePage>().items.map((item) => item.name);
    };
    const param = (name: string) => encodeURIComponent(`caracteristique[${f(name)}]`);
    expect(await names(`${param('Chauffage')}=bois`)).toEqual(['Rénovation Martin']);
    expect(await names(`${param('Chauffage')}=gaz`)).toEqual(['Rénovation Durand']);
    expect(await names(`${param('Énergies')}=electricite`)).toEqual(['Rénovation Durand']);
    expect(await names(`${param('Adresse du chantier')}=12%20RUE%20des%20lilas`)).toEqual(['Rénovation Martin']);
    expect(await names(`${param('Surface')}=1250.5`)).toEqual(['Rénovation Martin']);
    expect(await names(`${param('Chauffage')}=fioul`)).toEqual([]);
    // The API document says so.
    const document = (await request('GET', '/api/openapi.json')).json<{
      paths: Record<string, { get: { parameters: { name: string; style?: string }[] } }>;
    }>();
    expect(document.paths['/api/projet']!.get.parameters).toContainEqual(
      expect.objectContaining({ name: 'caracteristique', in: 'query', style: 'deepObject' }),
    );
  });

  it('mark the project modified, by whoever saved them, when a value changes', async () => {
    await t.database.db.execute(
      sql`update projects set updated_at = '2026-01-05T10:00:00Z', updated_by = null where id = ${ids.other}`,
    );
    const modified = async () => {
      const response = await request('GET', path('api.resource.item', { resource: 'projet', id: ids.other }));
      return response.json<{ updatedAt: string; updatedBy: number | null }>();
    };
    const values = { [f('Adresse du chantier')]: '3 rue des Acacias' };
    const saved = await request('POST', formUrl(ids.other, ids.housing), { values }, reader);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await modified();
    expect(after.updatedBy).toBe(reader.session.user.id);
    expect(Date.now() - Date.parse(after.updatedAt)).toBeLessThan(60_000);
    // Saving the same values again changes nothing, the date either.
    await t.database.db.execute(sql`update projects set updated_at = '2026-01-05T10:00:00Z' where id = ${ids.other}`);
    await request('POST', formUrl(ids.other, ids.housing), { values }, t.admin);
    expect(await modified()).toMatchObject({
      updatedAt: '2026-01-05T10:00:00.000Z',
      updatedBy: reader.session.user.id,
    });
  });

  it('write one history entry per save that changes a value, by whoever saved, none for a save that changes nothing', async () => {
    const history = async () =>
      (await request('GET', path('api.resource.history', { resource: 'projet', id: ids.other }))).json<AuditPage>();
    const { total } = await history();
    const values = { [f('Description')]: 'Pavillon de 1975' };
    for (let save = 0; save < 2; save++) {
      const saved = await request('POST', formUrl(ids.other, ids.housing), { values }, reader);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const after = await history();
    expect(after.total).toBe(total + 1);
    expect(after.entries[0]).toMatchObject({
      action: 'update',
      actorName: 'conseiller@exemple.fr',
      changes: [
        { field: `characteristics.${f('Description')}`, label: 'Description', before: null, after: 'Pavillon de 1975' },
      ],
    });
  });
});

describe('the project export', () => {
  it('adds a column per characteristic, each value as shown', async () => {
    const url = `${path('api.resource.export', { resource: 'projet', format: 'csv' })}&${encodeURIComponent(
      `caracteristique[${f('Chauffage')}]`,
    )}=bois`;
    const response = await request('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const [header, row, end] = response.body.split('\r\n');
    expect(header).toMatch(
      /;Chauffage;Nombre de lots;Adresse du chantier;Description;Surface;Date de visite;Mois des travaux;Énergies;Audit réalisé;Propriétaire;Syndic;Type de toiture;État du dossier;Note confidentielle$/,
    );
    expect(row).toMatch(/^Rénovation Martin;/);
    expect(
      row!.endsWith(
        ';Bois;12;12 rue des Lilas;"Maison de 1930\nà isoler";"1\u202f250,5 m²";31/03/2026;09/2026;"Gaz, Bois";Oui;Martin Julie;Mairie de Lyon;Ardoises;En cours;',
      ),
      row,
    ).toBe(true);
    expect(end).toBe('');
  });
});

describe('a project hidden by the read scope', () => {
  it('answers every characteristics route exactly as a missing one', async () => {
    const routes = (id: number) =>
      [
        ['GET', path('api.projects.forms', { projet: id })],
        ['POST', path('api.projects.forms', { projet: id }), { forms: {} }],
        ['GET', formUrl(id, ids.housing)],
        ['PUT', formUrl(id, ids.housing), { values: {} }],
        ['GET', path('api.projects.form_progress', { id, form: ids.housing })],
        ['GET', path('api.projects.header_characteristics', { id })],
      ] as const;
    const hidden = routes(ids.confidential);
    const missing = routes(999_999);
    for (const [index, [method, url, payload]] of hidden.entries()) {
      const [hiddenReply, missingReply] = [
        await request(method, url, payload, reader),
        await request(missing[index]![0], missing[index]![1], missing[index]![2], reader),
      ];
      expect(hiddenReply.statusCode, url).toBe(404);
      expect(hiddenReply.body).toBe(missingReply.body);
    }
    // The administrator sees it.
    expect((await formsOf(ids.confidential)).map((form) => form.name)).toEqual(['Logement', 'Suivi interne']);
  });
});

describe('the characteristics the project list filters on', () => {
  it('are the fields that take a value, by name, for whoever may list projects', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.projects.filterable_fields'),
      headers: authHeaders(reader),
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json<{ id: number; name: string }[]>().map(({ name }) => name);
    // No title nor iframe: they lay a form out.
    for (const layout of ['Le logement', 'Tableau de bord', 'Site inconnu']) expect(names).not.toContain(layout);
    expect(names).toEqual(expect.arrayContaining(['Chauffage', 'Surface']));
    expect(names.indexOf('Chauffage')).toBeLessThan(names.indexOf('Surface'));
    expect(response.json()[names.indexOf('Chauffage')].id).toBe(f('Chauffage'));
  });
});

describe('a form hidden by the user’s access profile', () => {
  it('keeps its characteristics out of their export, their project history and their list filter', async () => {
    const note = f('Note confidentielle');
    const secret = 'Litige avec le voisin';
    const saved = await request('POST', formUrl(ids.project, ids.secret), { values: { [note]: secret } });
    expect(saved.statusCode, saved.body).toBe(200);

    // The export: no column, no value.
    const exported = await request(
      'GET',
      path('api.resource.export', { resource: 'projet', format: 'csv' }),
      undefined,
      reader,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body.split('\r\n')[0]).toMatch(
      /;Chauffage;Nombre de lots;Adresse du chantier;Description;Surface;Date de visite;Mois des travaux;Énergies;Audit réalisé;Propriétaire;Syndic;Type de toiture;État du dossier$/,
    );
    expect(exported.body).not.toContain(secret);

    // The history: the entry holding only that change is not theirs, and the pages count without it.
    const historyOf = async (who: LoggedIn, type?: string) => {
      const url = path('api.resource.history', { resource: 'projet', id: ids.project, ...(type ? { type } : {}) });
      const response = await request('GET', url, undefined, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>();
    };
    const [all, theirs] = [await historyOf(t.admin), await historyOf(reader)];
    expect(all.entries[0]!.changes).toEqual([
      { field: `characteristics.${note}`, label: 'Note confidentielle', before: null, after: secret },
    ]);
    expect(theirs.total).toBe(all.total - 1);
    expect(theirs.entries[0]).toEqual(all.entries[1]);
    expect(JSON.stringify(theirs)).not.toContain(secret);
    const [allOfKind, theirsOfKind] = [
      await historyOf(t.admin, 'caracteristiques'),
      await historyOf(reader, 'caracteristiques'),
    ];
    expect(theirsOfKind.total).toBe(allOfKind.total - 1);

    // The list filter: the right value answers as a wrong one, nothing; the field is not offered.
    const names = async (who: LoggedIn, value: string) => {
      const query = `${encodeURIComponent(`caracteristique[${note}]`)}=${encodeURIComponent(value)}`;
      const response = await request(
        'GET',
        `${path('api.resource.collection', { resource: 'projet' })}?${query}`,
        undefined,
        who,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ResourcePage>().items.map((item) => item.name);
    };
    expect(await names(t.admin, secret)).toEqual(['Rénovation Martin']);
    expect(await names(reader, secret)).toEqual([]);
    expect(await names(reader, 'Pas de litige')).toEqual([]);
    const offered = async (who: LoggedIn) =>
      (await request('GET', path('api.projects.filterable_fields'), undefined, who))
        .json<{ name: string }[]>()
        .map(({ name }) => name);
    expect(await offered(t.admin)).toContain('Note confidentielle');
    expect(await offered(reader)).not.toContain('Note confidentielle');
  });
});
