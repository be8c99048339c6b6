/**
 * The address hash of each form tab: a French word (issue 26: French words in every address), while
 * the tab's name in the declarations and catalogs (`resources.<slug>.tabs.<tab>`) stays the code's.
 * A tab without one here keeps its name (form-tab-hash.test.ts wants one for every declared tab).
 */
export const formTabHashes: Readonly<Record<string, string>> = {
  access: 'acces',
  additional: 'champs-complementaires',
  article: 'article',
  addresses: 'adresses',
  comments: 'commentaires',
  dashboard: 'tableau-de-bord',
  description: 'description',
  forms: 'formulaires-masques',
  general: 'general',
  identity: 'identite',
  iframe: 'iframe',
  links: 'ticket-lie',
  meeting: 'reunion',
  missions: 'missions',
  month_year: 'mois-et-annee',
  notifications: 'notifications',
  number: 'nombre',
  options: 'liste-de-choix',
  people: 'personnes',
  permissions: 'droits',
  porteur: 'porteur',
  states: 'etats-du-formulaire',
  structures: 'structures',
  territories: 'territoires',
  workflow: 'enchainement',
};

/** The hash naming a form tab. */
export const hashOfFormTab = (tab: string): string => formTabHashes[tab] ?? tab;

/**
 * The form tab a hash names (without its '#'): its French word, or its own name, which the addresses
 * carried before, so that a link kept from then opens the same tab.
 */
export const formTabOfHash = (hash: string): string =>
  Object.keys(formTabHashes).find((tab) => formTabHashes[tab] === hash) ?? hash;
