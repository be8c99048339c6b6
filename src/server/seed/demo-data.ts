import { commonGroups, permissionKey, type PermissionGroup } from '../../shared/permissions';
import { demoComments, demoCoOwners, demoPartners, demoProjects } from './demo-projects';
import { demoProjectDocuments } from './demo-project-documents';
import { demoMediaItems } from './demo-media';
import { demoTemplateRecords } from './demo-template-files';
import { demoSubTasks, demoTicketComments, demoTicketDocuments, demoTickets, demoTimeEntries } from './demo-tickets';
import { findResource, resources } from '../../shared/resources/registry';
import { permissionGroupsOf } from '../../shared/resources/resource';
/**
 * Demo records loaded on the first start of an empty embedded database, by resource slug, in the
 * order they are created. A value `{ ref: 'name' }` in a reference field names a record of the
 * target resource (by its title); collections hold arrays of rows.
 */
export type DemoValue = string | number | boolean | null | { ref: string } | DemoValue[] | DemoRecord;
export interface DemoRecord {
  [field: string]: DemoValue;
}

export const isDemoRef = (value: object): value is { ref: string } =>
  Object.keys(value).length === 1 && typeof (value as { ref?: unknown }).ref === 'string';

/** The demo template file, written under DATA_DIR/uploads on the first start (see demoFiles). */
const DEMO_WORKS_GRID = 'fichier-type/7c6d3f0e-5b1a-4c2e-9f4d-2a8b6e1c0d35/Grille de suivi des travaux.xlsx';

/** Files the demo records point at, by upload path: each a one-sheet workbook of these rows. */
export const demoFiles: Record<string, string[][]> = {
  [DEMO_WORKS_GRID]: [
    ['Poste de travaux', 'Entreprise', 'Montant HT (€)', 'Date de fin prévue'],
    ['Isolation des combles', '', '', ''],
    ['Isolation des murs par l’extérieur', '', '', ''],
    ['Remplacement des menuiseries', '', '', ''],
    ['Ventilation mécanique', '', '', ''],
  ],
};

/** Every resource a profile may be granted something on, and what: "<slug>.<group>" keys. */
const everyResource = resources.map(({ slug }) => slug);
function grant(slugs: string[], groups: readonly PermissionGroup[]): string[] {
  return slugs.flatMap((slug) =>
    groups
      .filter((group) => permissionGroupsOf(findResource(slug)!).includes(group))
      .map((group) => permissionKey(slug, group)),
  );
}

/** Accounts, access profiles and services: administered by the administrators alone. */
const accountAdministration = ['utilisateurs', 'groupes', 'service'];
/** Every resource but the login history, which tells when each colleague logs in: the administrators' to read. */
const colleaguesResources = everyResource.filter((slug) => slug !== 'historique-connexions');
/** What an adviser records day to day: contacts, projects and their people, acts, tickets and all a ticket holds. */
const advisersWork = [
  'individus',
  'structures',
  'projet',
  'coporteurs-projet',
  'partenaires-projet',
  'commentaires-projet',
  'piece-jointe',
  'tickets',
  'tickets-commentaires',
  'tickets-sous-taches',
  'tickets-temps',
  'tickets-documents',
  'liens-utiles',
  'template-tache',
];
/** What an adviser may also take back: a ticket's sub-tasks, time entries and documents, a project's people. */
const advisersOwnEntries = [
  'coporteurs-projet',
  'partenaires-projet',
  'tickets-sous-taches',
  'tickets-temps',
  'tickets-documents',
];

/**
 * Records every service starts with, demo data or not (spec 3: the six built-in project states,
 * the first four shown on the dashboard).
 */
export const builtInData: Record<string, DemoRecord[]> = {
  'etats-projet': [
    { name: 'À traiter', displayedOnDashboard: true },
    { name: "En cours d'instruction", displayedOnDashboard: true },
    { name: 'Déposé', displayedOnDashboard: true },
    { name: 'En travaux', displayedOnDashboard: true },
    { name: 'En paiement', displayedOnDashboard: false },
    { name: 'Clôturé', displayedOnDashboard: false },
  ],
};

