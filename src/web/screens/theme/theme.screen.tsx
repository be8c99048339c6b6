import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { path } from '../../../shared/routes';
import { contrastRatio, minimumTextContrast } from '../../../shared/theme/contrast';
import {
  alertLevels,
  buttonLevels,
  themeColorDefaults,
  themeColorGroups,
  themeContrastPairs,
  themeGroups,
  themeImageKeys,
  type ThemeColorKey,
  type ThemeGroup,
  type ThemeImageKey,
  type ThemeSettings,
} from '../../../shared/theme/theme.schema';
import { ApiRequestError, api } from '../../api-client';
import { queryKeys } from '../../query-keys';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { Loading } from '../../shell/loading.component';
import { PageGuard } from '../../shell/page-guard.component';
import { ScreenHeader } from '../../shell/screen-header.component';
import { toast } from '../../shell/toasts.component';
import { themeFieldLabel } from './theme-labels';
import { ThemePreview } from './theme-preview.component';

type FieldErrors = Record<string, string>;
const route = 'api.configuration.theme';
const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** /admin/configuration/theme, for administrators: the theme editor, its form beside a live preview. */
export function ThemeScreen() {
  return (
    <PageGuard page="admin.configuration.theme">
      <ThemeEditor />
    </PageGuard>
  );
}

