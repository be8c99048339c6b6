import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { can, createsNothing, nobody, type ResourceAction } from '../../shared/permissions';
import { findResource } from '../../shared/resources/registry';
import type { ResourceDefinition } from '../../shared/resources/resource';
import { ErrorScreen } from '../shell/error.screen';
import { useSession } from '../session.hook';
import { CreateInModalContext } from './create-in-modal.hook';
import { CreateInModalButton } from './resource-create.modal';
import type { FormMode } from './resource-form.screen';
import { cloneDialogState, useWebModule } from './web-module';

// Each screen loads on its first visit (the router starts it with this file): a list does not bring the forms' editors.
const ResourceFormScreen = lazy(async () => ({ default: (await import('./resource-form.screen')).ResourceFormScreen }));
const ResourceListScreen = lazy(async () => ({ default: (await import('./resource-list.screen')).ResourceListScreen }));
const ResourceShowScreen = lazy(async () => ({ default: (await import('./resource-show.screen')).ResourceShowScreen }));
const ResourceSortScreen = lazy(async () => ({ default: (await import('./resource-sort.screen')).ResourceSortScreen }));

export type ResourceScreen = 'list' | 'show' | 'sort' | FormMode;

/** The permission each screen needs: without it, the screen is the 403 page at once, and no form opens. */
const screenActions: Record<ResourceScreen, ResourceAction> = {
  list: 'list',
  show: 'show',
  sort: 'sort',
  create: 'create',
  clone: 'create',
  edit: 'update',
};

/**
 * The screens a resource has, as its behaviours say (the server's page table agrees): only sortable
 * ones have an order to arrange, clonable ones a clone form, and a read-only one no form at all.
 */
function screenExists(definition: ResourceDefinition, screen: ResourceScreen): boolean {
  if (screen === 'sort') return definition.behaviours.sortable;
  if (screen === 'clone') return definition.behaviours.clonable;
  if (screen === 'create' || screen === 'edit') return !definition.behaviours.readOnly;
  return true;
}

/** The generic screen of the resource named in the URL; an unknown slug is a 404. */
export function ResourceRoute({ screen }: { screen: ResourceScreen }) {
  const { t } = useTranslation();
  const definition = findResource(useParams().resource);
  const user = useSession().data?.user ?? nobody;
  if (!definition || !screenExists(definition, screen)) return <ErrorScreen status={404} />;
  if (!can(user, definition.slug, screenActions[screen])) {
    // A user without a service may create nothing (spec 6): the page says so in the spec's words.
    const message = screenActions[screen] === 'create' && createsNothing(user) ? t('errors.no_service') : undefined;
    return <ErrorScreen status={403} message={message} />;
  }
  return (
    <CreateInModalContext.Provider value={CreateInModalButton}>
      <Suspense>
        <ResourceScreenOf key={definition.slug} definition={definition} screen={screen} />
      </Suspense>
    </CreateInModalContext.Provider>
  );
}

/** A resource's screen: the engine's, with what its web module adds (useWebModule, given by the app). */
function ResourceScreenOf({ definition, screen }: { definition: ResourceDefinition; screen: ResourceScreen }) {
  const { recordPage, CloneAction } = useWebModule(definition.slug);
  const { id } = useParams();
  switch (screen) {
    case 'clone':
      // A resource its server copies (the projects'): no prefilled form, dupliquer/{id} opens its
      // page with the clone dialog (cloneDialogState), as its list's row does.
      return recordPage && CloneAction && id ? (
        <Navigate replace to={recordPage(id)} state={cloneDialogState} />
      ) : (
        <ResourceFormScreen definition={definition} mode={screen} />
      );
    case 'list':
      return <ResourceListScreen definition={definition} />;
    case 'show':
      // A resource with a page of its own (the projects'): voir/{id} leads there.
      return recordPage && id ? (
        <Navigate replace to={recordPage(id)} />
      ) : (
        <ResourceShowScreen definition={definition} />
      );
    case 'sort':
      return <ResourceSortScreen definition={definition} />;
    default:
      return <ResourceFormScreen definition={definition} mode={screen} />;
  }
}
