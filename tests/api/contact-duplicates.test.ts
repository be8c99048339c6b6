import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries, individualsTable } from '../../src/server/db/schema';
import type { DuplicatePage, DuplicatePair, MergeHistoryEntry } from '../../src/shared/resources/contact-duplicates';
import type { AuditPage } from '../../src/shared/resources/audit';
import type { ResourceRecord } from '../../src/shared/resources/resource';
import { path } from '../../src/shared/routes';
import { authHeaders, useAdminApp } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();

type Resource = 'individus' | 'structures';
const get = (url: string, user = t.admin) => t.app.inject({ method: 'GET', url, headers: authHeaders(user) });
const post = (url: string, payload?: Record<string, unknown>, user = t.admin) =>
  t.app.inject({ method: 'POST', url, headers: authHeaders(user), ...(payload ? { payload } : {}) });

async function created(resource: Resource, payload: Record<string, unknown>): Promise<ResourceRecord> {
  const response = await post(path('api.resource.collection', { resource }), payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const record = (resource: Resource, id: number) => get(path('api.resource.item', { resource, id }));

async function scan(resource: Resource): Promise<DuplicatePair[]> {
  const response = await post(path('api.duplicates.scan', { resource }));
  expect(response.statusCode, response.body).toBe(200);
  return (await pairs(resource)).items;
}
async function pairs(resource: Resource, query: Record<string, number> = {}): Promise<DuplicatePage> {
  const response = await get(path('api.duplicates.list', { resource, parPage: 100, ...query }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const pairOf = (items: DuplicatePair[], a: number, b: number) =>
  items.find((pair) => [pair.first.id, pair.second.id].sort().join() === [a, b].sort().join());

const merge = (resource: Resource, payload: Record<string, unknown>, user = t.admin) =>
  post(path('api.duplicates.merge', { resource }), payload, user);
const history = async (resource: Resource, id: number) =>
  (await get(path('api.duplicates.history', { resource, id }))).json<MergeHistoryEntry[]>();

describe('finding probable duplicates', () => {
  it('flags individuals with close names (accents and case ignored), the same email or the same phone', async () => {
    // Two records from before the duplicate rule: the same name but for case and accents.
    const [legacy, legacyCopy] = await t.database.db
      .insert(individualsTable)
      .values([
        { lastName: 'Lefèvre', firstName: 'Hélène' },
        { lastName: 'LEFEVRE', firstName: 'helene' },
      ])
      .returning();
    const marie = await created('individus', { lastName: 'Dupont', firstName: 'Marie' });
    const typo = await created('individus', { lastName: 'Dupond', firstName: 'Marie' });
    const paul = await created('individus', { lastName: 'Martin', firstName: 'Paul', email: 'p.martin@exemple.fr' });
    const sameEmail = await created('individus', {
      lastName: 'Garnier',
      firstName: 'Sophie',
      email: 'P.Martin@exemple.fr',
    });
    const alice = await created('individus', { lastName: 'Roux', firstName: 'Alice', landline: '04 74 00 00 01' });
    const samePhone = await created('individus', {
      lastName: 'Blanc',
      firstName: 'Chloé',
      landline: '+33 4 74 00 00 01',
    });
    const lucas = await created('individus', { lastName: 'Moreau', firstName: 'Lucas' });

    const before = await pairs('individus');
    expect(before).toMatchObject({ items: [], total: 0, scannedAt: null });

    const items = await scan('individus');
    expect(pairOf(items, Number(legacy!.id), Number(legacyCopy!.id))).toMatchObject({
      reasons: ['name'],
      score: 100,
      similarity: 1,
    });
    expect(pairOf(items, marie.id, typo.id)).toMatchObject({
      first: { id: marie.id, title: 'Dupont Marie' },
      second: { id: typo.id, title: 'Dupond Marie' },
      reasons: ['name'],
    });
    expect(pairOf(items, marie.id, typo.id)!.similarity).toBeGreaterThanOrEqual(0.6);
    expect(pairOf(items, paul.id, sameEmail.id)).toMatchObject({ reasons: ['email'], score: 90 });
    expect(pairOf(items, alice.id, samePhone.id)).toMatchObject({ reasons: ['phone'], score: 80 });
    expect(items.filter((pair) => [pair.first.id, pair.second.id].includes(lucas.id))).toEqual([]);
    // Best first.
    expect(items.map((pair) => pair.score)).toEqual(items.map((pair) => pair.score).toSorted((a, b) => b - a));

    const page = await pairs('individus', { parPage: 2, page: 2 });
    expect(page).toMatchObject({ total: items.length, page: 2, pageSize: 2 });
    expect(page.items).toEqual(items.slice(2, 4));
    expect(Date.parse(page.scannedAt!)).not.toBeNaN();
  });

  it('flags structures with the same SIRET, close names, the same email or the same phone', async () => {
    const durand = await created('structures', { name: 'Maçonnerie Durand', siret: '732 829 320 00074' });
    const sameSiret = await created('structures', { name: 'Entreprise Durand Frères', siret: '73282932000074' });
    const mairie = await created('structures', { name: 'Mairie de Saint-Étienne', email: 'accueil@saint-etienne.fr' });
    const closeName = await created('structures', { name: 'MAIRIE DE ST ETIENNE', phone: '04 77 48 77 48' });
    const other = await created('structures', { name: 'Agence locale', email: 'ACCUEIL@saint-etienne.fr' });
    const samePhone = await created('structures', { name: 'Office du tourisme', phone: '0477487748' });

    const items = await scan('structures');
    expect(pairOf(items, durand.id, sameSiret.id)).toMatchObject({ reasons: ['siret'], score: 95 });
    expect(pairOf(items, mairie.id, closeName.id)).toMatchObject({ reasons: ['name'] });
    expect(pairOf(items, mairie.id, other.id)).toMatchObject({ reasons: ['email'] });
    expect(pairOf(items, closeName.id, samePhone.id)).toMatchObject({ reasons: ['phone'] });
  });
});

describe('merging a pair', () => {
  it('keeps the chosen values, moves every link onto the kept record, deletes the other and keeps the merge in history', async () => {
    const contactType = (await created('types-contact' as Resource, { name: 'Partenaire' })).id;
    const region = await created('structures', { name: 'Région Auvergne-Rhône-Alpes' });
    const removed = await created('structures', {
      name: 'Communaute de communes du Pilat rhodanien',
      email: 'accueil@pilat.fr',
      phone: '04 74 87 52 00',
    });
    // The kept record names the removed one as a parent: merged, it would be its own parent.
    const kept = await created('structures', {
      name: 'Communauté de communes du Pilat',
      email: 'contact@pilat.fr',
      parents: [region.id, removed.id],
    });
    // Links to the removed record: a member structure's parent, and an individual's structure link.
    const member = await created('structures', { name: 'Commune de Pélussin', parents: [removed.id, kept.id] });
    const person = await created('individus', {
      lastName: 'Perrin',
      firstName: 'Jules',
      structures: [{ contactType, structure: removed.id, function: 'Directeur' }],
    });
    expect(pairOf(await scan('structures'), kept.id, removed.id)).toBeDefined();

    const response = await merge('structures', {
      kept: kept.id,
      removed: removed.id,
      // Left out, a field takes the filled-in value, or the newer record's: the removed one here.
      choices: { name: 'kept', email: 'removed', parents: 'both' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ kept: kept.id, removed: removed.id, movedLinks: 2 });

    // The kept record: its name, the removed one's email, and the phone it lacked.
    expect((await record('structures', kept.id)).json()).toMatchObject({
      name: 'Communauté de communes du Pilat',
      email: 'accueil@pilat.fr',
      phone: '04 74 87 52 00',
      parents: [region.id],
    });
    expect((await record('structures', removed.id)).statusCode).toBe(404);
    // Its deletion is in the audit trail, as any deletion, by whoever merged.
    const trail = await t.database.db
      .select({ action: auditEntries.action, actorId: auditEntries.actorId, changes: auditEntries.changes })
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'structures'), eq(auditEntries.recordId, removed.id)))
      .orderBy(auditEntries.id);
    expect(trail).toEqual([
      { action: 'create', actorId: t.admin.session.user.id, changes: expect.any(Array) },
      { action: 'delete', actorId: t.admin.session.user.id, changes: [] },
    ]);
    expect((await record('structures', member.id)).json().parents).toEqual([kept.id]);
    expect((await record('individus', person.id)).json().structures).toEqual([
      expect.objectContaining({ structure: kept.id, function: 'Directeur' }),
    ]);

    const entries = await history('structures', kept.id);
    expect(entries).toEqual([
      expect.objectContaining({
        removedId: removed.id,
        removedTitle: 'Communaute de communes du Pilat rhodanien',
        mergedByName: expect.any(String),
        movedLinks: 2,
        fieldsFromRemoved: expect.arrayContaining(['email', 'phone']),
      }),
    ]);
    expect(entries[0]!.fieldsFromRemoved).not.toContain('name');
    expect(pairOf((await pairs('structures')).items, kept.id, removed.id)).toBeUndefined();
  });

  it('writes each link it moves in the history of the record holding it: a project’s owner and co-owner', async () => {
    const kept = await created('individus', { lastName: 'Bernard', firstName: 'Claire' });
    const removed = await created('individus', { lastName: 'Bernard', firstName: 'Claire M.' });
    const project = await post(path('api.resource.collection', { resource: 'projet' }), {
      name: 'Maison Bernard',
      ownerIndividual: removed.id,
    });
    expect(project.statusCode, project.body).toBe(201);
    const id = project.json<ResourceRecord>().id;
    const coOwner = await post(path('api.resource.children', { resource: 'projet', id, child: 'coporteurs-projet' }), {
      role: 'Indivisaire',
      individual: removed.id,
    });
    expect(coOwner.statusCode, coOwner.body).toBe(201);

    const response = await merge('individus', { kept: kept.id, removed: removed.id, choices: { firstName: 'kept' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().movedLinks).toBe(2);

    const projectHistory = (await get(path('api.resource.history', { resource: 'projet', id }))).json<AuditPage>();
    const merged = projectHistory.entries.slice(0, 2);
    expect(merged.flatMap((entry) => entry.changes)).toEqual(
      expect.arrayContaining([
        { field: 'ownerIndividual', before: removed.id, after: kept.id },
        {
          field: 'coporteurs-projet',
          before: 'Bernard Claire M. – Indivisaire',
          after: 'Bernard Claire – Indivisaire',
          fields: ['individual'],
          values: [{ field: 'individual', before: 'Bernard Claire M.', after: 'Bernard Claire' }],
        },
      ]),
    );
    for (const entry of merged)
      expect(entry).toMatchObject({ action: 'update', actorName: 'Principal Administrateur' });
    expect(projectHistory.total).toBe(4);
  });

  it('moves the links of records the merger may not read too, each in its trail by the merger', async () => {
    const kept = await created('individus', { lastName: 'Garnier', firstName: 'Paul' });
    const removed = await created('individus', { lastName: 'Garnier', firstName: 'Paul A.' });
    // A colleague's confidential project: out of the merger's sight, and staying where it is (no commune).
    const hidden = await post(path('api.resource.collection', { resource: 'projet' }), {
      name: 'Dossier Garnier',
      ownerIndividual: removed.id,
      status: 'confidential',
    });
    expect(hidden.statusCode, hidden.body).toBe(201);
    const id = hidden.json<ResourceRecord>().id;
    const merger = await logInWithProfile(t, {
      email: 'fusion-hors-vue@exemple.fr',
      permissions: ['individus.consult', 'individus.modify', 'individus.delete', 'projet.consult'],
    });
    expect((await get(path('api.resource.item', { resource: 'projet', id }), merger)).statusCode).toBe(404);

    const response = await merge('individus', { kept: kept.id, removed: removed.id, choices: {} }, merger);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().movedLinks).toBe(1);
    const projectHistory = (await get(path('api.resource.history', { resource: 'projet', id }))).json<AuditPage>();
    expect(projectHistory.entries[0]).toMatchObject({
      action: 'update',
      actorName: 'fusion-hors-vue@exemple.fr',
      changes: [{ field: 'ownerIndividual', before: removed.id, after: kept.id }],
    });
  });

  it('refuses a record merged with itself, a deleted record and wrong choices, changing nothing', async () => {
    const kept = await created('individus', { lastName: 'Fontaine', firstName: 'Léa', email: 'lea@exemple.fr' });
    const other = await created('individus', { lastName: 'Fontaine', firstName: 'Lea M.', civility: 'madame' });

    const itself = await merge('individus', { kept: kept.id, removed: kept.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe('Une fiche ne peut pas être fusionnée avec elle-même.');

    const gone = await created('individus', { lastName: 'Supprimé', firstName: 'Bientôt' });
    expect((await post(path('api.resource.delete', { resource: 'individus', id: gone.id }))).statusCode).toBe(200);
    const deleted = await merge('individus', { kept: kept.id, removed: gone.id });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(`La fiche n° ${gone.id} n'existe pas ou a été supprimée.`);

    const unknownField = await merge('individus', { kept: kept.id, removed: other.id, choices: { password: 'kept' } });
    expect(unknownField.statusCode).toBe(400);
    const bothOfAText = await merge('individus', { kept: kept.id, removed: other.id, choices: { email: 'both' } });
    expect(bothOfAText.statusCode).toBe(400);
    expect(bothOfAText.json().fieldErrors).toEqual({
      'choices.email': 'Ce choix de valeur est impossible pour ce champ.',
    });

    for (const id of [kept.id, other.id]) expect((await record('individus', id)).statusCode).toBe(200);
    expect((await record('individus', kept.id)).json()).toMatchObject({ email: 'lea@exemple.fr', civility: null });
    expect(await history('individus', kept.id)).toEqual([]);
  });

  it("refuses values the kept record's rules refuse, and rolls back the moved links", async () => {
    const kept = await created('structures', { name: 'Syndicat des eaux', contactType: 'private' });
    const removed = await created('structures', {
      name: 'Syndicat des eaux de la Loire',
      contactType: 'public',
      publicSubtype: 'epci',
    });
    const member = await created('structures', { name: 'Commune de Feurs', parents: [removed.id] });

    // A public subtype on a private structure: the structures' own rule refuses it.
    const response = await merge('structures', {
      kept: kept.id,
      removed: removed.id,
      choices: { contactType: 'kept', publicSubtype: 'removed' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['publicSubtype']);
    expect((await record('structures', removed.id)).statusCode).toBe(200);
    expect((await record('structures', member.id)).json().parents).toEqual([removed.id]);
    expect((await record('structures', kept.id)).json()).toMatchObject({ contactType: 'private', publicSubtype: null });
    expect(await history('structures', kept.id)).toEqual([]);
  });
});

describe('dismissing a pair', () => {
  it('takes it out of the list, and later scans leave it out', async () => {
    const first = await created('individus', { lastName: 'Gauthier', firstName: 'Anne', mobile: '06 11 22 33 44' });
    const second = await created('individus', { lastName: 'Lambert', firstName: 'Hugo', mobile: '06 11 22 33 44' });
    expect(pairOf(await scan('individus'), first.id, second.id)).toBeDefined();

    const response = await post(path('api.duplicates.dismiss', { resource: 'individus' }), {
      ids: [second.id, first.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(pairOf((await pairs('individus')).items, first.id, second.id)).toBeUndefined();
    expect(pairOf(await scan('individus'), first.id, second.id)).toBeUndefined();
    // Both records stay.
    for (const id of [first.id, second.id]) expect((await record('individus', id)).statusCode).toBe(200);

    const itself = await post(path('api.duplicates.dismiss', { resource: 'individus' }), { ids: [first.id, first.id] });
    expect(itself.statusCode).toBe(400);
    const malformed = await post(path('api.duplicates.dismiss', { resource: 'individus' }), { ids: [first.id] });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('needs modify to see or scan pairs and dismiss one, and modify and delete to merge', async () => {
    const first = await created('individus', { lastName: 'Chevalier', firstName: 'Louis' });
    const second = await created('individus', { lastName: 'Chevallier', firstName: 'Louis' });
    const reader = await logInWithProfile(t, { email: 'lecture@exemple.fr', permissions: ['individus.consult'] });
    const editor = await logInWithProfile(t, {
      email: 'edition@exemple.fr',
      permissions: ['individus.consult', 'individus.modify'],
    });

    expect((await get(path('api.duplicates.list', { resource: 'individus' }), reader)).statusCode).toBe(403);
    expect((await post(path('api.duplicates.scan', { resource: 'individus' }), undefined, reader)).statusCode).toBe(
      403,
    );
    const dismiss = { ids: [first.id, second.id] };
    expect((await post(path('api.duplicates.dismiss', { resource: 'individus' }), dismiss, reader)).statusCode).toBe(
      403,
    );
    // Modify without delete: the pairs, but no merge.
    expect((await get(path('api.duplicates.list', { resource: 'individus' }), editor)).statusCode).toBe(200);
    expect((await get(path('api.duplicates.list', { resource: 'structures' }), editor)).statusCode).toBe(403);
    const refused = await merge('individus', { kept: first.id, removed: second.id }, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    expect((await record('individus', second.id)).statusCode).toBe(200);
    // A record's merges: who may consult it.
    expect(
      (await get(path('api.duplicates.history', { resource: 'individus', id: first.id }), reader)).statusCode,
    ).toBe(200);

    const merger = await logInWithProfile(t, {
      email: 'fusion@exemple.fr',
      permissions: ['individus.consult', 'individus.modify', 'individus.delete'],
    });
    expect((await merge('individus', { kept: first.id, removed: second.id }, merger)).statusCode).toBe(200);
  });
});
