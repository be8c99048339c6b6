import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConfigurationValuesReply } from '../../src/shared/configuration-values.schema';
import { findResource } from '../../src/shared/resources/registry';
import { path } from '../../src/shared/routes';
import { seedDemoConfigurationValues } from '../../src/server/seed/demo-configuration-values';
import { addFlash } from '../../src/server/settings/flashes';
import { sampleValues } from '../support/resource-samples';
import { authHeaders, useAdminApp, type LoggedIn } from '../support/test-app';
import { logInWithProfile } from '../support/test-users';

const t = useAdminApp();
const records = { mission: 0, individual: 0, structure: 0 };

async function created(slug: string, values: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: path('api.resource.collection', { resource: slug }),
    headers: authHeaders(t.admin),
    payload: values,
  });
  if (response.statusCode !== 201) throw new Error(`${slug}: ${response.body}`);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  await seedDemoConfigurationValues(t.database.db);
  records.mission = await created('missions', { ...sampleValues(findResource('missions')!, 1), name: 'Mission A' });
  records.individual = await created('individus', sampleValues(findResource('individus')!, 2));
  records.structure = await created('structures', { ...sampleValues(findResource('structures')!, 3), name: 'Str' });
});

const read = async (who: LoggedIn = t.admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: path('api.configuration.values'),
    headers: authHeaders(who),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ConfigurationValuesReply>();
};
const write = (values: Record<string, unknown>, who: LoggedIn = t.admin) =>
  t.app.inject({
    method: 'PUT',
    url: path('api.configuration.values'),
    headers: authHeaders(who),
    payload: { values },
  });
const valuesOf = (reply: ConfigurationValuesReply) =>
  Object.fromEntries(reply.groups.flatMap((group) => group.values.map((value) => [value.slug, value])));