export const demoData: Record<string, DemoRecord[]> = {
  service: [
    { name: 'Service habitat', disableLinkedFields: false },
    { name: 'Service énergie-climat', disableLinkedFields: true },
  ],
  missions: [
    {
      name: 'Conseil aux particuliers',
      acronym: 'CP',
      service: { ref: 'Service habitat' },
      accessProfiles: [{ ref: 'Conseiller' }, { ref: 'Chargé de mission' }],
      allProjects: true,
    },
    {
      name: 'Accompagnement des copropriétés',
      acronym: 'COPRO',
      service: { ref: 'Service habitat' },
      accessProfiles: [{ ref: 'Chargé de mission' }],
      externalGroups: [{ ref: 'Partenaire externe' }],
      correspondingMissions: [{ ref: 'Conseil aux particuliers' }],
    },
    {
      name: 'Petit tertiaire privé',
      acronym: 'PTP',
      service: { ref: 'Service énergie-climat' },
      accessProfiles: [{ ref: 'Chargé de mission' }],
    },
  ],
  'types-projet': [
    { name: 'Rénovation globale', missions: [{ ref: 'Conseil aux particuliers' }] },
    { name: 'Rénovation par gestes', missions: [{ ref: 'Conseil aux particuliers' }] },
    { name: 'Rénovation de copropriété', missions: [{ ref: 'Accompagnement des copropriétés' }] },
    { name: 'Rénovation de local commercial', missions: [{ ref: 'Petit tertiaire privé' }] },
  ],
  'fichier-type': [
    {
      name: 'Grille de suivi des travaux',
      file: DEMO_WORKS_GRID,
      projectTypes: [{ ref: 'Rénovation globale' }, { ref: 'Rénovation par gestes' }],
    },
    ...demoTemplateRecords,
  ],
  'template-tache': [
    {
      name: 'Parcours rénovation globale',
      projectType: { ref: 'Rénovation globale' },
      ticketColor: '#2f9e44',
      tasks: [
        {
          taskName: 'Premier contact et qualification',
          taskType: { ref: 'Appel téléphonique' },
          dueIn: 3,
          dueUnit: 'days',
        },
        { taskName: 'Visite technique du logement', taskType: { ref: 'Visite technique' }, dueIn: 2, dueUnit: 'weeks' },
        { taskName: 'Relance sur les devis', taskType: { ref: 'Relance' }, dueIn: 1, dueUnit: 'months' },
      ],
    },
    {
      name: 'Suivi de copropriété',
      projectType: { ref: 'Rénovation de copropriété' },
      ticketColor: '#1971c2',
      tasks: [{ taskName: 'Présentation en assemblée générale', taskType: null, dueIn: 2, dueUnit: 'months' }],
    },
  ],
  etapes: [
    {
      name: 'À qualifier',
      description: 'Demande reçue, à qualifier par un conseiller.',
      reachableSteps: [{ ref: 'En cours' }],
      transitions: [
        {
          target: { ref: 'En cours' },
          characteristics: [
            {
              characteristicName: 'Canal du premier contact',
              characteristicType: 'choice',
              characteristicOptions: 'Téléphone,Courriel,Permanence',
            },
          ],
        },
      ],
      notifyOnEntry: true,
    },
    {
      name: 'En cours',
      description: 'Accompagnement en cours.',
      reachableSteps: [{ ref: 'En attente' }, { ref: 'Terminé' }],
      transitions: [
        {
          target: { ref: 'En attente' },
          characteristics: [{ characteristicName: 'Motif', characteristicType: 'text', characteristicOptions: '' }],
        },
        { target: { ref: 'Terminé' }, characteristics: [] },
      ],
    },
    {
      name: 'En attente',
      description: "En attente d'un document ou d'une réponse.",
      reachableSteps: [{ ref: 'En cours' }],
      transitions: [{ target: { ref: 'En cours' }, characteristics: [] }],
    },
    { name: 'Terminé', description: 'Accompagnement terminé.', done: true, validationStep: true, notifyOnEntry: true },
  ],
  // Mail templates using the variables (shared/mail/template-variables.ts): what an advice service writes most.
  'template-email': [
    {
      subject: 'Invitation : réunion d’information sur la rénovation énergétique',
      content:
        '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p><p>Votre commune organise une réunion d’information sur les aides à la rénovation énergétique. Votre conseiller, {{ conseiller.nom }}, vous y présentera le parcours d’accompagnement de votre projet « {{ projet.nom }} ».</p><p>Pour vous inscrire, répondez simplement à ce message.</p>',
      signature: '<p>{{ conseiller.nom }}<br>Espace conseil France Rénov’<br>{{ conseiller.email }}</p>',
      ademeA2: false,
    },
    {
      subject: 'Rappel de votre rendez-vous du {{ projet.prochain_rendez_vous }}',
      content:
        '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p><p>Nous vous rappelons votre rendez-vous du {{ projet.prochain_rendez_vous }} au sujet de votre projet {{ projet.reference }}.</p><p>Pensez à apporter vos dernières factures d’énergie et, si vous l’avez, votre avis d’imposition.</p>',
      signature: '<p>{{ conseiller.nom }} – {{ conseiller.email }}</p>',
      ademeA2: false,
    },
    {
      subject: 'Compte rendu de la visite de votre logement',
      content:
        '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p><p>Vous trouverez ci-joint le compte rendu de la visite de votre logement situé {{ porteur.adresse }}, {{ porteur.code_postal }} {{ porteur.commune }}.</p><p>N’hésitez pas à revenir vers nous pour toute question.</p>',
      signature: '<p>{{ conseiller.nom }}<br>{{ conseiller.email }}</p>',
      ademeA2: false,
    },
    {
      subject: 'Où en est votre projet de rénovation ?',
      content:
        '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p><p>Nous nous étions rencontrés le {{ projet.date_derniere_intervention }} au sujet de votre projet « {{ projet.nom }} ». Où en êtes-vous ? Avez-vous reçu les devis des entreprises ?</p><p>Votre conseiller reste à votre disposition.</p>',
      signature: '<p>{{ conseiller.nom }} – {{ conseiller.email }}</p>',
      ademeA2: false,
    },
    {
      subject: 'Confirmation de votre accompagnement (acte A2)',
      content:
        '<p>Bonjour {{ porteur.civilite }} {{ porteur.nom }},</p><p>Nous vous confirmons l’accompagnement personnalisé de votre projet {{ projet.reference }}, enregistré le {{ date_du_jour }} auprès de l’ADEME dans le cadre du programme SARE.</p>',
      signature: '<p>{{ conseiller.nom }}<br>Espace conseil France Rénov’</p>',
      ademeA2: true,
    },
  ],
  'liens-utiles': [
    { name: "France Rénov'", url: 'https://france-renov.gouv.fr' },
    { name: 'ADEME', url: 'https://www.ademe.fr' },
    {
      name: 'Annuaire des professionnels RGE',
      url: 'https://france-renov.gouv.fr/annuaires-professionnels/artisan-rge-architecte',
    },
    { name: 'Cadastre', url: 'https://www.cadastre.gouv.fr' },
    { name: 'Géoportail', url: 'https://www.geoportail.gouv.fr' },
    { name: 'Service-Public.fr', url: 'https://www.service-public.fr' },
  ],
  'types-reunion': [
    { name: 'Permanence conseil', onKanban: false, upcomingInHistory: true },
    { name: 'Visite à domicile', onKanban: true, upcomingInHistory: true },
    { name: 'Réunion de chantier', onKanban: true, upcomingInHistory: true },
    { name: 'Comité de pilotage', onKanban: false, upcomingInHistory: false },
  ],
  'types-tache': [
    { name: 'Appel téléphonique', icon: 'phone' },
    { name: 'Envoi de courrier', icon: 'mail' },
    { name: 'Visite technique', icon: 'home' },
    { name: 'Relance', icon: 'bell' },
    { name: 'Instruction du dossier', icon: 'file' },
  ],
  'thematiques-projet': [
    { name: 'Isolation', attachedToWatch: true },
    { name: 'Isolation des combles', parent: { ref: 'Isolation' } },
    { name: 'Isolation des murs', parent: { ref: 'Isolation' } },
    { name: 'Isolation des planchers bas', parent: { ref: 'Isolation' } },
    { name: 'Chauffage', attachedToWatch: true },
    { name: 'Pompe à chaleur', parent: { ref: 'Chauffage' } },
    { name: 'Chaudière biomasse', parent: { ref: 'Chauffage' } },
    { name: 'Ventilation' },
    { name: 'Menuiseries' },
    { name: 'Énergies renouvelables', attachedToWatch: true },
    { name: 'Solaire thermique', parent: { ref: 'Énergies renouvelables' } },
    { name: 'Audit énergétique' },
  ],
  ...builtInData,
  'types-de-document': [
    { name: 'Devis' },
    { name: 'Facture' },
    { name: "Rapport d'audit énergétique" },
    { name: "Avis d'imposition" },
    { name: 'Photographie' },
  ],
  'reference-partenaire': [
    { name: 'Anah' },
    { name: 'Action Logement' },
    { name: 'Conseil départemental' },
    { name: 'Région' },
  ],
  'types-commentaire-interne': [{ name: 'Appel entrant' }, { name: 'Échange par courriel' }, { name: "Point d'étape" }],
  'types-contact': [
    { name: 'Mairie', updatesInseeCode: true },
    { name: 'Artisan RGE', updatesInseeCode: false },
    { name: 'Bailleur social', updatesInseeCode: false },
    { name: 'Presse', updatesInseeCode: false },
    { name: 'Partenaire financier', updatesInseeCode: false },
  ],
  'template-projet': [
    { name: 'Rénovation globale', prefix: 'RG-', suffix: '' },
    { name: 'Copropriété', prefix: 'COPRO-', suffix: '' },
  ],
  'champs-de-formulaire': [
    { name: 'Informations sur le logement', type: 'title', bold: true, fontSize: 24 },
    {
      name: 'Énergies utilisées',
      type: 'multiselect',
      options: [
        { label: 'Électricité', value: 'electricite' },
        { label: 'Gaz', value: 'gaz' },
        { label: 'Bois', value: 'bois' },
        { label: 'Solaire', value: 'solaire' },
      ],
    },
    { name: 'Mois de début des travaux', type: 'month_year' },
    { name: 'Propriétaire occupant', type: 'individual' },
    { name: 'Syndic', type: 'structure' },
    { name: 'Surface habitable', type: 'number', unit: 'm²', highlightColor: '#1971c2', bold: true },
    { name: 'Année de construction', type: 'number' },
    {
      name: 'Type de chauffage',
      type: 'select',
      highlightColor: '#237032',
      options: [
        { label: 'Chaudière gaz', value: 'gaz' },
        { label: 'Chaudière fioul', value: 'fioul' },
        { label: 'Pompe à chaleur', value: 'pac' },
        { label: 'Chauffage électrique', value: 'electrique' },
        { label: 'Poêle ou chaudière bois', value: 'bois' },
      ],
    },
    { name: 'Consommation annuelle', type: 'number', unit: 'kWh', thousandsSeparator: true },
    { name: 'Date de la visite', type: 'date' },
    { name: 'Logement occupé par le propriétaire', type: 'checkbox' },
    { name: 'Entreprise de travaux envisagée', type: 'text', autocomplete: true },
    { name: 'Conseiller référent', type: 'text', autocomplete: true },
    { name: 'Observations', type: 'textarea', highlightColor: '#fff3bf' },
    {
      name: 'État du dossier',
      type: 'form_state',
      bold: true,
      states: [
        { name: 'À compléter', color: '#e8590c' },
        { name: 'Complet', color: '#2f9e44' },
        { name: 'Transmis au financeur', color: '#1971c2' },
      ],
    },
  ],
  formulaires: [
    {
      name: 'Visite à domicile',
      columns: 2,
      projectThemes: [{ ref: 'Isolation' }, { ref: 'Chauffage' }],
      projectTypes: [{ ref: 'Rénovation globale' }, { ref: 'Rénovation par gestes' }],
      fields: [
        { ref: 'Informations sur le logement' },
        { ref: 'Date de la visite' },
        { ref: 'Surface habitable' },
        { ref: 'Année de construction' },
        { ref: 'Type de chauffage' },
        { ref: 'Énergies utilisées' },
        { ref: 'Logement occupé par le propriétaire' },
        { ref: 'Propriétaire occupant' },
        { ref: 'Entreprise de travaux envisagée' },
        { ref: 'Observations' },
      ],
    },
    {
      name: 'Diagnostic thermique',
      columns: 3,
      projectThemes: [{ ref: 'Audit énergétique' }],
      projectTypes: [{ ref: 'Rénovation globale' }, { ref: 'Rénovation de copropriété' }],
      fields: [
        { ref: 'Surface habitable' },
        { ref: 'Type de chauffage' },
        { ref: 'Consommation annuelle' },
        { ref: 'Mois de début des travaux' },
        { ref: 'Syndic' },
        { ref: 'Conseiller référent' },
        { ref: 'État du dossier' },
      ],
    },
    {
      name: 'Suivi du dossier',
      columns: 1,
      excludedFromProjectExport: true,
      fields: [{ ref: 'État du dossier' }, { ref: 'Conseiller référent' }, { ref: 'Observations' }],
    },
  ],
  // Spec 6's access profiles as the jobs of an agency: each grants what that job does, nothing more.
  // Only the administrators' may log in as another user (spec 6's permission, its own group).
  groupes: [
    {
      name: 'Administrateur',
      description:
        'Administre le back office : comptes, profils d’accès, services, configuration ; peut se connecter en tant qu’un autre utilisateur.',
      agglomerationMember: true,
      permissions: grant(everyResource, [...commonGroups, 'impersonate']),
    },
    {
      name: 'Chargé de mission',
      description: 'Organise les missions, leurs étapes, formulaires et modèles ; gère les contacts et les projets.',
      agglomerationMember: true,
      // Every resource's five groups but the accounts' administration, which is the administrators' own.
      permissions: [
        ...grant(colleaguesResources, ['consult', 'other']),
        ...grant(
          colleaguesResources.filter((slug) => !accountAdministration.includes(slug)),
          ['add', 'modify', 'delete'],
        ),
      ],
    },
    {
      name: 'Conseiller',
      description:
        'Accompagne les particuliers et les structures : projets, actes de conseil, tickets, commentaires, sous-tâches, temps passé et documents ; consulte les listes de référence.',
      agglomerationMember: true,
      permissions: [
        ...grant(colleaguesResources, ['consult', 'other']),
        ...grant(advisersWork, ['add', 'modify']),
        ...grant(advisersOwnEntries, ['delete']),
      ],
    },
    {
      name: 'Partenaire externe',
      description: 'Professionnels et partenaires : espace client seulement, projets publics de leurs missions.',
      agglomerationMember: false,
      permissions: grant(['projet', 'piece-jointe', 'liens-utiles', 'fichier-type'], ['consult']),
      hiddenForms: [{ ref: 'Diagnostic thermique' }],
    },
  ],
  // Contacts in the Ain. Communes are loaded after the demo data: the postal code and city are
  // typed, the commune reference is left for the commune update (maj-commune).
  structures: [
    {
      name: 'Grand Bourg Agglomération',
      acronym: 'GBA',
      siret: '20010069000011',
      email: 'contact@exemple-agglo.fr',
      phone: '04 74 00 00 10',
      website: 'https://www.exemple-agglo.fr',
      contactType: 'public',
      publicSubtype: 'epci',
      addresses: [
        {
          label: 'Siège',
          address: '3 avenue Arsène d’Arsonval',
          complement: '',
          postalCode: '01000',
          city: 'Bourg-en-Bresse',
          commune: null,
          main: true,
        },
      ],
    },
    {
      name: 'Mairie de Péronnas',
      acronym: '',
      siret: '21010053000018',
      email: 'accueil@exemple-peronnas.fr',
      phone: '04 74 00 00 20',
      contactType: 'public',
      publicSubtype: 'commune',
      parents: [{ ref: 'Grand Bourg Agglomération' }],
      addresses: [
        {
          label: 'Mairie',
          address: '1 place de la Mairie',
          complement: '',
          postalCode: '01960',
          city: 'Péronnas',
          commune: null,
          main: true,
        },
      ],
    },
    {
      name: 'Bresse Isolation Rénovation',
      acronym: 'BIR',
      siret: '81234567800021',
      email: 'devis@exemple-bir.fr',
      phone: '06 12 00 00 30',
      website: 'https://www.exemple-bir.fr',
      contactType: 'private',
      activity: '43.29A',
      comments: 'Artisan RGE : isolation des combles et des murs par l’extérieur.',
      parents: [{ ref: 'Grand Bourg Agglomération' }],
      addresses: [
        {
          label: 'Atelier',
          address: '12 rue des Artisans',
          complement: 'ZA de la Chambière',
          postalCode: '01440',
          city: 'Viriat',
          commune: null,
          main: true,
        },
        {
          label: 'Dépôt',
          address: '4 chemin du Moulin',
          complement: '',
          postalCode: '01000',
          city: 'Bourg-en-Bresse',
          commune: null,
          main: false,
        },
      ],
    },
    {
      name: 'Ain Habitat Social',
      acronym: 'AHS',
      siret: '27900102300019',
      email: 'agence@exemple-ahs.fr',
      phone: '04 74 00 00 40',
      contactType: 'public',
      publicSubtype: 'socialLandlord',
      addresses: [],
    },
    {
      name: 'Crédit Coopératif de l’Ain',
      acronym: 'CCA',
      siret: '77540123400015',
      phone: '04 74 00 00 50',
      website: 'https://www.exemple-banque.fr',
      contactType: 'private',
      activity: '64.19Z',
      comments: 'Éco-prêt à taux zéro et prêts travaux.',
      addresses: [],
    },
    {
      name: 'Le Progrès de l’Ain',
      acronym: '',
      siret: '39123456700025',
      email: 'redaction@exemple-journal.fr',
      contactType: 'media',
      activity: '58.13Z',
      addresses: [],
    },
    // The regional press of the media monitoring (veille-media).
    {
      name: 'La Voix de l’Ain',
      acronym: '',
      website: 'https://www.exemple-voixdelain.fr',
      contactType: 'media',
      activity: '58.14Z',
      addresses: [],
    },
    {
      name: 'France 3 Auvergne-Rhône-Alpes',
      acronym: 'France 3 AURA',
      website: 'https://www.exemple-france3-regions.fr',
      contactType: 'media',
      activity: '60.20A',
      addresses: [],
    },
    {
      name: 'Radio Scoop Bourg-en-Bresse',
      acronym: '',
      website: 'https://www.exemple-radioscoop.fr',
      contactType: 'media',
      activity: '60.10Z',
      addresses: [],
    },
  ],
  individus: [
    {
      civility: 'madame',
      lastName: 'Dupont',
      firstName: 'Marie',
      email: 'marie.dupont@exemple.fr',
      mobile: '06 11 22 33 44',
      address: '8 rue des Lilas',
      postalCode: '01960',
      cityOutside: 'Péronnas',
      comments: 'Maison de 1975, projet d’isolation des combles.',
    },
    {
      civility: 'monsieur',
      lastName: 'Moreau',
      firstName: 'Jean-Pierre',
      email: 'jp.moreau@exemple.fr',
      landline: '04 74 12 34 56',
      address: '27 chemin de la Vavrette',
      postalCode: '01000',
      cityOutside: 'Bourg-en-Bresse',
    },
    {
      civility: 'madame',
      lastName: 'Lambert',
      firstName: 'Isabelle',
      email: 'i.lambert@exemple-peronnas.fr',
      structures: [
        {
          contactType: { ref: 'Mairie' },
          structure: { ref: 'Mairie de Péronnas' },
          function: 'Adjointe à l’urbanisme',
          service: 'Urbanisme',
          directLine: '04 74 00 00 21',
          standardLine: '04 74 00 00 20',
          mobile: '',
          email: 'i.lambert@exemple-peronnas.fr',
          leftStructure: false,
          comments: '',
        },
      ],
    },
    {
      civility: 'monsieur',
      lastName: 'Girard',
      firstName: 'Thomas',
      email: 'thomas.girard@exemple-bir.fr',
      mobile: '07 61 23 45 67',
      structures: [
        {
          contactType: { ref: 'Artisan RGE' },
          structure: { ref: 'Bresse Isolation Rénovation' },
          function: 'Gérant',
          service: '',
          directLine: '',
          standardLine: '06 12 00 00 30',
          mobile: '07 61 23 45 67',
          email: 'thomas.girard@exemple-bir.fr',
          leftStructure: false,
          comments: 'Qualifié RGE Qualibat.',
        },
      ],
    },
    {
      civility: 'madame',
      lastName: 'Rousseau',
      firstName: 'Nathalie',
      structures: [
        {
          contactType: { ref: 'Bailleur social' },
          structure: { ref: 'Ain Habitat Social' },
          function: 'Responsable du patrimoine',
          service: 'Patrimoine',
          directLine: '04 74 00 00 41',
          standardLine: '04 74 00 00 40',
          mobile: '',
          email: 'n.rousseau@exemple-ahs.fr',
          leftStructure: false,
          comments: '',
        },
      ],
    },
    {
      civility: 'monsieur',
      lastName: 'Fontaine',
      firstName: 'Luc',
      structures: [
        {
          contactType: { ref: 'Partenaire financier' },
          structure: { ref: 'Crédit Coopératif de l’Ain' },
          function: 'Conseiller clientèle',
          service: 'Particuliers',
          directLine: '04 74 00 00 51',
          standardLine: '04 74 00 00 50',
          mobile: '',
          email: 'luc.fontaine@exemple-banque.fr',
          leftStructure: false,
          comments: '',
        },
      ],
    },
    {
      civility: 'madame',
      lastName: 'Chevalier',
      firstName: 'Claire',
      structures: [
        {
          contactType: { ref: 'Presse' },
          structure: { ref: 'Le Progrès de l’Ain' },
          function: 'Journaliste',
          service: 'Rédaction de Bourg-en-Bresse',
          directLine: '',
          standardLine: '',
          mobile: '06 98 76 54 32',
          email: 'c.chevalier@exemple-journal.fr',
          leftStructure: false,
          comments: '',
        },
        {
          contactType: { ref: 'Mairie' },
          structure: { ref: 'Mairie de Péronnas' },
          function: 'Chargée de communication',
          service: 'Communication',
          directLine: '',
          standardLine: '04 74 00 00 20',
          mobile: '',
          email: '',
          leftStructure: true,
          comments: 'A quitté la mairie en 2024.',
        },
      ],
    },
    {
      civility: 'monsieur',
      lastName: 'Mercier',
      firstName: 'Antoine',
      email: 'antoine.mercier@exemple.fr',
      landline: '+33 4 74 98 76 54',
      mobile: '+33 6 45 67 89 01',
      address: '5 impasse des Tilleuls',
      addressComplement: 'Bâtiment B',
      postalCode: '01500',
      cityOutside: 'Ambérieu-en-Bugey',
    },
  ],
  // Mappings of the contacts import assistant.
  'templates-import': [
    {
      name: 'Annuaire des partenaires',
      type: 'individus',
      numericColumns: false,
      header: true,
      sheet: 0,
      fields: [
        { field: 'individual.civility', column: 'A', searchCriterion: false },
        { field: 'individual.lastName', column: 'B', searchCriterion: true },
        { field: 'individual.firstName', column: 'C', searchCriterion: true },
        { field: 'individual.email', column: 'D', searchCriterion: false },
        { field: 'structure.name', column: 'E', searchCriterion: false },
        { field: 'link.contactType', column: 'F', searchCriterion: false },
        { field: 'link.function', column: 'G', searchCriterion: false },
      ],
    },
    {
      name: 'Structures par SIRET',
      type: 'structures',
      numericColumns: true,
      header: true,
      sheet: 0,
      fields: [
        { field: 'structure.siret', column: '0', searchCriterion: true },
        { field: 'structure.name', column: '1', searchCriterion: false },
        { field: 'structure.acronym', column: '2', searchCriterion: false },
        { field: 'structure.territories', column: '3', searchCriterion: false },
      ],
    },
  ],
  projet: demoProjects,
  'coporteurs-projet': demoCoOwners,
  'partenaires-projet': demoPartners,
  'commentaires-projet': demoComments,
  'piece-jointe': demoProjectDocuments,
  tickets: demoTickets,
  'tickets-commentaires': demoTicketComments,
  'tickets-temps': demoTimeEntries,
  'tickets-sous-taches': demoSubTasks,
  'tickets-documents': demoTicketDocuments,
  'veille-media': demoMediaItems,
};
