/**
 * The pages the app really has, for the server's shell and 404s: the route table's page routes, with
 * {resource} expanded to each declared resource a screen applies to. Apart from the route table so
 * that the table, which the resources' declarations name routes from, does not import them.
 */
import { isDuplicateResource } from './resources/contact-duplicates';
import { resources } from './resources/registry';
import type { ResourceDefinition } from './resources/resource';
import { pageRouteNames, routePattern, routeTable, type RouteName } from './routes';

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Resource screens that exist only for resources with the matching behaviour. */
const resourceScreenApplies: Partial<Record<RouteName, (resource: ResourceDefinition) => boolean>> = {
  'admin.resource.sort': (resource) => resource.behaviours.sortable,
  'admin.resource.clone': (resource) => resource.behaviours.clonable,
  'admin.resource.create': (resource) => !resource.behaviours.readOnly,
  'admin.resource.edit': (resource) => !resource.behaviours.readOnly,
  'admin.duplicates.merge': (resource) => isDuplicateResource(resource.slug),
};

/**
 * Every page the app has, as patterns with ":name" parameters: {resource} is expanded to each
 * declared resource the screen applies to, so /admin/anything is still a 404.
 */
export const pagePatterns: { name: RouteName; pattern: string }[] = pageRouteNames.flatMap((name) =>
  routeTable[name].includes('{resource}')
    ? resources
        .filter((resource) => resourceScreenApplies[name]?.(resource) ?? true)
        .map((resource) => ({ name, pattern: routePattern(name, { resource: resource.slug }) }))
    : [{ name, pattern: routePattern(name) }],
);

const pageMatchers = pagePatterns.map(({ name, pattern }) => {
  const source = pattern
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '([^/]+)' : escapeRegExp(part)))
    .join('');
  return { name, regex: new RegExp(`^${source}/?$`) };
});

/** The page route a browser path belongs to, or null: the server answers 404 for null. */
export function matchPageRoute(pathname: string): RouteName | null {
  return pageMatchers.find(({ regex }) => regex.test(pathname))?.name ?? null;
}
