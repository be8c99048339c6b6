import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCommunes, type CommuneSource } from '../../src/server/seed/communes-load';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { BatchReply, ResourceRecord, ResourceRecordView, Suggestion } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();
/** Commune ids by INSEE code. */
const communeIds: Record<string, number> = {};
let mayor: number;
let adviser: number;

const commune = (code: string, nom: string, codesPostaux: string[]): CommuneSource => ({
  code,
  nom,
  type: 'commune-actuelle',
  departement: code.slice(0, 2),
  codesPostaux,
});

/** The few communes the tests need (LOAD_COMMUNES is off in the tests). */
const fixture: CommuneSource[] = [
  commune('01053', 'Bourg-en-Bresse', ['01000']),
  commune('01344', 'Saint-Denis-lès-Bourg', ['01000']),
  commune('01001', "L'Abergement-Clémenciat", ['01400']),
  commune('01093', 'Châtillon-sur-Chalaronne', ['01400']),
  commune('01354', 'Saint-Genis-Pouilly', ['01630']),
  commune('69202', 'Sainte-Foy-lès-Lyon', ['69110']),
  // Two homonyms sharing a postal code: the case "several communes match".
  commune('99001', 'Vaux', ['99100']),
  commune('99002', 'Vaux', ['99100']),
];

beforeAll(async () => {
  await loadCommunes(t.database.db, fixture);
  const rows = await t.database.db.execute(sql`select id, insee_code from communes`);
  for (const row of (rows as unknown as { rows: { id: number; insee_code: string }[] }).rows) {
    communeIds[row.insee_code] = Number(row.id);
  }
  mayor = (await created('types-contact', { name: 'Maire', updatesInseeCode: true })).id;
  adviser = (await created('types-contact', { name: 'Conseiller', updatesInseeCode: false })).id;
});

async function created(slug: string, payload: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: slug }),
    headers: authHeaders(t.admin),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const shown = async (slug: string, id: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: path('api.resource.item', { resource: slug, id }),
      headers: authHeaders(t.admin),
    })
  ).json<ResourceRecordView>();

const updateCommune = (slug: string, id: number, user = t.admin) =>
  t.app.inject({ method: 'POST', url: path('api.commune_update', { resource: slug, id }), headers: authHeaders(user) });

const batch = (slug: string, ids: number[], user = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: path('api.resource.batch', { resource: slug }),
    headers: authHeaders(user),
    payload: { ids, _action: 'commune_update' },
  });

let count = 0;
/** An individual with this postal code and city (cityOutside), and a name of its own. */
const individual = (postalCode: string, cityOutside: string, more: Record<string, unknown> = {}) =>
  created('individus', { lastName: `Habitant ${(count += 1)}`, postalCode, cityOutside, ...more });

const address = (postalCode: string, city: string, main: boolean) => ({
  label: main ? 'Siège' : 'Antenne',
  address: '1 place de la Mairie',
  complement: '',
  postalCode,
  city,
  commune: null,
  main,
});
const structure = (postalCode: string, city: string, more: Record<string, unknown> = {}) =>
  created('structures', {
    name: `Structure ${(count += 1)}`,
    addresses: [address('01400', 'Châtillon-sur-Chalaronne', false), address(postalCode, city, true)],
    ...more,
  });

