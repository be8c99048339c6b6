/**
 * Demo records loaded on the first start of an empty embedded database, by resource slug, in the
 * order they are created. A value `{ ref: 'name' }` in a reference field names a record of the
 * target resource created earlier (by its title).
 */
export type DemoValue = string | number | boolean | null | { ref: string };
export type DemoRecord = Record<string, DemoValue>;

export const demoData: Record<string, DemoRecord[]> = {
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
};
