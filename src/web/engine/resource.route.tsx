import { useParams } from 'react-router';
import { findResource } from '../../shared/resources/registry';
import { ErrorScreen } from '../screens/error/error.screen';
import { ResourceFormScreen, type FormMode } from './resource-form.screen';
import { ResourceListScreen } from './resource-list.screen';
import { ResourceShowScreen } from './resource-show.screen';
import { ResourceSortScreen } from './resource-sort.screen';

export type ResourceScreen = 'list' | 'show' | 'sort' | FormMode;

/** The generic screen of the resource named in the URL; an unknown slug is a 404. */
export function ResourceRoute({ screen }: { screen: ResourceScreen }) {
  const definition = findResource(useParams().resource);
  if (!definition) return <ErrorScreen status={404} />;
  switch (screen) {
    case 'list':
      return <ResourceListScreen key={definition.slug} definition={definition} />;
    case 'show':
      return <ResourceShowScreen key={definition.slug} definition={definition} />;
    case 'sort':
      // Only resources declared sortable have an order to arrange.
      if (!definition.behaviours.sortable) return <ErrorScreen status={404} />;
      return <ResourceSortScreen key={definition.slug} definition={definition} />;
    default:
      // A read-only resource has no form: its records come from the server.
      if (definition.behaviours.readOnly) return <ErrorScreen status={404} />;
      return <ResourceFormScreen key={definition.slug} definition={definition} mode={screen} />;
  }
}
