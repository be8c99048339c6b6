import { useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { path, routePattern } from '../shared/routes';
import type { ResourceScreen } from './engine/resource.route';
import { ErrorScreen, errorStatusOf } from './shell/error.screen';
import { DialogProvider } from './shell/dialogs.component';
import { Toaster } from './shell/toasts.component';
import { FlashToasts } from './shell/flashes.component';
import { UnsavedChangesProvider } from './shell/unsaved-changes.hook';

/**
 * Every screen loads with its route (route `lazy`): the first bundle holds the router, the
 * providers and the error page, and a page downloads only what it shows — the login page neither
 * the back office's layout nor its engine, the password screens the strength meter's dictionaries,
 * the map Leaflet. The router loads a page's layout and screen together, and keeps the current
 * page on screen until the next one's code has arrived.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}
function element<M>(load: () => Promise<M>, render: (module: M) => ReactNode): RouteObject['lazy'] {
  return async () => ({ element: render(await load()) });
}
/** A resource's generic screen: the route's file and the screen's own (which the route loads lazily) come together. */
const resourceScreenFiles: Record<ResourceScreen, () => Promise<unknown>> = {
  list: () => import('./engine/resource-list.screen'),
  show: () => import('./engine/resource-show.screen'),
  sort: () => import('./engine/resource-sort.screen'),
  create: () => import('./engine/resource-form.screen'),
  edit: () => import('./engine/resource-form.screen'),
  clone: () => import('./engine/resource-form.screen'),
};
const resourceScreen = (name: ResourceScreen) =>
  element(
    async () => (await Promise.all([import('./engine/resource.route'), resourceScreenFiles[name]()]))[0],
    ({ ResourceRoute }) => <ResourceRoute screen={name} />,
  );

/** Set by the server on the shell when it answers an error status (404, 500…). */
const statusFromServer = errorStatusOf(document.documentElement.dataset.status);

function RootLayout() {
  const location = useLocation();
  const [firstLocationKey] = useState(location.key);
  const status = location.key === firstLocationKey ? statusFromServer : null;
  const area = location.pathname.startsWith(path('client.home')) ? 'customer_area' : 'back_office';
  return (
    <DialogProvider>
      <UnsavedChangesProvider>
        {status ? <ErrorScreen status={status} area={area} /> : <Outlet />}
        <Toaster />
        <FlashToasts />
      </UnsavedChangesProvider>
    </DialogProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        path: routePattern('admin.login'),
        lazy: screen(
          () => import('./screens/login/login.screen'),
          (m) => m.LoginScreen,
        ),
      },
      {
        path: routePattern('client.login'),
        lazy: element(
          () => import('./screens/login/login.screen'),
          ({ LoginScreen }) => <LoginScreen area="customer_area" />,
        ),
      },
      {
        path: routePattern('client.home'),
        lazy: screen(
          () => import('./screens/customer-area/customer-home.screen'),
          (m) => m.CustomerHomeScreen,
        ),
      },
      {
        path: routePattern('admin.forgot_password'),
        lazy: screen(
          () => import('./screens/password-reset/forgot-password.screen'),
          (m) => m.ForgotPasswordScreen,
        ),
      },
      {
        path: routePattern('admin.reset_password'),
        lazy: screen(
          () => import('./screens/password-reset/reset-password.screen'),
          (m) => m.ResetPasswordScreen,
        ),
      },
      {
        path: routePattern('admin.register'),
        lazy: screen(
          () => import('./screens/registration/registration.screen'),
          (m) => m.RegistrationScreen,
        ),
      },
      // The file manager pop-up's page: alone in its frame, without the back office's layout.
      {
        path: routePattern('admin.file_manager'),
        lazy: screen(
          () => import('./screens/file-manager/file-manager.screen'),
          (m) => m.FileManagerScreen,
        ),
      },
      {
        lazy: screen(
          () => import('./admin.layout'),
          (m) => m.AdminLayout,
        ),
        children: [
          {
            path: routePattern('admin.dashboard'),
            lazy: screen(
              () => import('./screens/dashboard/dashboard.screen'),
              (m) => m.DashboardScreen,
            ),
          },
          {
            path: routePattern('admin.configuration'),
            lazy: screen(
              () => import('./screens/configuration/configuration.screen'),
              (m) => m.ConfigurationScreen,
            ),
          },
          {
            path: routePattern('admin.configuration.theme'),
            lazy: screen(
              () => import('./screens/theme/theme.screen'),
              (m) => m.ThemeScreen,
            ),
          },
          // The notifications' list is a screen of its own (to process, archived): it outranks the generic list.
          {
            path: path('admin.resource.list', { resource: 'notifications' }),
            lazy: element(
              () => import('./screens/notifications/notifications.screen'),
              (m) => <m.NotificationsScreen archived={false} />,
            ),
          },
          {
            path: routePattern('admin.notifications.archived'),
            lazy: element(
              () => import('./screens/notifications/notifications.screen'),
              (m) => <m.NotificationsScreen archived />,
            ),
          },
          { path: routePattern('admin.resource.list'), lazy: resourceScreen('list') },
          { path: routePattern('admin.resource.create'), lazy: resourceScreen('create') },
          { path: routePattern('admin.resource.edit'), lazy: resourceScreen('edit') },
          { path: routePattern('admin.resource.clone'), lazy: resourceScreen('clone') },
          { path: routePattern('admin.resource.show'), lazy: resourceScreen('show') },
          { path: routePattern('admin.resource.sort'), lazy: resourceScreen('sort') },
          {
            path: routePattern('admin.projects.page'),
            lazy: screen(
              () => import('./resources/projet/project-page.screen'),
              (m) => m.ProjectPageScreen,
            ),
          },
          {
            path: routePattern('admin.tickets.global_board'),
            lazy: screen(
              () => import('./resources/tickets/global-board.screen'),
              (m) => m.GlobalBoardScreen,
            ),
          },
          {
            path: routePattern('admin.tickets.board'),
            lazy: screen(
              () => import('./resources/tickets/project-board.screen'),
              (m) => m.ProjectBoardScreen,
            ),
          },
          {
            path: routePattern('admin.structures.map'),
            lazy: screen(
              () => import('./screens/structure-map/structure-map.screen'),
              (m) => m.StructureMapScreen,
            ),
          },
          {
            path: routePattern('admin.import_assistant'),
            lazy: screen(
              () => import('./screens/import-assistant/import-assistant.screen'),
              (m) => m.ImportAssistantScreen,
            ),
          },
          {
            path: routePattern('admin.import_assistant.job'),
            lazy: screen(
              () => import('./screens/import-assistant/import-job.screen'),
              (m) => m.ImportJobScreen,
            ),
          },
          {
            path: routePattern('admin.duplicates'),
            lazy: screen(
              () => import('./screens/duplicates/duplicates.screen'),
              (m) => m.DuplicatesScreen,
            ),
          },
          {
            path: routePattern('admin.duplicates.merge'),
            lazy: screen(
              () => import('./screens/duplicates/merge.screen'),
              (m) => m.MergeScreen,
            ),
          },
          {
            path: routePattern('admin.sare_export'),
            lazy: screen(
              () => import('./screens/sare-export/sare-export.screen'),
              (m) => m.SareExportScreen,
            ),
          },
        ],
      },
      { path: '*', element: <ErrorScreen status={404} /> },
    ],
  },
]);
