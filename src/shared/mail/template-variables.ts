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
