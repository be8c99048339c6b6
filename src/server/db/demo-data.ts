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

export const demoData: Record<string, DemoRecord[]> = {
  missions: [
    { name: 'Conseil aux particuliers', acronym: 'CP' },
    { name: 'Accompagnement des copropriétés', acronym: 'COPRO' },
    { name: 'Petit tertiaire privé', acronym: 'PTP' },
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
  'etats-projet': [
    { name: 'À traiter', displayedOnDashboard: true },
    { name: "En cours d'instruction", displayedOnDashboard: true },
    { name: 'Déposé', displayedOnDashboard: true },
    { name: 'En travaux', displayedOnDashboard: true },
    { name: 'En paiement', displayedOnDashboard: false },
    { name: 'Clôturé', displayedOnDashboard: false },
  ],
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
  ],
  'template-projet': [
    { name: 'Rénovation globale', prefix: 'RG-', suffix: '' },
    { name: 'Copropriété', prefix: 'COPRO-', suffix: '' },
  ],
  'champs-de-formulaire': [
    { name: 'Informations sur le logement', type: 'title', bold: true, fontSize: 24 },
    { name: 'Surface habitable', type: 'number', unit: 'm²' },
    { name: 'Année de construction', type: 'number' },
    {
      name: 'Type de chauffage',
      type: 'select',
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
        { ref: 'Logement occupé par le propriétaire' },
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
};
