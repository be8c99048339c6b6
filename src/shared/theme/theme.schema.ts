import { z } from 'zod';

/**
 * The theme editor's settings (spec 3, Theme settings): one flat object, colours as #rrggbb, the
 * login box's opacity from 0 to 1, images as paths under the uploads' theme folder (or null), and
 * the back office's meta title. GET and PUT /api/configuration/theme read and write it; a PUT may
 * send only the keys it changes.
 */

/** The levels of buttons and badges. */
export const buttonLevels = ['default', 'primary', 'success', 'warning', 'danger', 'info'] as const;
export type ButtonLevel = (typeof buttonLevels)[number];
/** The levels of widgets and alerts. */
export const alertLevels = ['info', 'success', 'warning', 'danger'] as const;
export type AlertLevel = (typeof alertLevels)[number];

const buttonParts = ['Background', 'Border', 'Text', 'HoverBackground', 'HoverBorder', 'HoverText'] as const;
const alertParts = ['AlertBackground', 'AlertBorder', 'AlertText', 'WidgetBackground', 'WidgetText'] as const;

type ButtonColorKey = `${ButtonLevel}Button${(typeof buttonParts)[number]}`;
type AlertColorKey = `${AlertLevel}${(typeof alertParts)[number]}`;

/** The groups of the editor, in the spec's order, each with its colour keys. */
export const themeColorGroups = {
  page: ['pageBackground', 'pageText'],
  login: ['loginBackgroundColor', 'loginText', 'loginLink'],
  buttons: buttonLevels.flatMap((level) => buttonParts.map((part): ButtonColorKey => `${level}Button${part}`)),
  header: ['headerBackground', 'headerText', 'headerIcon', 'headerActiveIcon'],
  sideMenu: [
    'sideMenuBackground',
    'sideMenuText',
    'sideMenuBorder',
    'sideMenuSelectedBackground',
    'sideMenuSelectedText',
    'sideMenuEnlargedBackground',
    'sideMenuEnlargedText',
  ],
  links: ['link', 'linkHover'],
  alerts: alertLevels.flatMap((level) => alertParts.map((part): AlertColorKey => `${level}${part}`)),
} as const;

export type ThemeColorKey = (typeof themeColorGroups)[keyof typeof themeColorGroups][number];
export const themeColorKeys = Object.values(themeColorGroups).flat() as ThemeColorKey[];

/** The images, each uploaded on its own (POST …/theme/images/{image}). */
export const themeImageKeys = ['logo', 'favicon', 'touchIcon', 'backgroundImage', 'mobileBackgroundImage'] as const;
export type ThemeImageKey = (typeof themeImageKeys)[number];

export const themeGroups = ['page', 'login', 'buttons', 'header', 'sideMenu', 'links', 'images', 'alerts'] as const;
export type ThemeGroup = (typeof themeGroups)[number];

const button = (background: string, border: string, text: string, hoverBackground: string, hoverText = text) => ({
  background,
  border,
  text,
  hoverBackground,
  hoverBorder: border === background ? hoverBackground : border,
  hoverText,
});
const buttonDefaults: Record<ButtonLevel, ReturnType<typeof button>> = {
  default: button('#ffffff', '#ced4da', '#212529', '#f1f3f5'),
  primary: button('#1971c2', '#1971c2', '#ffffff', '#1864ab'),
  success: button('#24792f', '#24792f', '#ffffff', '#1b5e24'),
  warning: button('#b35000', '#b35000', '#ffffff', '#963f00'),
  danger: button('#c92a2a', '#c92a2a', '#ffffff', '#a51d1d'),
  info: button('#0b7285', '#0b7285', '#ffffff', '#095c6b'),
};
const alertDefaults: Record<AlertLevel, [background: string, border: string, text: string]> = {
  info: ['#e7f5ff', '#a5d8ff', '#1864ab'],
  success: ['#ebfbee', '#b2f2bb', '#24792f'],
  warning: ['#fff4e6', '#ffd8a8', '#a34700'],
  danger: ['#fff5f5', '#ffc9c9', '#c92a2a'],
};

