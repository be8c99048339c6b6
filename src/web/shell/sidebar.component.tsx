import { NavLink, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowMerge,
  IconFileImport,
  IconFileExport,
  IconBuilding,
  IconCalendarEvent,
  IconChecklist,
  IconFileDescription,
  IconFlag,
  IconHistory,
  IconLayoutDashboard,
  IconLink,
  IconList,
  IconMail,
  IconPalette,
  IconMapPin,
  IconSettings,
  IconTags,
  IconTemplate,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { canSeeMenuEntry, currentMenuHref, visibleMenu, type MenuEntry } from '../../shared/menu';
import { nobody } from '../../shared/permissions';
import { useSession } from '../session.hook';

const icons: Record<MenuEntry['icon'], typeof IconLayoutDashboard> = {
  dashboard: IconLayoutDashboard,
  link: IconLink,
  calendar: IconCalendarEvent,
  checklist: IconChecklist,
  tags: IconTags,
  flag: IconFlag,
  file: IconFileDescription,
  list: IconList,
  template: IconTemplate,
  map: IconMapPin,
  users: IconUsersGroup,
  history: IconHistory,
  building: IconBuilding,
  settings: IconSettings,
  merge: IconArrowMerge,
  upload: IconFileImport,
  download: IconFileExport,
  mail: IconMail,
  palette: IconPalette,
};

/** The current entry's colours: the theme's selected ones (Mantine's light variant had 4.0:1 contrast when hovered, AA asks 4.5). */
const currentEntryColors = {
  '--nl-bg': 'var(--theme-side-menu-selected-background, var(--mantine-color-blue-0))',
  '--nl-hover': 'var(--theme-side-menu-selected-background, var(--mantine-color-blue-1))',
  '--nl-color': 'var(--theme-side-menu-selected-text, var(--mantine-color-blue-9))',
};

/** The side menu: full labels when open; icons with tooltips when enlarged (shrunk). */

export function Sidebar({ enlarged, onNavigate }: { enlarged: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: session } = useSession();
  const user = session?.user ?? nobody;
  const sections = visibleMenu((entry) => canSeeMenuEntry(user, entry));
  // One entry is current: a resource's stays so on its create, edit and show screens, unless a page
  // under it has an entry of its own (the global board under the tickets).
  const current = currentMenuHref(
    location.pathname,
    sections.flatMap(({ entries }) => entries.map(({ href }) => href)),
  );
  const isCurrent = (href: string) => href === current;

  return (
    <Stack gap="md" component="nav" aria-label={t('shell.main_navigation')}>
      {sections.map(({ section, entries }) => (
        <div key={section}>
          {!enlarged && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`menu.sections.${section}`)}
            </Text>
          )}
          {entries.map((entry) => {
            const Icon = icons[entry.icon];
            const { href } = entry;
            const label = t(entry.label);
            const link = (
              <NavLink
                key={href}
                component={Link}
                to={href}
                onClick={onNavigate}
                active={isCurrent(href)}
                aria-current={isCurrent(href) ? 'page' : undefined}
                style={currentEntryColors}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                label={enlarged ? undefined : label}
                aria-label={enlarged ? label : undefined}
              />
            );
            return enlarged ? (
              // Named on hover and on keyboard focus alike.
              <Tooltip key={href} label={label} position="right" events={{ hover: true, focus: true, touch: false }}>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </div>
      ))}
    </Stack>
  );
}
