// Mantine's whole stylesheet, with the first page that needs more than the login page's (first-page-styles.ts).
import '@mantine/core/styles.css';
import { ActionIcon, AppShell, Burger, Center, Group, Menu, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings, IconUser, IconUserCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { SessionPayload } from '../shared/account/account.schema';
import { path } from '../shared/routes';
import { api } from './api-client';
import { ErrorScreen, InsideMainContext } from './shell/error.screen';
import { GlobalSearch } from './shell/global-search.component';
import { loggedOutState } from './screens/login/login.screen';
import { ProfileModal } from './screens/profile/profile.modal';
import { useSession } from './session.hook';
import { useConfirmedSubmit } from './shell/dialogs.component';
import { ImpersonationBanner } from './shell/impersonation-banner.component';
import { NotificationsBell } from './shell/notifications-bell.component';
import { SettingsBar } from './shell/settings-bar.component';
import { Sidebar } from './shell/sidebar.component';
import { toast } from './shell/toasts.component';
import { autoEnlarges, useViewportWidth } from './shell/viewport.hook';
import { Loading } from './shell/loading.component';
import { WebModulesContext } from './engine/web-module';
import { webModules } from './resources/registry';
import { formatPersonName } from '../shared/i18n/format';
import { applicationName } from './shell/document-title.hook';

/** Every back-office screen but login: the session is required, otherwise back to login, then here again. */
export function AdminLayout() {
  const { data: session, isPending, isError } = useSession();
  const location = useLocation();
  if (isError) return <ErrorScreen status={500} />;
  if (isPending) {
    return (
      <Center h="100vh">
        <Loading />
      </Center>
    );
  }
  if (!session) {
    return <Navigate to={path('admin.login', { redirect: location.pathname + location.search })} replace />;
  }
  // The resources' web modules come with the back office, not with the login page.
  return (
    <WebModulesContext.Provider value={webModules}>
      <AdminShell session={session} />
    </WebModulesContext.Provider>
  );
}

function AdminShell({ session }: { session: SessionPayload }) {
  const { t } = useTranslation();
  const width = useViewportWidth();
  const extraSmall = width < 768;
  const inAutoRange = autoEnlarges(width);

  // Open or enlarged: the user's choice, except that a window 768 to 1028 wide starts enlarged
  // (the menu button still opens it there until the window leaves that range).
  const [preference, setPreference] = useState(session.user.preferences.sidebarEnlarged ?? false);
  const [openedInRange, setOpenedInRange] = useState(false);
  const [wasInRange, setWasInRange] = useState(inAutoRange);
  if (wasInRange !== inAutoRange) {
    setWasInRange(inAutoRange);
    setOpenedInRange(false);
  }
  const enlarged = inAutoRange ? !openedInRange : preference;
  const [mobileOpened, setMobileOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [profileOpened, setProfileOpened] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);

  function changeEnlarged(next: boolean) {
    setPreference(next);
    if (inAutoRange) setOpenedInRange(!next);
    void api('POST', 'api.toggle_content', { body: { open: !next } });
  }

  const logoutForm = useRef<HTMLFormElement>(null);
  const onLogout = useConfirmedSubmit(
    { title: t('logout.confirm_title'), body: t('logout.confirm_body'), confirmLabel: t('logout.confirm') },
    async () => {
      await api('POST', 'api.logout');
      toast.info(t('logout.done'));
      setLoggedOut(true);
    },
  );

  // The login screen forgets the cached session: clearing it here would first send the now
  // anonymous user to login "to come back to this page".
  if (loggedOut) return <Navigate to={path('admin.login')} replace state={loggedOutState} />;

  const fullName = formatPersonName(session.user);
  const showEnlarged = enlarged && !extraSmall;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: showEnlarged ? 72 : 260, breakpoint: 768, collapsed: { mobile: !mobileOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={extraSmall && mobileOpened}
              aria-expanded={extraSmall ? mobileOpened : !enlarged}
              onClick={() => (extraSmall ? setMobileOpened((opened) => !opened) : changeEnlarged(!enlarged))}
              aria-label={t('shell.toggle_menu')}
              size="sm"
            />
            <span className="theme-logo" aria-hidden />
            <Text fw={700}>{applicationName(t('app.name'))}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <GlobalSearch />
            <NotificationsBell />
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('shell.open_settings')}
              onClick={() => setSettingsOpened(true)}
            >
              <IconSettings size={20} aria-hidden />
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('shell.user_menu', { name: fullName })}>
                  <Group gap={8} wrap="nowrap">
                    <IconUserCircle size={26} stroke={1.5} aria-hidden />
                    {!extraSmall && <Text size="sm">{fullName}</Text>}
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => setProfileOpened(true)}>
                  {t('shell.profile')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={() => logoutForm.current?.requestSubmit()}
                >
                  {t('shell.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <form ref={logoutForm} onSubmit={onLogout} hidden />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" data-enlarged={showEnlarged || undefined}>
        {/* The menu is longer than many windows: it scrolls, its last entries within reach. */}
        <AppShell.Section grow component={ScrollArea}>
          <Sidebar enlarged={showEnlarged} onNavigate={() => setMobileOpened(false)} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <InsideMainContext.Provider value={true}>
          <ImpersonationBanner session={session} />
          <Outlet />
        </InsideMainContext.Provider>
      </AppShell.Main>
      <SettingsBar
        opened={settingsOpened}
        onClose={() => setSettingsOpened(false)}
        enlarged={enlarged}
        onEnlargedChange={changeEnlarged}
      />
      {profileOpened && <ProfileModal onClose={() => setProfileOpened(false)} user={session.user} />}
    </AppShell>
  );
}
