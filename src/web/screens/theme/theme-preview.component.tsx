import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../../shared/routes';
import { alertLevels, buttonLevels, type ThemeSettings } from '../../../shared/theme/theme.schema';

/** An image of the theme as the form has it: its public address (the path changes with each upload). */
const imageUrl = (theme: ThemeSettings, image: 'logo' | 'backgroundImage') =>
  theme[image] === null ? undefined : `${path('theme.image', { image })}?v=${encodeURIComponent(theme[image])}`;

function hexToRgba(hex: string, opacity: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${red}, ${green}, ${blue}, ${opacity})`;
}

const box: CSSProperties = { borderRadius: 4, padding: '2px 10px', fontSize: 13, display: 'inline-block' };

/**
 * The live preview beside the form: the login page, a page (header, side menu, text and link),
 * buttons and badges of every level, and alerts, all drawn from the values being edited.
 */
export function ThemePreview({ theme }: { theme: ThemeSettings }) {
  const { t } = useTranslation();
  const logo = imageUrl(theme, 'logo');
  const background = imageUrl(theme, 'backgroundImage');
  return (
    <Stack gap="md" component="section" aria-label={t('theme.preview.title')} data-theme-preview>
      <Title order={2} size="h4">
        {t('theme.preview.title')}
      </Title>

      <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
        <Text size="xs" fw={700} px="xs" py={4}>
          {t('theme.preview.login')}
        </Text>
        <Box
          p="md"
          data-preview="login"
          style={{
            backgroundColor: theme.pageBackground,
            backgroundImage: background && `url("${background}")`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        >
          <Box
            p="sm"
            mx="auto"
            maw={260}
            data-preview="login-box"
            style={{
              borderRadius: 6,
              backgroundColor: hexToRgba(theme.loginBackgroundColor, theme.loginBackgroundOpacity),
              color: theme.loginText,
            }}
          >
            {logo && <img src={logo} alt="" style={{ height: 28, display: 'block', marginBottom: 4 }} />}
            <Text fw={700}>{t('theme.preview.login_title')}</Text>
            <Text size="sm">{t('theme.preview.login_text')}</Text>
            <Text size="sm" style={{ color: theme.loginLink, textDecoration: 'underline' }}>
              {t('theme.preview.login_link')}
            </Text>
            <span
              style={{
                ...box,
                marginTop: 6,
                background: theme.primaryButtonBackground,
                color: theme.primaryButtonText,
                border: `1px solid ${theme.primaryButtonBorder}`,
              }}
            >
              {t('theme.preview.login_title')}
            </span>
          </Box>
        </Box>
      </Paper>

      <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
        <Text size="xs" fw={700} px="xs" py={4}>
          {t('theme.preview.page')}
        </Text>
        <Group
          gap="xs"
          px="sm"
          py={6}
          data-preview="header"
          style={{ backgroundColor: theme.headerBackground, color: theme.headerText }}
        >
          {logo && <img src={logo} alt="" style={{ height: 20 }} />}
          <Text size="sm" fw={700} style={{ color: theme.headerText }}>
            {theme.metaTitle}
          </Text>
          <Box style={{ flex: 1 }} />
          <span aria-hidden style={{ color: theme.headerIcon }}>
            ●
          </span>
          <span aria-hidden style={{ color: theme.headerActiveIcon }}>
            ●
          </span>
        </Group>
        <Group gap={0} align="stretch" wrap="nowrap">
          <Stack
            gap={2}
            p={6}
            w={120}
            data-preview="side-menu"
            style={{
              backgroundColor: theme.sideMenuBackground,
              color: theme.sideMenuText,
              borderRight: `1px solid ${theme.sideMenuBorder}`,
            }}
          >
            <Text size="xs" style={{ color: theme.sideMenuText }}>
              {t('theme.preview.menu_entry')}
            </Text>
            <Text
              size="xs"
              px={4}
              style={{
                color: theme.sideMenuSelectedText,
                backgroundColor: theme.sideMenuSelectedBackground,
                borderRadius: 3,
              }}
            >
              {t('theme.preview.menu_selected')}
            </Text>
          </Stack>
          <Box
            p="sm"
            style={{ flex: 1, backgroundColor: theme.pageBackground, color: theme.pageText }}
            data-preview="page"
          >
            <Text size="sm" style={{ color: theme.pageText }}>
              {t('theme.preview.page_text')}
            </Text>
            <Text size="sm" style={{ color: theme.link, textDecoration: 'underline' }}>
              {t('theme.preview.page_link')}
            </Text>
            <Text size="sm" style={{ color: theme.linkHover, textDecoration: 'underline' }}>
              {t('theme.fields.linkHover')}
            </Text>
          </Box>
        </Group>
      </Paper>

      <Paper withBorder p="xs">
        <Text size="xs" fw={700} mb={4}>
          {t('theme.preview.buttons')}
        </Text>
        <Stack gap={6}>
          {buttonLevels.map((level) => (
            <Group key={level} gap="xs" data-preview={`button-${level}`}>
              <span
                style={{
                  ...box,
                  background: theme[`${level}ButtonBackground`],
                  color: theme[`${level}ButtonText`],
                  border: `1px solid ${theme[`${level}ButtonBorder`]}`,
                }}
              >
                {t(`theme.levels.${level}`)}
              </span>
              <span
                style={{
                  ...box,
                  background: theme[`${level}ButtonHoverBackground`],
                  color: theme[`${level}ButtonHoverText`],
                  border: `1px solid ${theme[`${level}ButtonHoverBorder`]}`,
                }}
              >
                {t('theme.parts.HoverBackground')}
              </span>
              <span
                style={{
                  ...box,
                  borderRadius: 999,
                  fontSize: 11,
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  background: theme[`${level}ButtonBackground`],
                  color: theme[`${level}ButtonText`],
                  border: `1px solid ${theme[`${level}ButtonBorder`]}`,
                }}
              >
                {t(`theme.levels.${level}`)}
              </span>
            </Group>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder p="xs">
        <Text size="xs" fw={700} mb={4}>
          {t('theme.preview.alerts')}
        </Text>
        <Stack gap={6}>
          {alertLevels.map((level) => (
            <Box
              key={level}
              p={6}
              data-preview={`alert-${level}`}
              style={{
                borderRadius: 4,
                background: theme[`${level}AlertBackground`],
                color: theme[`${level}AlertText`],
                border: `1px solid ${theme[`${level}AlertBorder`]}`,
                fontSize: 13,
              }}
            >
              {t('theme.preview.alert_text', { level: t(`theme.levels.${level}`) })}
              <span
                style={{
                  ...box,
                  marginLeft: 8,
                  background: theme[`${level}WidgetBackground`],
                  color: theme[`${level}WidgetText`],
                }}
              >
                {t('theme.parts.WidgetBackground')}
              </span>
            </Box>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
