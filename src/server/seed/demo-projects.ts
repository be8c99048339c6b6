import type { DemoRecord } from './demo-data';

/**
 * Demo projects of the advice service, with their co-owners, partners and advice acts: about thirty
 * households, condominiums and shops of the Bourg-en-Bresse area, across the missions, states and
 * themes of the other demo records.
 */
const ref = (name: string) => ({ ref: name });

interface ProjectSeed {
  name: string;
  template: 'Rénovation globale' | 'Copropriété' | null;
  mission: 'Conseil aux particuliers' | 'Accompagnement des copropriétés' | 'Petit tertiaire privé';
  type: string;
  state: string;
  theme: string;
  status: 'public' | 'internal' | 'confidential';
  individual?: string;
  structure?: string;
  officer: 'Martin' | 'Bernard' | 'Lefebvre';
  referent: 'Martin' | 'Bernard' | 'Lefebvre';
  created: string;
  priority?: boolean;
  valuable?: boolean;
}

const households = ['Dupont', 'Moreau', 'Lambert', 'Girard', 'Mercier'];
const states = ['À traiter', "En cours d'instruction", 'Déposé', 'En travaux', 'En paiement', 'Clôturé'];
const householdThemes = [
  'Isolation des combles',
  'Pompe à chaleur',
  'Isolation des murs',
  'Menuiseries',
  'Chaudière biomasse',
  'Ventilation',
  'Solaire thermique',
  'Audit énergétique',
];
const streets = [
  'rue de la République',
  'avenue Alsace-Lorraine',
  'chemin des Vignes',
  'rue du Stade',
  'allée des Tilleuls',
  'route de Lyon',
];

