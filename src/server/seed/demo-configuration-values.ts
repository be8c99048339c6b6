import type { ConfigurationFieldType, ConfigurationOptions } from '../../shared/configuration-values.schema';
import type { Database } from '../db/database';
import { configurationGroups, configurationValues } from '../db/schema';

interface DemoValue {
  slug: string;
  name: string;
  fieldType: ConfigurationFieldType;
  help?: string;
  options?: ConfigurationOptions;
  permission?: string;
  defaultValue?: unknown;
}

const contactChoices = [
  { value: 'email', label: 'E-mail' },
  { value: 'telephone', label: 'Téléphone' },
  { value: 'courrier', label: 'Courrier' },
];

/**
 * Spec 3's configuration values of the demo, in groups with their icon (Tabler names): every field
 * type at least once. A value with a permission is also for the users holding it.
 */
export const demoConfigurationGroups: { name: string; icon: string; values: DemoValue[] }[] = [
  {
    name: 'Général',
    icon: 'settings',
    values: [
      { slug: 'titre-general', name: 'Informations de la collectivité', fieldType: 'title' },
      { slug: 'nom-collectivite', name: 'Nom de la collectivité', fieldType: 'input', defaultValue: 'Ma collectivité' },
      { slug: 'email-contact', name: 'E-mail de contact', fieldType: 'email', defaultValue: 'contact@exemple.fr' },
      { slug: 'telephone-accueil', name: "Téléphone de l'accueil", fieldType: 'phone', defaultValue: '0123456789' },
      { slug: 'pays', name: 'Pays', fieldType: 'country', defaultValue: 'FR' },
      { slug: 'devise', name: 'Devise des montants', fieldType: 'currency', defaultValue: 'EUR' },
      { slug: 'separateur-general', name: 'Séparateur', fieldType: 'separator' },
      { slug: 'couleur-principale', name: 'Couleur des documents', fieldType: 'colour', defaultValue: '#1c7ed6' },
      {
        slug: 'logo-documents',
        name: 'Logo des documents',
        fieldType: 'upload',
        help: 'Chemin dans le dossier des fichiers.',
      },
      { slug: 'identifiant-interne', name: 'Identifiant interne', fieldType: 'hidden', defaultValue: 'collectivite-1' },
    ],
  },
  {
    name: 'Accueil du public',
    icon: 'building-community',
    values: [
      {
        slug: 'ouverture-accueil',
        name: "Heure d'ouverture",
        fieldType: 'time',
        defaultValue: '09:00',
        permission: 'projet.modify',
      },
      {
        slug: 'fermeture-accueil',
        name: 'Heure de fermeture',
        fieldType: 'time',
        defaultValue: '17:30',
        permission: 'projet.modify',
      },
      { slug: 'date-fermeture-annuelle', name: 'Fermeture annuelle', fieldType: 'date', permission: 'projet.modify' },
      {
        slug: 'prochaine-permanence',
        name: 'Prochaine permanence',
        fieldType: 'datetime',
        permission: 'projet.modify',
      },
      { slug: 'mois-campagne', name: 'Mois de la campagne', fieldType: 'month', defaultValue: '2026-10' },
      {
        slug: 'contact-prefere',
        name: 'Moyen de contact proposé',
        fieldType: 'radio',
        options: { choices: contactChoices },
        defaultValue: 'email',
        permission: 'projet.modify',
      },
      {
        slug: 'accueil-ouvert',
        name: "L'accueil est ouvert",
        fieldType: 'yes_no',
        defaultValue: true,
        permission: 'projet.modify',
      },
      { slug: 'message-accueil', name: "Message d'accueil", fieldType: 'rich_text', defaultValue: '<p>Bienvenue</p>' },
      { slug: 'consignes-accueil', name: "Consignes de l'accueil", fieldType: 'textarea' },
    ],
  },
  {
    name: 'Projets',
    icon: 'briefcase',
    values: [
      {
        slug: 'delai-relance',
        name: 'Délai de relance (jours)',
        fieldType: 'number',
        options: { min: 1, max: 365 },
        defaultValue: 30,
      },
      {
        slug: 'etat-formulaire',
        name: 'État du formulaire de demande',
        fieldType: 'form_state',
        options: {
          choices: [
            { value: 'ouvert', label: 'Ouvert' },
            { value: 'ferme', label: 'Fermé' },
            { value: 'maintenance', label: 'En maintenance' },
          ],
        },
        defaultValue: 'ouvert',
      },
      {
        slug: 'canal-par-defaut',
        name: 'Canal par défaut',
        fieldType: 'select',
        options: { choices: contactChoices },
        defaultValue: 'telephone',
      },
      { slug: 'archivage-auto', name: 'Archiver les projets terminés', fieldType: 'checkbox', defaultValue: false },
      {
        slug: 'mission-par-defaut',
        name: 'Mission par défaut',
        fieldType: 'entity_select',
        options: { resource: 'missions' },
      },
      { slug: 'referent-par-defaut', name: 'Particulier de démonstration', fieldType: 'individual_select' },
      { slug: 'structure-porteuse', name: 'Structure porteuse', fieldType: 'structure_select' },
    ],
  },
  {
    name: 'Connecteurs',
    icon: 'plug',
    values: [
      { slug: 'mot-de-passe-sig', name: 'Mot de passe du SIG', fieldType: 'password' },
      { slug: 'recaptcha', name: "reCAPTCHA de l'inscription", fieldType: 'recaptcha' },
      {
        slug: 'carte-partenaires',
        name: 'Carte des partenaires',
        fieldType: 'iframe',
        help: 'Adresse https affichée en iframe.',
      },
      {
        slug: 'script-carte',
        name: 'Configuration de la carte (JSON)',
        fieldType: 'code_editor',
        defaultValue: '{\n  "zoom": 12\n}',
      },
    ],
  },
];

/** Writes the demo's configuration groups and values (the seed's transaction, or a test's database). */
export async function seedDemoConfigurationValues(db: Database): Promise<void> {
  for (const [position, group] of demoConfigurationGroups.entries()) {
    const [row] = await db
      .insert(configurationGroups)
      .values({ name: group.name, icon: group.icon, position })
      .returning({ id: configurationGroups.id });
    await db.insert(configurationValues).values(
      group.values.map((value, index) => ({
        slug: value.slug,
        name: value.name,
        groupId: row!.id,
        help: value.help ?? null,
        options: value.options ?? {},
        permission: value.permission ?? null,
        defaultValue: value.defaultValue ?? null,
        fieldType: value.fieldType,
        position: index,
      })),
    );
  }
}