/** Every field type of spec 3: the demo's value of that type, a good value, what is stored, a bad value, its French error. */
const cases: { type: string; slug: string; good?: () => unknown; stored?: unknown; bad: unknown; error: string }[] = [
  { type: 'checkbox', slug: 'archivage-auto', good: () => true, bad: 'oui', error: 'Choisissez oui ou non.' },
  { type: 'country', slug: 'pays', good: () => 'BE', bad: 'Belgique', error: 'Choisissez un pays de la liste.' },
  {
    type: 'currency',
    slug: 'devise',
    good: () => 'CHF',
    bad: 'EURO',
    error: 'Choisissez une devise de la liste (code ISO 4217, par exemple EUR).',
  },
  {
    type: 'date',
    slug: 'date-fermeture-annuelle',
    good: () => '2026-08-14',
    bad: '2026-02-30',
    error: "La date n'est pas valide.",
  },
  {
    type: 'datetime',
    slug: 'prochaine-permanence',
    good: () => '2026-12-10T14:30',
    bad: '2026-12-10 25:00',
    error: "La date et l'heure ne sont pas valides : saisissez-les sous la forme aaaa-mm-jjThh:mm.",
  },
  { type: 'code_editor', slug: 'script-carte', good: () => '{ "zoom": 9 }', bad: 42, error: 'Saisissez un texte.' },
  {
    type: 'email',
    slug: 'email-contact',
    good: () => 'accueil@exemple.fr',
    bad: 'accueil@',
    error: "L'adresse email n'est pas valide",
  },
  {
    type: 'entity_select',
    slug: 'mission-par-defaut',
    good: () => records.mission,
    bad: 999_999,
    error: "L'élément choisi n'existe pas ou a été supprimé.",
  },
  {
    type: 'hidden',
    slug: 'identifiant-interne',
    good: () => 'collectivite-2',
    bad: 'x'.repeat(256),
    error: 'Ce champ est trop long.',
  },
  {
    type: 'input',
    slug: 'nom-collectivite',
    good: () => 'Ville de Test',
    bad: ['Ville'],
    error: 'Saisissez un texte.',
  },
  {
    type: 'number',
    slug: 'delai-relance',
    good: () => 45,
    bad: 400,
    error: 'Ce nombre est hors des limites permises.',
  },
  {
    type: 'password',
    slug: 'mot-de-passe-sig',
    good: () => 'Secret-du-SIG-2026',
    stored: null,
    bad: 'court',
    error: 'Le mot de passe doit comporter au moins 8 caractères.',
  },
  {
    type: 'radio',
    slug: 'contact-prefere',
    good: () => 'courrier',
    bad: 'fax',
    error: 'Veuillez choisir une valeur de la liste.',
  },
  {
    type: 'recaptcha',
    slug: 'recaptcha',
    good: () => ({ siteKey: '6LcSiteKeyDeTest_0123456789', secretKey: '6LcSecretDeTest_0123456789' }),
    stored: { siteKey: '6LcSiteKeyDeTest_0123456789', secretKey: null },
    bad: { siteKey: 'court', secretKey: null },
    error:
      'Les clés reCAPTCHA ne sont pas valides : 20 à 100 lettres, chiffres, tirets ou soulignés chacune, la clé secrète étant obligatoire à la première saisie.',
  },
  {
    type: 'rich_text',
    slug: 'message-accueil',
    good: () => '<p>Bonjour <strong>à tous</strong><script>alert(1)</script></p>',
    stored: '<p>Bonjour <strong>à tous</strong></p>',
    bad: 5,
    error: 'Saisissez un texte.',
  },
  {
    type: 'select',
    slug: 'canal-par-defaut',
    good: () => 'email',
    bad: 'pigeon',
    error: 'Veuillez choisir une valeur de la liste.',
  },
  {
    type: 'phone',
    slug: 'telephone-accueil',
    good: () => '01 23 45 67 00',
    stored: '0123456700',
    bad: '12345',
    error: "Le numéro de téléphone n'est pas valide : saisissez 10 chiffres, par exemple 01 23 45 67 89.",
  },
  {
    type: 'textarea',
    slug: 'consignes-accueil',
    good: () => "Sonner à l'interphone.",
    bad: 'x'.repeat(20_001),
    error: 'Ce champ est trop long.',
  },
  {
    type: 'time',
    slug: 'ouverture-accueil',
    good: () => '08:30',
    bad: '24:00',
    error: "L'heure n'est pas valide : saisissez-la sous la forme hh:mm.",
  },
  {
    type: 'upload',
    slug: 'logo-documents',
    good: () => 'logos/collectivite.png',
    bad: '../../etc/passwd',
    error: "Le chemin du fichier n'est pas valide : un chemin relatif du dossier des fichiers, sans « .. ».",
  },
  { type: 'yes_no', slug: 'accueil-ouvert', good: () => false, bad: 'non', error: 'Choisissez oui ou non.' },
  {
    type: 'colour',
    slug: 'couleur-principale',
    good: () => '#ff8800',
    bad: 'orange',
    error: "La couleur n'est pas valide.",
  },
  {
    type: 'month',
    slug: 'mois-campagne',
    good: () => '2027-03',
    bad: '2027-13',
    error: "Le mois n'est pas valide : saisissez-le sous la forme aaaa-mm.",
  },
  {
    type: 'individual_select',
    slug: 'referent-par-defaut',
    good: () => records.individual,
    bad: 999_998,
    error: "L'élément choisi n'existe pas ou a été supprimé.",
  },
  {
    type: 'structure_select',
    slug: 'structure-porteuse',
    good: () => records.structure,
    bad: 999_997,
    error: "L'élément choisi n'existe pas ou a été supprimé.",
  },
  {
    type: 'form_state',
    slug: 'etat-formulaire',
    good: () => 'ferme',
    bad: 'supprime',
    error: 'Veuillez choisir une valeur de la liste.',
  },
  { type: 'title', slug: 'titre-general', bad: 'Un titre', error: "Ce champ de mise en page n'a pas de valeur." },
  { type: 'separator', slug: 'separateur-general', bad: null, error: "Ce champ de mise en page n'a pas de valeur." },
  {
    type: 'iframe',
    slug: 'carte-partenaires',
    good: () => 'https://www.data.gouv.fr/carte',
    bad: 'http://exemple.fr/carte',
    error: "L'adresse de l'iframe doit être une adresse https valide.",
  },
];