const seeds: ProjectSeed[] = [
  // Households advised by the advice mission: twenty projects.
  ...Array.from({ length: 20 }, (_unused, index): ProjectSeed => {
    const household = households[index % households.length]!;
    const theme = householdThemes[index % householdThemes.length]!;
    const global = index % 3 === 0;
    return {
      name: `${global ? 'Rénovation globale' : theme} – ${household}, ${index + 3} ${streets[index % streets.length]}`,
      template: global ? 'Rénovation globale' : null,
      mission: 'Conseil aux particuliers',
      type: global ? 'Rénovation globale' : 'Rénovation par gestes',
      state: states[index % states.length]!,
      theme,
      status: index % 7 === 6 ? 'internal' : 'public',
      individual: household,
      officer: index % 2 === 0 ? 'Bernard' : 'Lefebvre',
      referent: 'Martin',
      created: `2026-${String((index % 10) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
      priority: index % 5 === 0,
      valuable: index % 4 === 1,
    };
  }),
  // Condominiums, followed with the social landlord and the town.
  ...[
    'Résidence Les Charmilles',
    'Résidence du Parc',
    'Le Clos Saint-Roch',
    'Les Terrasses de Brou',
    'Résidence Bel Air',
    'Le Carré Vert',
  ].map((name, index): ProjectSeed => ({
    name: `Copropriété ${name}`,
    template: 'Copropriété',
    mission: 'Accompagnement des copropriétés',
    type: 'Rénovation de copropriété',
    state: states[(index + 1) % states.length]!,
    theme: index % 2 === 0 ? 'Isolation des murs' : 'Chauffage',
    status: index === 2 ? 'confidential' : 'public',
    structure: 'Ain Habitat Social',
    officer: 'Martin',
    referent: 'Martin',
    created: `2025-${String(index + 4).padStart(2, '0')}-15`,
    valuable: index % 2 === 1,
  })),
  // Shops and offices of the small private tertiary mission, one of them confidential.
  ...['Boulangerie du Bastion', 'Pharmacie des Halles', 'Cabinet dentaire Victor-Hugo', 'Garage de la Reyssouze'].map(
    (name, index): ProjectSeed => ({
      name: `Local commercial – ${name}`,
      template: null,
      mission: 'Petit tertiaire privé',
      type: 'Rénovation de local commercial',
      state: states[(index + 2) % states.length]!,
      theme: index % 2 === 0 ? 'Énergies renouvelables' : 'Audit énergétique',
      status: index === 3 ? 'confidential' : 'internal',
      structure: index % 2 === 0 ? 'Bresse Isolation Rénovation' : 'Crédit Coopératif de l’Ain',
      officer: 'Lefebvre',
      referent: 'Lefebvre',
      created: `2026-0${index + 2}-0${index + 3}`,
      priority: index === 0,
    }),
  ),
];

export const demoProjects: DemoRecord[] = seeds.map((seed, index) => ({
  name: seed.name,
  template: seed.template ? ref(seed.template) : null,
  state: ref(seed.state),
  status: seed.status,
  theme: ref(seed.theme),
  ownerIndividual: seed.individual ? ref(seed.individual) : null,
  ownerStructure: seed.structure ? ref(seed.structure) : null,
  missions: [{ mission: ref(seed.mission), projectType: ref(seed.type), officer: ref(seed.officer) }],
  referents: [ref(seed.referent)],
  description: `<p>${seed.name} : accompagnement du porteur par le service, de la première visite à la réception des travaux.</p>`,
  specialPoints: index % 4 === 0 ? 'Porteur joignable de préférence en fin de journée.' : '',
  priority: seed.priority ?? false,
  valuable: seed.valuable ?? false,
  showOnDashboard: index % 3 === 0,
  creationDate: seed.created,
}));

/** Co-owners: a household's spouse or the condominium's managing agent. */
export const demoCoOwners: DemoRecord[] = seeds.flatMap((seed, index) =>
  index % 3 === 1
    ? [
        {
          project: ref(seed.name),
          role: seed.individual ? 'Conjoint propriétaire' : 'Syndic de copropriété',
          individual: seed.individual ? ref(households[(index + 1) % households.length]!) : null,
          structure: seed.structure ? ref('Grand Bourg Agglomération') : null,
          liaisonOfficer: ref(seed.officer),
          comments: '',
        },
      ]
    : [],
);

const partnerReferences = ['Anah', 'Action Logement', 'Conseil départemental', 'Région'];

/** Partners: the firm doing the works, the funder. */
export const demoPartners: DemoRecord[] = seeds.flatMap((seed, index) =>
  index % 2 === 0
    ? [
        {
          project: ref(seed.name),
          role: index % 4 === 0 ? 'Entreprise de travaux' : 'Financeur',
          individual: null,
          structure: ref(index % 4 === 0 ? 'Bresse Isolation Rénovation' : 'Crédit Coopératif de l’Ain'),
          partnerReference: ref(partnerReferences[index % partnerReferences.length]!),
          liaisonOfficer: ref(seed.referent),
          comments: '',
        },
      ]
    : [],
);

const actTypes = ['A01', 'A02', 'A03', 'A04', 'A04b'];

/** Advice acts: one or two per project, some of them declared to ADEME. */
export const demoComments: DemoRecord[] = seeds.flatMap((seed, index) =>
  Array.from({ length: (index % 2) + 1 }, (_unused, act) => ({
    project: ref(seed.name),
    subject: act === 0 ? 'Premier rendez-vous de conseil' : 'Visite à domicile',
    actDate: `2026-${String((index % 9) + 1).padStart(2, '0')}-${String(10 + act * 7).padStart(2, '0')}`,
    adviser: ref(seed.officer),
    actType: actTypes[(index + act) % actTypes.length]!,
    ademe: index % 3 !== 2,
    ademeNumber: index % 3 !== 2 ? `SARE-${String(index * 2 + act + 1).padStart(5, '0')}` : '',
    text: '<p>Présentation des aides et des étapes du projet.</p>',
    informationTypes: act === 0 ? ['technical', 'financial'] : ['technical'],
    serviceContinuation: act === 0 ? ['energy_audit'] : ['works_support'],
    upcomingAppointment: null,
    customerQuestion: '<p>Quelles aides pour isoler et changer le chauffage ?</p>',
    adviserAnswer: '<p>MaPrimeRénov’ et les primes CEE, après un audit énergétique.</p>',
    auditReportHandedOver: act === 1,
    durationMinutes: act === 0 ? 60 : 90,
  })),
);
