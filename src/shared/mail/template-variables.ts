/**
 * The variables a mail template may use (spec 3, Email template), written `{{ projet.reference }}`
 * in its subject, content and signature. One list for the editor's buttons, the server's check at
 * save (an unknown variable is refused, named) and the resolution on a project; a project's
 * characteristics add `{{ caracteristique.<field id> }}`.
 */
export const templateVariables = [
  'projet.reference',
  'projet.nom',
  'projet.etat',
  'projet.thematique',
  'projet.mission',
  'projet.date_creation',
  'projet.date_derniere_intervention',
  'projet.prochain_rendez_vous',
  'porteur.civilite',
  'porteur.prenom',
  'porteur.nom',
  'porteur.adresse',
  'porteur.code_postal',
  'porteur.commune',
  'porteur.structure',
  'conseiller.nom',
  'conseiller.email',
  'date_du_jour',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];

/** A project characteristic's variable: its form field's id. */
export const CHARACTERISTIC_PREFIX = 'caracteristique.';

/** `{{ name }}`, spaces inside the braces optional. */
const variablePattern = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The variable names a text uses, in their order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(variablePattern)].map((match) => match[1]!))];
}

export const isKnownVariable = (name: string): boolean =>
  (templateVariables as readonly string[]).includes(name) || /^caracteristique\.\d+$/.test(name);

/** The text with each variable replaced by `valueOf(name)` (already escaped for its context by the caller). */
export function replaceVariables(text: string, valueOf: (name: string) => string): string {
  return text.replace(variablePattern, (_match, name: string) => valueOf(name));
}

/**
 * The variables a document template (fichier-type) may use besides the mails' (templateVariables):
 * the project's types and people, one line each. The mails' list is left as it is (its mailing export's
 * columns follow it).
 */
export const documentVariables = [
  'projet.type',
  'projet.coporteurs',
  'projet.partenaires',
  'projet.referents',
] as const;

/**
 * The lists a document template (fichier-type) may repeat, and the fields of each item: a loop is
 * written `{{#actes}}{{ date }} {{ objet }}{{/actes}}`; a condition `{{#porteur.structure}}…{{/porteur.structure}}`
 * (shown when the variable is not empty) or `{{^porteur.structure}}…{{/porteur.structure}}` (when it is).
 * Documents only: a mail has no loops.
 */
export const templateLoops = {
  coporteurs: ['role', 'nom', 'structure', 'email'],
  partenaires: ['role', 'nom', 'structure', 'email'],
  actes: ['date', 'objet', 'type', 'conseiller', 'texte'],
  tickets: ['nom', 'etape', 'statut', 'echeance', 'type'],
  caracteristiques: ['nom', 'valeur'],
} as const;
export type TemplateLoop = keyof typeof templateLoops;
