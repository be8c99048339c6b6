import { z } from 'zod';
import {
  CHARACTERISTIC_PREFIX,
  documentVariables,
  isKnownVariable,
  templateLoops,
  templateVariables,
  type TemplateLoop,
} from '../mail/template-variables';

/**
 * Documents from templates (docs/documents.md): a template file (fichier-type) is a Word or Excel
 * file whose `{{ variables }}`, loops and conditions are those of the mail templates' catalogue
 * (mail/template-variables.ts) plus the documents' own lists.
 */
export const documentFormats = ['docx', 'xlsx'] as const;
export type DocumentFormat = (typeof documentFormats)[number];

/** A template file's format by its name's extension, or undefined when it is neither Word nor Excel. */
export function documentFormatOf(name: string): DocumentFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return documentFormats.find((format) => format === extension);
}

export const isLoop = (name: string): name is TemplateLoop => Object.hasOwn(templateLoops, name);

/**
 * Whether a tag is a variable of the catalogue where it stands: a project variable anywhere, a
 * list's field inside that list's loop (`loops`: the loops around it, innermost last).
 */
export function isKnownTag(name: string, loops: readonly string[]): boolean {
  if (isKnownVariable(name) || (documentVariables as readonly string[]).includes(name)) return true;
  return loops.some((loop) => isLoop(loop) && (templateLoops[loop] as readonly string[]).includes(name));
}

/** An example of each variable, as a project of the demo data would give it (the variables screen). */
export const variableExamples: Record<string, string> = {
  'projet.reference': 'REN-2026-0042',
  'projet.nom': 'Rénovation maison Durand',
  'projet.etat': 'En traitement',
  'projet.thematique': 'Rénovation énergétique',
  'projet.mission': 'Conseil aux particuliers',
  'projet.type': 'Rénovation globale',
  'projet.coporteurs': 'Durand Paul',
  'projet.partenaires': 'Atelier Bois & Isolation',
  'projet.referents': 'Claire Martin',
  'projet.date_creation': '12/01/2026',
  'projet.date_derniere_intervention': '03/03/2026',
  'projet.prochain_rendez_vous': '18/03/2026 14:30',
  'porteur.civilite': 'Madame',
  'porteur.prenom': 'Sophie',
  'porteur.nom': 'Durand',
  'porteur.adresse': '12 rue des Lilas',
  'porteur.code_postal': '69003',
  'porteur.commune': 'Lyon',
  'porteur.structure': 'SCI Les Lilas',
  'conseiller.nom': 'Claire Martin',
  'conseiller.email': 'claire.martin@exemple.fr',
  date_du_jour: '28/11/2026',
  [`${CHARACTERISTIC_PREFIX}12`]: '145 m²',
  'coporteurs.role': 'Co-propriétaire',
  'coporteurs.nom': 'Durand Paul',
  'coporteurs.structure': '',
  'coporteurs.email': 'paul.durand@exemple.fr',
  'partenaires.role': 'Artisan',
  'partenaires.nom': '',
  'partenaires.structure': 'Atelier Bois & Isolation',
  'partenaires.email': 'contact@atelier-bois.fr',
  'actes.date': '03/03/2026',
  'actes.objet': 'Visite technique du logement',
  'actes.type': 'A02',
  'actes.conseiller': 'Claire Martin',
  'actes.texte': 'Combles perdus non isolés ; chaudière fioul de 1998.',
  'tickets.nom': 'Relance sur les devis',
  'tickets.etape': 'En cours',
  'tickets.statut': 'En cours',
  'tickets.echeance': '31/03/2026',
  'tickets.type': 'Relance',
  'caracteristiques.nom': 'Surface habitable',
  'caracteristiques.valeur': '145 m²',
};

/** The variables screen: every variable a template may use, and every list with its fields. */
export const documentCatalogueSchema = z.object({
  variables: z.array(z.object({ name: z.string(), example: z.string() })),
  loops: z.array(z.object({ name: z.string(), fields: z.array(z.object({ name: z.string(), example: z.string() })) })),
});
export type DocumentCatalogue = z.infer<typeof documentCatalogueSchema>;

export function documentCatalogue(): DocumentCatalogue {
  return {
    variables: [...templateVariables, ...documentVariables, `${CHARACTERISTIC_PREFIX}12`].map((name) => ({
      name,
      example: variableExamples[name] ?? '',
    })),
    loops: Object.entries(templateLoops).map(([name, fields]) => ({
      name,
      fields: fields.map((field) => ({ name: field, example: variableExamples[`${name}.${field}`] ?? '' })),
    })),
  };
}

/** What a project's Export tab offers: the template files applicable to it, and whether PDF is. */
export const projectDocumentOptionsSchema = z.object({
  templates: z.array(z.object({ id: z.number(), name: z.string(), format: z.enum(documentFormats) })),
  pdf: z.boolean(),
});
export type ProjectDocumentOptions = z.infer<typeof projectDocumentOptionsSchema>;

/** One project's document: the template file, and PDF rather than its own format when asked (and offered). */
export const projectDocumentBodySchema = z.object({
  fichierType: z.number().int().positive(),
  pdf: z.boolean().optional(),
});

/** A selection's documents: ticked projects (`ids`) or the list's criteria (`filtres`, as the list's query). */
export const projectDocumentsBodySchema = z.object({
  fichierType: z.number().int().positive(),
  ids: z.array(z.number().int().positive()).max(50_000).optional(),
  filtres: z.record(z.string(), z.string()).optional(),
});

/** A selection's ZIP built in the background (over DOCUMENTS_IN_REQUEST projects): where it stands. */
export const documentsJobSchema = z.object({
  job: z.string(),
  done: z.number(),
  total: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  message: z.string().optional(),
});
export type DocumentsJob = z.infer<typeof documentsJobSchema>;

/** The most projects whose ZIP is built while the request waits; more go to a background job. */
export const DOCUMENTS_IN_REQUEST = 50;