/** The colours of a service that changed none: the back office's look before the theme editor. */
export const themeColorDefaults: Record<ThemeColorKey, string> = {
  pageBackground: '#ffffff',
  pageText: '#000000',
  loginBackgroundColor: '#ffffff',
  loginText: '#000000',
  loginLink: '#1864ab',
  ...(Object.fromEntries(
    buttonLevels.flatMap((level) => {
      const colours = buttonDefaults[level];
      return [
        [`${level}ButtonBackground`, colours.background],
        [`${level}ButtonBorder`, colours.border],
        [`${level}ButtonText`, colours.text],
        [`${level}ButtonHoverBackground`, colours.hoverBackground],
        [`${level}ButtonHoverBorder`, colours.hoverBorder],
        [`${level}ButtonHoverText`, colours.hoverText],
      ];
    }),
  ) as Record<ButtonColorKey, string>),
  headerBackground: '#ffffff',
  headerText: '#000000',
  headerIcon: '#1971c2',
  headerActiveIcon: '#1864ab',
  sideMenuBackground: '#ffffff',
  sideMenuText: '#000000',
  sideMenuBorder: '#dee2e6',
  sideMenuSelectedBackground: '#e7f5ff',
  sideMenuSelectedText: '#1864ab',
  sideMenuEnlargedBackground: '#ffffff',
  sideMenuEnlargedText: '#000000',
  link: '#1864ab',
  linkHover: '#1c4f80',
  ...(Object.fromEntries(
    alertLevels.flatMap((level) => {
      const [background, border, text] = alertDefaults[level];
      return [
        [`${level}AlertBackground`, background],
        [`${level}AlertBorder`, border],
        [`${level}AlertText`, text],
        [`${level}WidgetBackground`, background],
        [`${level}WidgetText`, text],
      ];
    }),
  ) as Record<AlertColorKey, string>),
};

/** A colour as the theme keeps it: #rrggbb, lower case. */
export const themeColorSchema = z
  .string('theme.errors.color')
  .regex(/^#[0-9a-fA-F]{6}$/, 'theme.errors.color')
  .transform((colour) => colour.toLowerCase());

/** An image's stored path: one the theme's upload wrote, nothing else under the uploads. */
export const themeImagePathPattern = /^theme\/[0-9a-f-]{36}\.(png|jpg|webp|ico)$/;
const themeImageSchema = z
  .string('theme.errors.image_path')
  .regex(themeImagePathPattern, 'theme.errors.image_path')
  .nullable();

export const themeSettingsSchema = z.strictObject(
  {
    ...(Object.fromEntries(themeColorKeys.map((key) => [key, themeColorSchema])) as Record<
      ThemeColorKey,
      typeof themeColorSchema
    >),
    loginBackgroundOpacity: z
      .number('theme.errors.opacity')
      .min(0, 'theme.errors.opacity')
      .max(1, 'theme.errors.opacity'),
    ...(Object.fromEntries(themeImageKeys.map((key) => [key, themeImageSchema])) as Record<
      ThemeImageKey,
      typeof themeImageSchema
    >),
    metaTitle: z
      .string('theme.errors.meta_title')
      .trim()
      .min(1, 'theme.errors.meta_title')
      .max(120, 'theme.errors.meta_title'),
  },
  'theme.errors.unknown_key',
);
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

/** What a PUT may send: any of the keys, the others kept. */
export const themeChangesSchema = themeSettingsSchema.partial();
export type ThemeChanges = z.infer<typeof themeChangesSchema>;

/** What an image upload answers: the theme as saved with it. */
export const themeImageParamsSchema = z.object({ image: z.enum(themeImageKeys) });

/**
 * The pairs a contrast warning watches (RGAA asks 4.5:1 for text): a text colour, and the
 * background it is read on.
 */
export const themeContrastPairs: readonly [text: ThemeColorKey, background: ThemeColorKey][] = [
  ['pageText', 'pageBackground'],
  ['link', 'pageBackground'],
  ['linkHover', 'pageBackground'],
  ['loginText', 'loginBackgroundColor'],
  ['loginLink', 'loginBackgroundColor'],
  ...buttonLevels.flatMap((level): [ThemeColorKey, ThemeColorKey][] => [
    [`${level}ButtonText`, `${level}ButtonBackground`],
    [`${level}ButtonHoverText`, `${level}ButtonHoverBackground`],
  ]),
  ['headerText', 'headerBackground'],
  ['headerIcon', 'headerBackground'],
  ['headerActiveIcon', 'headerBackground'],
  ['sideMenuText', 'sideMenuBackground'],
  ['sideMenuSelectedText', 'sideMenuSelectedBackground'],
  ['sideMenuEnlargedText', 'sideMenuEnlargedBackground'],
  ...alertLevels.flatMap((level): [ThemeColorKey, ThemeColorKey][] => [
    [`${level}AlertText`, `${level}AlertBackground`],
    [`${level}WidgetText`, `${level}WidgetBackground`],
  ]),
];

/** A theme key as a CSS custom property: primaryButtonBackground → --theme-primary-button-background. */
export const themeCssVariable = (key: string): string =>
  `--theme-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
