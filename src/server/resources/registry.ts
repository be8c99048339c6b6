import { formFieldsHooks } from './projet/champs-de-formulaire.server';
import { communesHooks } from './reference-lists/communes.server';
import { stepsHooks } from './tickets/etapes.server';
import { accessProfilesHooks } from './accounts/groupes.server';
import { usersHooks } from './accounts/utilisateurs.server';
import { projectThemesHooks } from './reference-lists/thematiques-projet.server';
import { projectTypesHooks } from './reference-lists/types-projet.server';
import { formsHooks } from './projet/formulaires.server';
import { individualsHooks } from './contacts/individus.server';
import { structuresHooks } from './contacts/structures.server';
import { importTemplatesHooks } from './contacts/templates-import.server';
import { projectsHooks } from './projet/projet.server';
import { projectContactHooks } from './projet/project-children';
import { projectCommentsHooks } from './projet/commentaires-projet.server';
import { projectDocumentsHooks } from './projet/piece-jointe.server';
import { ticketsHooks } from './tickets/tickets.server';
import { notificationsHooks } from './tickets/notifications.server';
import { subTasksHooks } from './tickets/tickets-sous-taches.server';
import { timeEntriesHooks } from './tickets/tickets-temps.server';
import { ticketTransitionsHooks } from './tickets/tickets-transitions.server';
import { ticketCommentsHooks } from './tickets/tickets-commentaires.server';
import { taskTemplatesHooks } from './tickets/template-tache.server';
import { emailTemplatesHooks } from './mail/template-email.server';
import { mediaWatchHooks } from './media/veille-media.server';
import type { HooksLookup } from '../engine/resource-store';
import type { ServerResource } from '../engine/server-resource';

/** The server files of the resources that have one (src/server/resources/<feature>/<slug>.server.ts), by slug. */
export const resourceHooks: Record<string, ServerResource> = {
  communes: communesHooks,
  etapes: stepsHooks,
  groupes: accessProfilesHooks,
  utilisateurs: usersHooks,
  'thematiques-projet': projectThemesHooks,
  'types-projet': projectTypesHooks,
  'champs-de-formulaire': formFieldsHooks,
  formulaires: formsHooks,
  structures: structuresHooks,
  individus: individualsHooks,
  'templates-import': importTemplatesHooks,
  projet: projectsHooks,
  'coporteurs-projet': projectContactHooks,
  'partenaires-projet': projectContactHooks,
  'commentaires-projet': projectCommentsHooks,
  'piece-jointe': projectDocumentsHooks,
  tickets: ticketsHooks,
  'template-tache': taskTemplatesHooks,
  'tickets-commentaires': ticketCommentsHooks,
  'tickets-temps': timeEntriesHooks,
  'tickets-sous-taches': subTasksHooks,
  'tickets-transitions': ticketTransitionsHooks,
  notifications: notificationsHooks,
  'template-email': emailTemplatesHooks,
  'veille-media': mediaWatchHooks,
};

const noHooks: ServerResource = {};
/** A resource's server file, or none: what the app gives the engine. */
export const serverHooks: HooksLookup = (slug) => resourceHooks[slug] ?? noHooks;
