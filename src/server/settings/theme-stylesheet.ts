import { createHash } from 'node:crypto';
import { path } from '../../shared/routes';
import {
  alertLevels,
  themeColorKeys,
  themeCssVariable,
  type ThemeImageKey,
  type ThemeSettings,
} from '../../shared/theme/theme.schema';

/** The theme's version: changes whenever a value does, so its stylesheet and images may be cached for good. */
export const themeVersion = (theme: ThemeSettings): string =>
  createHash('sha256').update(JSON.stringify(theme)).digest('hex').slice(0, 12);

/** An image's public address, versioned; null when the theme has none. */
export function themeImageUrl(theme: ThemeSettings, image: ThemeImageKey): string | null {
  return theme[image] === null ? null : `${path('theme.image', { image })}?v=${themeVersion(theme)}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * What the shell's head carries for the theme: its stylesheet (before the app's first paint, so no
 * default colour shows first), the favicon and touch icon, and the meta title as the page's title and
 * application name (which the app's tab titles end with).
 */
export function themeHead(theme: ThemeSettings): string {
  const version = themeVersion(theme);
  const favicon = themeImageUrl(theme, 'favicon');
  const touchIcon = themeImageUrl(theme, 'touchIcon');
  return [
    `<link rel="stylesheet" href="${path('theme.stylesheet')}?v=${version}" />`,
    favicon && `<link rel="icon" href="${favicon}" />`,
    touchIcon && `<link rel="apple-touch-icon" href="${touchIcon}" />`,
    `<meta name="application-name" content="${escapeHtml(theme.metaTitle)}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The shell with the theme: its head items, its title, and the default favicon gone when the theme has one. */
export function withTheme(shell: string, theme: ThemeSettings): string {
  let themed = shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(theme.metaTitle)}</title>`);
  if (theme.favicon !== null) themed = themed.replace(/<link rel="icon"[^>]*>\s*/, '');
  return themed.replace('</head>', `  ${themeHead(theme)}\n  </head>`);
}

const rgba = (hex: string, opacity: number) => {
  const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${red}, ${green}, ${blue}, ${opacity})`;
};

const v = (key: string) => `var(${themeCssVariable(key)})`;

/**
 * The theme as a stylesheet: every colour as a CSS variable (which the app's Mantine theme reads, see
 * src/web/shell/theme-variables.ts), and the rules of the parts Mantine does not colour from them:
 * the login page, the header, the side menu, the logo. Selectors start with :root so that they win
 * over Mantine's single-class rules whichever stylesheet comes last.
 */
export function themeStylesheet(theme: ThemeSettings): string {
  const variables = themeColorKeys.map((key) => `  ${themeCssVariable(key)}: ${theme[key]};`);
  const image = (key: ThemeImageKey) => {
    const url = themeImageUrl(theme, key);
    return url === null ? 'none' : `url("${url}")`;
  };
  const logo = themeImageUrl(theme, 'logo');
  const mobileBackground = theme.mobileBackgroundImage === null ? 'backgroundImage' : 'mobileBackgroundImage';
  return `:root {
${variables.join('\n')}
  --theme-login-background-opacity: ${theme.loginBackgroundOpacity};
  --theme-login-box-background: ${rgba(theme.loginBackgroundColor, theme.loginBackgroundOpacity)};
  --theme-background-image: ${image('backgroundImage')};
  --theme-mobile-background-image: ${image(mobileBackground)};
}
:root body { background-color: ${v('pageBackground')}; color: ${v('pageText')}; }
:root .mantine-Anchor-root:hover { color: ${v('linkHover')}; }

/* The login page and the other pages reached without a session. */
:root .theme-login-page {
  background-color: ${v('pageBackground')};
  background-image: var(--theme-background-image);
  background-size: cover;
  background-position: center;
}
@media (max-width: 48em) {
  :root .theme-login-page { background-image: var(--theme-mobile-background-image); }
}
:root .theme-login-box { background-color: var(--theme-login-box-background); color: ${v('loginText')}; }
:root .theme-login-box .mantine-Anchor-root, :root .theme-login-box a:not(.mantine-Button-root) { color: ${v('loginLink')}; }

/* The logo: in the header and on the login page, when the theme has one (the element becomes the image, at its ratio). */
:root .theme-logo { display: ${logo ? 'block' : 'none'}; flex: none; ${logo ? `content: url("${logo}");` : ''} width: auto; height: 56px; max-width: 100%; object-fit: contain; }
:root .mantine-AppShell-header .theme-logo { height: 36px; max-width: 160px; }

/* The header. */
:root .mantine-AppShell-header { background-color: ${v('headerBackground')}; color: ${v('headerText')}; --burger-color: ${v('headerIcon')}; }
:root .mantine-AppShell-header .mantine-ActionIcon-root, :root .mantine-AppShell-header .mantine-UnstyledButton-root { color: ${v('headerIcon')}; }
:root .mantine-AppShell-header .mantine-ActionIcon-root:hover, :root .mantine-AppShell-header [aria-expanded="true"] { color: ${v('headerActiveIcon')}; --burger-color: ${v('headerActiveIcon')}; }
:root .mantine-AppShell-header .mantine-UnstyledButton-root .mantine-Text-root { color: ${v('headerText')}; }

/* The side menu, open or enlarged (icons only). */
:root .mantine-AppShell-navbar { background-color: ${v('sideMenuBackground')}; color: ${v('sideMenuText')}; border-color: ${v('sideMenuBorder')}; }
:root .mantine-AppShell-navbar .mantine-NavLink-root:not([data-active]) { color: ${v('sideMenuText')}; }
:root .mantine-AppShell-navbar[data-enlarged] { background-color: ${v('sideMenuEnlargedBackground')}; }
:root .mantine-AppShell-navbar[data-enlarged] .mantine-NavLink-root:not([data-active]) { color: ${v('sideMenuEnlargedText')}; }

/* Buttons: their border on hover (Mantine's variant colours give the rest). */
:root .mantine-Button-root[style*="--button-hover-bd"]:hover:not(:disabled):not([data-disabled]) { border-color: var(--button-hover-bd); }
/* Alerts: their text in the level's colour; toasts (widgets): the level's colours. */
:root .mantine-Alert-root[style*="--theme-"] .mantine-Alert-message { color: var(--alert-color); }
${alertLevels
  .map(
    (level) =>
      `:root .mantine-Notification-root[data-toast-level="${level === 'danger' ? 'error' : level}"] { background-color: ${v(`${level}WidgetBackground`)}; --notification-color: ${v(`${level}WidgetText`)}; }
:root .mantine-Notification-root[data-toast-level="${level === 'danger' ? 'error' : level}"] .mantine-Notification-description { color: ${v(`${level}WidgetText`)}; }`,
  )
  .join('\n')}
`;
}