/** The page's theme stylesheet asked again, so the back office itself shows what was saved. */
function reloadThemeStylesheet(): void {
  const link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href^="${path('theme.stylesheet')}"]`);
  if (link) link.href = `${path('theme.stylesheet')}?v=${Date.now()}`;
}

function ThemeEditor() {
  const { t } = useTranslation();
  useDocumentTitle(t('theme.title'));
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.configuration(route), queryFn: () => api('GET', route) });
  const [edited, setEdited] = useState<Partial<ThemeSettings>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!data) return <Loading />;
  const values: ThemeSettings = { ...data, ...edited };
  const change = (changes: Partial<ThemeSettings>) => setEdited((previous) => ({ ...previous, ...changes }));
  const saved = (theme: ThemeSettings) => {
    queryClient.setQueryData(queryKeys.configuration(route), theme);
    reloadThemeStylesheet();
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setErrors({});
    try {
      // Only the keys changed: the others stay as saved.
      saved(await api('PUT', route, { body: edited }));
      setEdited({});
      toast.success(t('theme.saved'));
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      setError(caught.message);
      setErrors(caught.payload.fieldErrors ?? {});
    } finally {
      setSaving(false);
    }
  }

  /** Each group's defaults: its colours, the login box's opacity, no images and the catalog's title. */
  function resetGroup(group: ThemeGroup) {
    if (group === 'images') {
      change({
        ...Object.fromEntries(themeImageKeys.map((key) => [key, null])),
        metaTitle: t('app.name'),
      });
    } else {
      change({
        ...Object.fromEntries(themeColorGroups[group].map((key) => [key, themeColorDefaults[key]])),
        ...(group === 'login' ? { loginBackgroundOpacity: 1 } : {}),
      });
    }
    toast.info(t('theme.reset_done', { group: t(`theme.groups.${group}`) }));
  }

  const colour = (key: ThemeColorKey) => (
    <ColorInput
      key={key}
      label={themeFieldLabel(t, key)}
      value={values[key]}
      onChange={(value) => change({ [key]: value })}
      error={errors[key]}
      format="hex"
      withEyeDropper={false}
      id={`theme-${key}`}
      // The picker's sliders (a mouse's help: the field is typed) named by the field's label.
      attributes={{
        saturation: { 'aria-labelledby': `theme-${key}-label` },
        slider: { 'aria-labelledby': `theme-${key}-label` },
      }}
      name={key}
    />
  );

  const groupContent: Record<ThemeGroup, ReactNode> = {
    page: <SimpleGrid cols={{ base: 1, sm: 2 }}>{themeColorGroups.page.map(colour)}</SimpleGrid>,
    login: (
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{themeColorGroups.login.map(colour)}</SimpleGrid>
        <OpacityInput
          value={values.loginBackgroundOpacity}
          onChange={(loginBackgroundOpacity) => change({ loginBackgroundOpacity })}
          error={errors.loginBackgroundOpacity}
        />
      </Stack>
    ),
    buttons: (
      <Stack>
        {buttonLevels.map((level) => (
          <Stack key={level} gap="xs">
            <Title order={3} size="h5">
              {t(`theme.levels.${level}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {themeColorGroups.buttons.filter((key) => key.startsWith(`${level}Button`)).map(colour)}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    ),
    header: <SimpleGrid cols={{ base: 1, sm: 2 }}>{themeColorGroups.header.map(colour)}</SimpleGrid>,
    sideMenu: <SimpleGrid cols={{ base: 1, sm: 2 }}>{themeColorGroups.sideMenu.map(colour)}</SimpleGrid>,
    links: <SimpleGrid cols={{ base: 1, sm: 2 }}>{themeColorGroups.links.map(colour)}</SimpleGrid>,
    images: (
      <Stack>
        {themeImageKeys.map((image) => (
          <ImageField
            key={image}
            image={image}
            theme={values}
            onSent={saved}
            onRemove={() => change({ [image]: null })}
          />
        ))}
        <TextInput
          label={themeFieldLabel(t, 'metaTitle')}
          value={values.metaTitle}
          onChange={(event) => change({ metaTitle: event.currentTarget.value })}
          error={errors.metaTitle}
          name="metaTitle"
        />
      </Stack>
    ),
    alerts: (
      <Stack>
        {alertLevels.map((level) => (
          <Stack key={level} gap="xs">
            <Title order={3} size="h5">
              {t(`theme.levels.${level}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {themeColorGroups.alerts.filter((key) => key.startsWith(level)).map(colour)}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    ),
  };

  return (
    <Stack>
      <ScreenHeader title={t('theme.title')}>
        <Button type="submit" form="theme-form" loading={saving}>
          {t('theme.save')}
        </Button>
      </ScreenHeader>
      <Text c="dimmed">{t('theme.intro')}</Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <form id="theme-form" onSubmit={(event) => void save(event)} aria-label={t('theme.title')} noValidate>
            <Stack>
              <FormErrorAlert error={error} />
              {themeGroups.map((group) => (
                <Paper key={group} withBorder p="md" component="fieldset" aria-labelledby={`theme-group-${group}`}>
                  <Stack>
                    <Group justify="space-between" wrap="wrap">
                      <Title order={2} size="h4" id={`theme-group-${group}`}>
                        {t(`theme.groups.${group}`)}
                      </Title>
                      <Button variant="subtle" size="xs" onClick={() => resetGroup(group)}>
                        {t('theme.reset_group', { group: t(`theme.groups.${group}`) })}
                      </Button>
                    </Group>
                    {groupContent[group]}
                    <ContrastWarnings theme={values} group={group} />
                  </Stack>
                </Paper>
              ))}
              <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
                {t('theme.save')}
              </Button>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={{ position: 'sticky', top: 72 }}>
            <ThemePreview theme={values} />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The login box's opacity, 0 to 100 %, kept as 0 to 1. */
function OpacityInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const label = themeFieldLabel(t, 'loginBackgroundOpacity');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="theme-login-opacity">
        {label} : {Math.round(value * 100)} %
      </Text>
      <Slider
        min={0}
        max={100}
        step={5}
        value={Math.round(value * 100)}
        onChange={(percent) => onChange(percent / 100)}
        label={(percent) => `${percent} %`}
        thumbProps={{ 'aria-labelledby': 'theme-login-opacity' }}
      />
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The text colours of a group below 4.5:1 on their background (RGAA): a warning, the save still allowed. */
function ContrastWarnings({ theme, group }: { theme: ThemeSettings; group: ThemeGroup }) {
  const { t } = useTranslation();
  if (group === 'images') return null;
  const keys: readonly string[] = themeColorGroups[group];
  const failing = themeContrastPairs
    .filter(([text]) => keys.includes(text))
    .filter(([text, background]) => isHexColour(theme[text]) && isHexColour(theme[background]))
    .map(([text, background]) => ({ text, background, ratio: contrastRatio(theme[text], theme[background]) }))
    .filter(({ ratio }) => ratio < minimumTextContrast);
  if (failing.length === 0) return null;
  return (
    <Alert color="orange" role="status" data-contrast-warning>
      <Stack gap={4}>
        {failing.map(({ text, background, ratio }) => (
          <Text key={text} size="sm">
            {t('theme.contrast_warning', {
              text: themeFieldLabel(t, text),
              background: themeFieldLabel(t, background),
              ratio: (Math.floor(ratio * 100) / 100).toLocaleString('fr-FR'),
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** An image of the theme: what it is now, sent at once when chosen (checked by the server), removed on save. */
function ImageField({
  image,
  theme,
  onSent,
  onRemove,
}: {
  image: ThemeImageKey;
  theme: ThemeSettings;
  onSent: (theme: ThemeSettings) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const label = themeFieldLabel(t, image);
  const current = theme[image];

  async function send(file: File | null) {
    if (!file) return;
    setSending(true);
    setError(null);
    try {
      onSent(await api('POST', 'api.configuration.theme_image', { params: { image }, body: file }));
      toast.success(t('theme.image_sent'));
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      setError(caught.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap={4} data-theme-image={image}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`theme.image_help.${image}`)}
      </Text>
      <Group gap="sm">
        {current ? (
          <img
            src={`${path('theme.image', { image })}?v=${encodeURIComponent(current)}`}
            alt={t('theme.image_alt', { image: label })}
            style={{ maxHeight: 48, maxWidth: 160, border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ) : (
          <Text size="sm">{t('theme.image_none')}</Text>
        )}
        <FileButton onChange={(file) => void send(file)} accept="image/png,image/jpeg,image/webp,image/x-icon,.ico">
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={sending}>
              {t('theme.image_choose', { image: label })}
            </Button>
          )}
        </FileButton>
        {current && (
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            {t('theme.image_remove', { image: label })}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