describe('the commune update of an individual', () => {
  it('finds the commune by postal code and city, ignoring case, accents, hyphens, apostrophes and spaces', async () => {
    for (const [postalCode, city, code] of [
      ['01000', 'BOURG EN BRESSE', '01053'],
      ['01000', '  bourg-en-bresse ', '01053'],
      ['01400', "l'abergement clemenciat", '01001'],
      ['01400', 'LABERGEMENT-CLEMENCIAT', '01001'],
      ['01400', 'L  ABERGEMENT   CLÉMENCIAT', '01001'],
      ['01400', 'CHATILLON SUR CHALARONNE', '01093'],
    ] as const) {
      const record = await individual(postalCode, city);
      const response = await updateCommune('individus', record.id);
      expect(response.statusCode, `${postalCode} ${city}: ${response.body}`).toBe(200);
      expect((await shown('individus', record.id)).commune, city).toBe(communeIds[code]);
    }
  });

  it('reads ST and STE as SAINT and SAINTE', async () => {
    for (const [postalCode, city, code] of [
      ['01630', 'ST GENIS POUILLY', '01354'],
      ['01630', 'St-Genis-Pouilly', '01354'],
      ['01630', 'SAINT GENIS POUILLY', '01354'],
      ['69110', 'STE FOY LES LYON', '69202'],
      ['69110', 'Ste-Foy-lès-Lyon', '69202'],
      ['01000', 'ST DENIS LES BOURG', '01344'],
    ] as const) {
      const record = await individual(postalCode, city);
      expect((await updateCommune('individus', record.id)).statusCode, city).toBe(200);
      expect((await shown('individus', record.id)).commune, city).toBe(communeIds[code]);
    }
  });

  it('says which commune it chose, and is shown in the history as a change by the user', async () => {
    const record = await individual('01000', 'Bourg en Bresse');
    const response = await updateCommune('individus', record.id);
    expect(response.json()).toEqual({ message: 'La commune a été mise à jour : Bourg-en-Bresse (01053).' });
    const after = await shown('individus', record.id);
    expect(after.titles.commune).toEqual({ [communeIds['01053']!]: 'Bourg-en-Bresse' });
    expect(after.updatedBy).toBe(t.admin.session.user.id);
  });

  it('refuses with the French error of each case, changing nothing', async () => {
    const cases = [
      ['', 'Bourg-en-Bresse', 'Le code postal ou la ville est vide : impossible de retrouver la commune.'],
      ['01000', '', 'Le code postal ou la ville est vide : impossible de retrouver la commune.'],
      ['99100', 'VAUX', 'Plusieurs communes correspondent au code postal 99100 et à la ville « VAUX ».'],
      ['01000', 'Bourg', 'Aucune commune ne correspond au code postal 01000 et à la ville « Bourg ».'],
      // The right name under another postal code.
      [
        '01400',
        'Bourg-en-Bresse',
        'Aucune commune ne correspond au code postal 01400 et à la ville « Bourg-en-Bresse ».',
      ],
    ] as const;
    for (const [postalCode, city, message] of cases) {
      const record = await individual(postalCode, city, { commune: communeIds['01093'] });
      const response = await updateCommune('individus', record.id);
      expect(response.statusCode, city).toBe(400);
      expect(response.json().message).toBe(message);
      const after = await shown('individus', record.id);
      expect(after.commune).toBe(communeIds['01093']);
      expect(after.updatedAt).toBe(record.updatedAt);
    }
  });

  it('answers 404 for a missing or deleted individual', async () => {
    expect((await updateCommune('individus', 999999)).statusCode).toBe(404);
    const record = await individual('01000', 'Bourg-en-Bresse');
    await t.app.inject({
      method: 'POST',
      url: path('api.resource.delete', { resource: 'individus', id: record.id }),
      headers: authHeaders(t.admin),
    });
    expect((await updateCommune('individus', record.id)).json().message).toBe(
      "L'élément demandé n'existe pas ou a été supprimé.",
    );
  });
});