describe('configuration values', () => {
  it('are listed by group, each group with its icon, one value of every field type of spec 3', async () => {
    const reply = await read();
    expect(reply.groups.map(({ name, icon }) => ({ name, icon }))).toEqual([
      { name: 'Général', icon: 'settings' },
      { name: 'Accueil du public', icon: 'building-community' },
      { name: 'Projets', icon: 'briefcase' },
      { name: 'Connecteurs', icon: 'plug' },
    ]);
    const values = valuesOf(reply);
    expect(cases.map(({ slug }) => values[slug]?.fieldType)).toEqual(cases.map(({ type }) => type));
    expect(values['nom-collectivite']).toMatchObject({
      name: 'Nom de la collectivité',
      defaultValue: 'Ma collectivité',
      value: null,
      set: false,
    });
  });

  it('refuses a bad value of each type with its French error, and changes nothing', async () => {
    const before = await read();
    const response = await write(Object.fromEntries(cases.map(({ slug, bad }) => [slug, bad])));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Une erreur est survenue. Veuillez vérifier les informations saisies.');
    expect(response.json().fieldErrors).toEqual(Object.fromEntries(cases.map(({ slug, error }) => [slug, error])));
    expect(await read()).toEqual(before);
  });

  it('saves nothing when one value of several is bad', async () => {
    const response = await write({ 'nom-collectivite': 'Ville de Test', 'delai-relance': 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ 'delai-relance': 'Ce nombre est hors des limites permises.' });
    expect(valuesOf(await read())['nom-collectivite']!.value).toBe(null);
  });

  it('saves a good value of each type, as the API then shows it', async () => {
    const withValue = cases.filter((item) => item.good);
    const response = await write(Object.fromEntries(withValue.map(({ slug, good }) => [slug, good!()])));
    expect(response.statusCode).toBe(200);
    const values = valuesOf(response.json<ConfigurationValuesReply>());
    for (const item of withValue) {
      expect({ slug: item.slug, value: values[item.slug]!.value, set: values[item.slug]!.set }).toEqual({
        slug: item.slug,
        value: 'stored' in item ? item.stored : item.good!(),
        set: true,
      });
    }
    expect(valuesOf(await read())).toEqual(values);
  });

  it('never sends a password or a reCAPTCHA secret back; a recaptcha keeps its secret when sent null', async () => {
    const body = (
      await t.app.inject({ method: 'GET', url: path('api.configuration.values'), headers: authHeaders(t.admin) })
    ).body;
    expect(body).not.toContain('Secret-du-SIG-2026');
    expect(body).not.toContain('6LcSecretDeTest_0123456789');
    const response = await write({ recaptcha: { siteKey: '6LcAutreSiteKey_0123456789', secretKey: null } });
    expect(response.statusCode).toBe(200);
    expect(valuesOf(response.json())['recaptcha']).toMatchObject({
      value: { siteKey: '6LcAutreSiteKey_0123456789', secretKey: null },
      set: true,
    });
    // null puts back the default: the password is cleared.
    const cleared = await write({ 'mot-de-passe-sig': null });
    expect(valuesOf(cleared.json())['mot-de-passe-sig']).toMatchObject({ value: null, set: false });
  });

  it('shows and writes for a user only the values whose permission they hold', async () => {
    const user = await logInWithProfile(t, { email: 'accueil@exemple.fr', permissions: ['projet.modify'] });
    const reply = await read(user);
    expect(reply.groups.map((group) => group.name)).toEqual(['Accueil du public']);
    expect(reply.groups[0]!.values.map((value) => value.slug)).toEqual([
      'ouverture-accueil',
      'fermeture-accueil',
      'date-fermeture-annuelle',
      'prochaine-permanence',
      'contact-prefere',
      'accueil-ouvert',
    ]);
    const refused = await write({ 'nom-collectivite': 'Piratée', 'ouverture-accueil': '10:00' }, user);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      'nom-collectivite': "Cette valeur de configuration n'existe pas ou ne vous est pas accessible.",
    });
    expect(valuesOf(await read())['nom-collectivite']!.value).toBe('Ville de Test');
    const accepted = await write({ 'ouverture-accueil': '10:00' }, user);
    expect(accepted.statusCode).toBe(200);
    expect(valuesOf(accepted.json())['ouverture-accueil']!.value).toBe('10:00');
  });

  it('keeps the access profiles route as it was: profiles, not configuration groups', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path('api.access_profiles.all'),
      headers: authHeaders(t.admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Profil de accueil@exemple.fr' })]),
    );
  });
});

describe('flashes', () => {
  it('are returned once, then the list is empty; none without a session', async () => {
    // What a route that redirects does (the session's id is the SHA-256 of its cookie's token).
    const sessionId = createHash('sha256').update(t.admin.cookie.replace(/^sid=/, '')).digest('hex');
    await addFlash(t.database.db, sessionId, {
      level: 'success',
      message: 'Les critères ont été réinitialisés.',
    });
    const url = path('api.flashes');
    const first = await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) });
    expect(first.json()).toEqual([{ level: 'success', message: 'Les critères ont été réinitialisés.' }]);
    const second = await t.app.inject({ method: 'GET', url, headers: authHeaders(t.admin) });
    expect(second.json()).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual([]);
  });
});
