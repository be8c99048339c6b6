import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Outlet, createBrowserRouter, useLocation } from 'react-router';
import { path, routePattern } from '../shared/routes';
import { ResourceRoute } from './engine/resource.route';
import { DashboardScreen } from './screens/dashboard/dashboard.screen';
import { ErrorScreen, errorStatusOf } from './shell/error.screen';
import { LoginScreen } from './screens/login/login.screen';
import { AdminLayout } from './shell/admin.layout';
import { DialogProvider } from './shell/dialogs.component';
import { Toaster } from './shell/toasts.component';
import { UnsavedChangesProvider } from './shell/unsaved-changes.hook';

/** Screens loaded on first visit: the password screens bring the strength meter's dictionaries, the map Leaflet. */
function lazyScreen(load: () => Promise<ComponentType>) {
  const Screen = lazy(async () => ({ default: await load() }));
  return (
    <Suspense>
      <Screen />
    </Suspense>
  );
}

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
      </UnsavedChangesProvider>
    </DialogProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: routePattern('admin.login'), element: <LoginScreen /> },
      { path: routePattern('client.login'), element: <LoginScreen area="customer_area" /> },
      {
        path: routePattern('client.home'),
        element: lazyScreen(
          async () => (await import('./screens/customer-area/customer-home.screen')).CustomerHomeScreen,
        ),
      },
      {
        path: routePattern('admin.forgot_password'),
        element: lazyScreen(
          async () => (await import('./screens/password-reset/forgot-password.screen')).ForgotPasswordScreen,
        ),
      },
      {
        path: routePattern('admin.reset_password'),
        element: lazyScreen(
          async () => (await import('./screens/password-reset/reset-password.screen')).ResetPasswordScreen,
        ),
      },
      {
        path: routePattern('admin.register'),
        element: lazyScreen(
          async () => (await import('./screens/registration/registration.screen')).RegistrationScreen,
        ),
      },
      {
        element: <AdminLayout />,
        children: [
          { path: routePattern('admin.dashboard'), element: <DashboardScreen /> },
          {
            path: routePattern('admin.configuration'),
            element: lazyScreen(
              async () => (await import('./screens/configuration/configuration.screen')).ConfigurationScreen,
            ),
          },
          { path: routePattern('admin.resource.list'), element: <ResourceRoute screen="list" /> },
          { path: routePattern('admin.resource.create'), element: <ResourceRoute screen="create" /> },
          { path: routePattern('admin.resource.edit'), element: <ResourceRoute screen="edit" /> },
          { path: routePattern('admin.resource.clone'), element: <ResourceRoute screen="clone" /> },
          { path: routePattern('admin.resource.show'), element: <ResourceRoute screen="show" /> },
          { path: routePattern('admin.resource.sort'), element: <ResourceRoute screen="sort" /> },
          {
            // Leaflet loads with the map screen alone.
            path: routePattern('admin.structures.map'),
            element: lazyScreen(
              async () => (await import('./screens/structure-map/structure-map.screen')).StructureMapScreen,
            ),
          },
          {
            path: routePattern('admin.import_assistant'),
            element: lazyScreen(
              async () => (await import('./screens/import-assistant/import-assistant.screen')).ImportAssistantScreen,
            ),
          },
          {
            path: routePattern('admin.import_assistant.job'),
            element: lazyScreen(
              async () => (await import('./screens/import-assistant/import-job.screen')).ImportJobScreen,
            ),
          },
          {
            path: routePattern('admin.duplicates'),
            element: lazyScreen(async () => (await import('./screens/duplicates/duplicates.screen')).DuplicatesScreen),
          },
          {
            path: routePattern('admin.duplicates.merge'),
            element: lazyScreen(async () => (await import('./screens/duplicates/merge.screen')).MergeScreen),
          },
        ],
      },
      { path: '*', element: <ErrorScreen status={404} /> },
    ],
  },
]);
