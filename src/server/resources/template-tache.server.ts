import type { ServerResource } from '../engine/server-resource';

/** Task templates: applied to a project, they create its prefilled tickets. */
export const taskTemplatesHooks: ServerResource = {
  routes: [],
};
