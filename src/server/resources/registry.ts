import { formFieldsHooks } from './champs-de-formulaire.server';
import { communesHooks } from './communes.server';
import { stepsHooks } from './etapes.server';
import { accessProfilesHooks } from './groupes.server';
import { usersHooks } from './utilisateurs.server';
import { projectThemesHooks } from './thematiques-projet.server';
import { projectTypesHooks } from './types-projet.server';
import { formsHooks } from './formulaires.server';
import { individualsHooks } from './individus.server';
import { structuresHooks } from './structures.server';
import { importTemplatesHooks } from './templates-import.server';
import { projectsHooks } from './projet.server';
import { projectContactHooks } from './project-children';
import { projectCommentsHooks } from './commentaires-projet.server';
import { projectDocumentsHooks } from './piece-jointe.server';
import { ticketsHooks } from './tickets.server';
import { ticketChildScope } from './ticket-scope';
import { notificationsHooks } from './notifications.server';
import { subTasksHooks } from './tickets-sous-taches.server';
import { timeEntriesHooks } from './tickets-temps.server';
import { ticketTransitionsHooks } from './tickets-transitions.server';
import { ticketCommentsHooks } from './tickets-commentaires.server';
import { taskTemplatesHooks } from './template-tache.server';
import type { HooksLookup } from '../engine/resource-store';
import type { ServerResource } from '../engine/server-resource';

/** The server files of the resources that have one (src/server/resources/<slug>.server.ts), by slug. */
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
  'tickets-documents': ticketChildScope,
  'tickets-transitions': ticketTransitionsHooks,
  notifications: notificationsHooks,
};

const noHooks: ServerResource = {};
/** A resource's server file, or none: what the app gives the engine. */
export const serverHooks: HooksLookup = (slug) => resourceHooks[slug] ?? noHooks;
