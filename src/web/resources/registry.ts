import type { WebModule } from '../engine/web-module';
import { templateFilesModule } from './fichier-type/fichier-type.module';
import { individualsModule } from './individus/individus.module';
import { projectsModule } from './projet/projet.module';
import { structuresModule } from './structures/structures.module';
import { emailTemplatesModule } from './template-email/template-email.module';
import { ticketsModule } from './tickets/tickets.module';
import { mediaWatchModule } from './veille-media/veille-media.module';

/**
 * The resources' web modules, by slug: what their screens have besides the engine's. The admin layout
 * gives them to the engine (WebModulesContext), which never imports them.
 */
export const webModules: Readonly<Record<string, WebModule>> = {
  'fichier-type': templateFilesModule,
  individus: individualsModule,
  projet: projectsModule,
  structures: structuresModule,
  'template-email': emailTemplatesModule,
  tickets: ticketsModule,
  'veille-media': mediaWatchModule,
};