describe('the commune update of a structure', () => {
  it("sets its main address's commune, leaving the other addresses as they are", async () => {
    const record = await structure('01630', 'ST GENIS POUILLY');
    const response = await updateCommune('structures', record.id);
    expect(response.json()).toEqual({ message: 'La commune a été mise à jour : Saint-Genis-Pouilly (01354).' });
    const after = await shown('structures', record.id);
    expect(after.addresses).toEqual([
      address('01400', 'Châtillon-sur-Chalaronne', false),
      { ...address('01630', 'ST GENIS POUILLY', true), commune: communeIds['01354'] },
    ]);
    // Not linked through a contact type that updates the INSEE code.
    expect(after.inseeCode).toBe('');
  });

  it('refuses a structure without a main address as having no postal code or city', async () => {
    const record = await created('structures', { name: 'Sans adresse' });
    const response = await updateCommune('structures', record.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Le code postal ou la ville est vide : impossible de retrouver la commune.');
  });

  it('answers the unknown error, changing nothing, when the stored record cannot be read', async () => {
    const record = await structure('01000', 'Bourg-en-Bresse');
    // Addresses that are not a list: data the forms could not have written.
    await t.database.db.execute(sql`update structures set addresses = '{"main": true}'::jsonb where id = ${record.id}`);
    const response = await updateCommune('structures', record.id);
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe('Une erreur inconnue est survenue lors de la mise à jour de la commune.');
    const stored = await t.database.db.execute(sql`select addresses from structures where id = ${record.id}`);
    expect((stored as unknown as { rows: { addresses: unknown }[] }).rows[0]?.addresses).toEqual({ main: true });
  });
});

describe("the structure's INSEE code", () => {
  it("takes the individual's commune through a link whose contact type says so, not through others", async () => {
    const townHall = await structure('01000', 'Bourg-en-Bresse');
    const school = await structure('01000', 'Bourg-en-Bresse');
    const former = await structure('01000', 'Bourg-en-Bresse');
    const link = { function: '', service: '', comments: '' };
    const person = await individual('01000', 'BOURG EN BRESSE', {
      structures: [
        { ...link, structure: townHall.id, contactType: mayor, leftStructure: false },
        { ...link, structure: school.id, contactType: adviser, leftStructure: false },
        { ...link, structure: former.id, contactType: mayor, leftStructure: true },
      ],
    });
    const response = await updateCommune('individus', person.id);
    expect(response.json().message).toBe(
      'La commune a été mise à jour : Bourg-en-Bresse (01053). Le code INSEE de 1 structure a aussi été mis à jour.',
    );
    expect((await shown('structures', townHall.id)).inseeCode).toBe('01053');
    expect((await shown('structures', school.id)).inseeCode).toBe('');
    expect((await shown('structures', former.id)).inseeCode).toBe('');
  });

  it("takes its main address's commune when an individual is linked to it through such a contact type", async () => {
    const townHall = await structure('69110', 'STE FOY LES LYON');
    const other = await structure('69110', 'STE FOY LES LYON');
    await individual('', '', {
      structures: [
        { structure: townHall.id, contactType: mayor, leftStructure: false },
        { structure: other.id, contactType: adviser, leftStructure: false },
      ],
    });
    expect((await updateCommune('structures', townHall.id)).json().message).toBe(
      'La commune a été mise à jour : Sainte-Foy-lès-Lyon (69202). Le code INSEE de la structure a aussi été mis à jour.',
    );
    expect((await shown('structures', townHall.id)).inseeCode).toBe('69202');
    expect((await updateCommune('structures', other.id)).statusCode).toBe(200);
    expect((await shown('structures', other.id)).inseeCode).toBe('');
  });
});

describe('the history of the records it changes', () => {
  const history = async (slug: string, id: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: path('api.resource.history', { resource: slug, id }),
      headers: authHeaders(t.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  };
  const entries = async (slug: string, id: number) =>
    (await history(slug, id)).entries.map(({ action, actorName, changes }) => ({ action, actorName, changes }));
  const created = expect.objectContaining({ action: 'create' });

  it('writes an entry on the individual and on each structure whose INSEE code it sets, by the user, and none when it changes nothing', async () => {
    const townHall = await structure('01000', 'Bourg-en-Bresse');
    const school = await structure('01000', 'Bourg-en-Bresse');
    const person = await individual('01000', 'BOURG EN BRESSE', {
      structures: [
        { structure: townHall.id, contactType: mayor, leftStructure: false },
        { structure: school.id, contactType: adviser, leftStructure: false },
      ],
    });
    // A user who may modify individuals, not structures: the individual's command sets the INSEE code all the same.
    const editor = await logInWithProfile(t, {
      email: 'editeur-historique@exemple.fr',
      permissions: ['individus.modify'],
    });
    expect((await updateCommune('individus', person.id, editor)).statusCode).toBe(200);

    expect(await entries('individus', person.id)).toEqual([
      {
        action: 'update',
        actorName: 'editeur-historique@exemple.fr',
        changes: [{ field: 'commune', before: null, after: communeIds['01053'] }],
      },
      created,
    ]);
    expect((await history('individus', person.id)).titles.commune).toEqual({
      [communeIds['01053']!]: 'Bourg-en-Bresse',
    });
    expect(await entries('structures', townHall.id)).toEqual([
      {
        action: 'update',
        actorName: 'editeur-historique@exemple.fr',
        changes: [{ field: 'inseeCode', before: null, after: '01053' }],
      },
      created,
    ]);
    expect(await entries('structures', school.id)).toEqual([created]);

    // Again: the same commune, the same INSEE code; nothing changes, nothing is written.
    const again = await updateCommune('individus', person.id, editor);
    expect(again.json().message).toBe(
      'La commune a été mise à jour : Bourg-en-Bresse (01053). Le code INSEE de 1 structure a aussi été mis à jour.',
    );
    expect(await entries('individus', person.id)).toHaveLength(2);
    expect(await entries('structures', townHall.id)).toHaveLength(2);
  });

  it('writes an entry on the structure: its INSEE code when linked so, and its addresses before → after', async () => {
    const townHall = await structure('69110', 'STE FOY LES LYON');
    await individual('', '', { structures: [{ structure: townHall.id, contactType: mayor, leftStructure: false }] });
    expect((await updateCommune('structures', townHall.id)).statusCode).toBe(200);
    expect(await entries('structures', townHall.id)).toEqual([
      {
        action: 'update',
        actorName: 'Principal Administrateur',
        changes: [
          { field: 'inseeCode', before: null, after: '69202' },
          {
            field: 'addresses',
            before: [address('01400', 'Châtillon-sur-Chalaronne', false), address('69110', 'STE FOY LES LYON', true)],
            after: [
              address('01400', 'Châtillon-sur-Chalaronne', false),
              { ...address('69110', 'STE FOY LES LYON', true), commune: communeIds['69202'] },
            ],
          },
        ],
      },
      created,
    ]);
    // Refused, it writes nothing.
    const elsewhere = await structure('01000', 'Atlantis');
    expect((await updateCommune('structures', elsewhere.id)).statusCode).toBe(400);
    expect(await entries('structures', elsewhere.id)).toEqual([created]);
  });
});

describe('the commune update as a batch action', () => {
  it('updates what it can and names each refused record with its reason', async () => {
    const first = await individual('01000', 'bourg en bresse');
    const second = await individual('01630', 'st genis pouilly');
    const empty = await individual('', 'Bourg-en-Bresse');
    const unknown = await individual('01000', 'Atlantis');
    const response = await batch('individus', [first.id, empty.id, second.id, unknown.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json<BatchReply>()).toEqual({
      processed: 2,
      failed: [
        {
          id: empty.id,
          title: String(empty.lastName),
          message: 'Le code postal ou la ville est vide : impossible de retrouver la commune.',
        },
        {
          id: unknown.id,
          title: String(unknown.lastName),
          message: 'Aucune commune ne correspond au code postal 01000 et à la ville « Atlantis ».',
        },
      ],
    });
    expect((await shown('individus', first.id)).commune).toBe(communeIds['01053']);
    expect((await shown('individus', second.id)).commune).toBe(communeIds['01354']);
    expect((await shown('individus', empty.id)).commune).toBeNull();
  });

  it('runs on structures too, an unreadable record failing alone with the unknown error', async () => {
    const fine = await structure('01400', 'chatillon sur chalaronne');
    const broken = await structure('01000', 'Bourg-en-Bresse');
    await t.database.db.execute(sql`update structures set addresses = '"?"'::jsonb where id = ${broken.id}`);
    const reply = (await batch('structures', [fine.id, broken.id])).json<BatchReply>();
    expect(reply).toEqual({
      processed: 1,
      failed: [
        {
          id: broken.id,
          // The record cannot be read for its title either.
          title: `#${broken.id}`,
          message: 'Une erreur inconnue est survenue lors de la mise à jour de la commune.',
        },
      ],
    });
    const main = (await shown('structures', fine.id)).addresses as { main: boolean; commune: number }[];
    expect(main.find((row) => row.main)?.commune).toBe(communeIds['01093']);
  });
});

describe('the commune update permission', () => {
  it('is the permission to modify: a reader is refused and nothing changes', async () => {
    const reader = await logInWithProfile(t, {
      email: 'lecteur@exemple.fr',
      permissions: ['individus.consult', 'structures.consult'],
    });
    const person = await individual('01000', 'Bourg-en-Bresse');
    const place = await structure('01000', 'Bourg-en-Bresse');
    for (const response of [
      await updateCommune('individus', person.id, reader),
      await updateCommune('structures', place.id, reader),
      await batch('individus', [person.id], reader),
      await batch('structures', [place.id], reader),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    }
    expect((await shown('individus', person.id)).commune).toBeNull();
    expect((await shown('structures', place.id)).updatedAt).toBe(place.updatedAt);

    const editor = await logInWithProfile(t, { email: 'editeur@exemple.fr', permissions: ['individus.modify'] });
    expect((await updateCommune('individus', person.id, editor)).statusCode).toBe(200);
    expect((await shown('individus', person.id)).commune).toBe(communeIds['01053']);
  });
});

describe('the structure routes', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) });

  it('edits a structure from a modal (PUT or POST), refusing a duplicate with a link to the existing one', async () => {
    const record = await created('structures', { name: 'Agence locale', acronym: 'ALEC' });
    const other = await created('structures', { name: 'Agence régionale', acronym: 'ARE' });
    for (const method of ['PUT', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: path('api.resource.modal_edit', { resource: 'structures', id: record.id }),
        headers: authHeaders(t.admin),
        payload: { name: `Agence locale ${method}`, acronym: 'ALEC' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: record.id, name: `Agence locale ${method}` });
    }
    const duplicate = await t.app.inject({
      method: 'POST',
      url: path('api.resource.modal_edit', { resource: 'structures', id: other.id }),
      headers: authHeaders(t.admin),
      payload: { name: 'AGENCE LOCALE post', acronym: 'alec' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ duplicateOf: record.id });
    expect((await shown('structures', other.id)).name).toBe('Agence régionale');
    // Individuals are not edited from a modal.
    const individualModal = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.modal_edit', { resource: 'individus', id: 1 }),
      headers: authHeaders(t.admin),
      payload: { lastName: 'Personne' },
    });
    expect(individualModal.statusCode).toBe(404);
  });

  it('keeps a service, an INSEE code and free label and value rows', async () => {
    const service = await created('service', { name: 'Habitat' });
    const record = await created('structures', {
      name: 'Mairie de Viriat',
      service: service.id,
      inseeCode: '01451',
      additionalFields: [
        { label: 'Horaires', value: 'Lundi au vendredi, 9 h – 12 h' },
        { label: 'Accès', value: 'Parking derrière la mairie' },
      ],
    });
    const after = await shown('structures', record.id);
    expect(after).toMatchObject({
      service: service.id,
      inseeCode: '01451',
      additionalFields: [
        { label: 'Horaires', value: 'Lundi au vendredi, 9 h – 12 h' },
        { label: 'Accès', value: 'Parking derrière la mairie' },
      ],
    });
    expect(after.titles.service).toEqual({ [service.id]: 'Habitat' });
  });

  it("lists a structure's territories of assignment and child territories, and never makes a loop", async () => {
    const region = await created('structures', { name: 'Région Rhône-Alpes', contactType: 'public' });
    const department = await created('structures', {
      name: 'Département de l’Ain',
      contactType: 'public',
      publicSubtype: 'department',
      parents: [region.id],
    });
    const agglomeration = await created('structures', { name: 'Grand Bourg Agglomération', parents: [department.id] });
    const town = await created('structures', { name: 'Bourg commune', parents: [agglomeration.id, department.id] });

    const territories = (await get(path('api.structures.territories', { id: agglomeration.id }))).json();
    expect(territories).toEqual({
      parents: [
        {
          id: department.id,
          name: 'Département de l’Ain',
          acronym: '',
          contactType: 'public',
          publicSubtype: 'department',
        },
      ],
      children: [{ id: town.id, name: 'Bourg commune', acronym: '', contactType: null, publicSubtype: null }],
    });
    const ofDepartment = (await get(path('api.structures.territories', { id: department.id }))).json();
    expect(ofDepartment.children.map((child: { name: string }) => child.name)).toEqual([
      'Bourg commune',
      'Grand Bourg Agglomération',
    ]);
    expect((await get(path('api.structures.territories', { id: 999999 }))).statusCode).toBe(404);

    // The parents the form may offer the department: not itself, nor what lies below it.
    const labels = async (term: string, id?: number) =>
      (await get(path('api.structures.parents', { term, record: id }))).json<Suggestion[]>().map(({ label }) => label);
    expect(await labels('bourg')).toEqual(['Bourg commune', 'Grand Bourg Agglomération']);
    expect(await labels('bourg', department.id)).toEqual([]);
    expect(await labels('rhone', department.id)).toEqual(['Région Rhône-Alpes']);
    expect(await labels('')).toEqual([]);

    // The region under the town, itself below the region: refused.
    const loop = await t.app.inject({
      method: 'PUT',
      url: path('api.resource.item', { resource: 'structures', id: region.id }),
      headers: authHeaders(t.admin),
      payload: { name: 'Région Rhône-Alpes', contactType: 'public', parents: [town.id] },
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().fieldErrors).toEqual({
      parents: "Une structure ne peut pas être rattachée à l'un de ses territoires enfants.",
    });
  });

  it('answers what a project form takes from a structure, and no projects yet', async () => {
    const place = await structure('01000', 'Bourg-en-Bresse', { acronym: 'MDB', siret: '81234567800021' });
    const link = { structure: place.id, contactType: adviser, function: 'Directrice', service: 'Accueil' };
    const current = await individual('', '', { firstName: 'Inès', structures: [{ ...link, leftStructure: false }] });
    await individual('', '', { firstName: 'Partie', structures: [{ ...link, leftStructure: true }] });

    const response = await get(path('api.structures.project_json', { id: place.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      structure: {
        id: place.id,
        name: place.name,
        acronym: 'MDB',
        siret: '81234567800021',
        email: '',
        phone: '',
        contactType: null,
        publicSubtype: null,
        inseeCode: '',
        mainAddress: address('01000', 'Bourg-en-Bresse', true),
      },
      individuals: [
        { id: current.id, civility: null, lastName: current.lastName, firstName: 'Inès', function: 'Directrice' },
      ],
      projects: [],
    });
    expect((await get(path('api.structures.project_json', { id: 999999 }))).statusCode).toBe(404);
  });
});
