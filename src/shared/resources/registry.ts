import { communes } from './communes.resource';
import { steps } from './etapes.resource';
import { accessProfiles } from './groupes.resource';
import { usersResource } from './utilisateurs.resource';
import { services } from './services.resource';
import { templateFiles } from './fichier-type.resource';
import { missions } from './missions.resource';
import { taskTemplates } from './template-tache.resource';
import { projectTypes } from './types-projet.resource';
import { projectStates } from './etats-projet.resource';
import { documentTypes } from './types-de-document.resource';
import { partnerReferences } from './reference-partenaire.resource';
import { internalCommentTypes } from './types-commentaire-interne.resource';
import { contactTypes } from './types-contact.resource';
import { projectTemplates } from './template-projet.resource';
import { usefulLinks } from './liens-utiles.resource';
import type { ResourceDefinition } from './resource';
import { projectThemes } from './thematiques-projet.resource';
import { formFields } from './champs-de-formulaire.resource';
import { forms } from './formulaires.resource';
import { meetingTypes } from './types-reunion.resource';
import { taskTypes } from './types-tache.resource';
import { loginHistory } from './historique-connexions.resource';
import { emailLogResource } from './journal-emails.resource';
import { individuals } from './individus.resource';
import { structures } from './structures.resource';
import { importTemplates } from './templates-import.resource';
import { projects } from './projet.resource';
import { projectCoOwners } from './coporteurs-projet.resource';
import { projectPartners } from './partenaires-projet.resource';
import { projectComments } from './commentaires-projet.resource';
import { projectDocuments } from './piece-jointe.resource';
import { tickets } from './tickets.resource';
import { ticketComments } from './tickets-commentaires.resource';
import { timeEntries } from './tickets-temps.resource';
import { subTasks } from './tickets-sous-taches.resource';
import { ticketDocuments } from './tickets-documents.resource';
import { ticketTransitions } from './tickets-transitions.resource';
import { notifications } from './notifications.resource';
import { emailTemplates } from './template-email.resource';
import { mediaWatch } from './veille-media.resource';

/** Every resource of the engine: a new one is declared in its own file and listed here. */
export const resources: readonly ResourceDefinition[] = [
  usefulLinks,
  projectStates,
  meetingTypes,
  taskTypes,
  projectThemes,
  documentTypes,
  partnerReferences,
  internalCommentTypes,
  contactTypes,
  projectTemplates,
  communes,
  services,
  missions,
  projectTypes,
  templateFiles,
  taskTemplates,
  steps,
  formFields,
  forms,
  loginHistory,
  emailLogResource,
  accessProfiles,
  structures,
  individuals,
  importTemplates,
  usersResource,
  projects,
  projectCoOwners,
  projectPartners,
  projectComments,
  projectDocuments,
  tickets,
  ticketComments,
  timeEntries,
  subTasks,
  ticketDocuments,
  ticketTransitions,
  notifications,
  emailTemplates,
  mediaWatch,
];

const bySlug = new Map(resources.map((resource) => [resource.slug, resource]));

export function findResource(slug: string | undefined): ResourceDefinition | undefined {
  return slug === undefined ? undefined : bySlug.get(slug);
}
