import {
  dashboardLayoutSchema,
  iframeTabsReplySchema,
  interactionsReplySchema,
  mediaWatchReplySchema,
  projectTabsReplySchema,
  usefulLinksReplySchema,
} from '../dashboard/dashboard';
import { defineContracts, operation } from './contract';

/** The dashboard: each widget's data, and the user's layout (read, and saved whole). */
export const dashboardContracts = defineContracts({
  'api.ticket_transitions.latest': { GET: operation({ reply: interactionsReplySchema }) },
  'api.dashboard.useful_links': { GET: operation({ reply: usefulLinksReplySchema }) },
  'api.dashboard.media_watch': { GET: operation({ reply: mediaWatchReplySchema }) },
  'api.dashboard.projects': { GET: operation({ reply: projectTabsReplySchema }) },
  'api.dashboard.iframes': { GET: operation({ reply: iframeTabsReplySchema }) },
  'api.dashboard.layout': {
    GET: operation({ reply: dashboardLayoutSchema }),
    PUT: operation({ body: dashboardLayoutSchema, reply: dashboardLayoutSchema }),
  },
});
