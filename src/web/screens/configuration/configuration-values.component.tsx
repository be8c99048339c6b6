import {
  Button,
  Checkbox,
  ColorInput,
  Divider,
  Group,
  Input,
  NumberInput,
  Paper,
  PasswordInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAdjustments,
  IconBriefcase,
  IconBuildingCommunity,
  IconPlug,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countryCodes,
  currencyCodes,
  recordFieldResources,
  type ConfigurationGroupReply,
  type ConfigurationValueReply,
  type RecaptchaValue,
} from '../../../shared/configuration-values.schema';
import { ApiRequestError, api } from '../../api-client';
import { AutocompleteInput, resourceSuggestions } from '../../engine/autocomplete-input.component';
import { FormErrorAlert } from '../../shell/form-error-alert.component';
import { Loading } from '../../shell/loading.component';
import { RichTextEditor } from '../../shell/rich-text-editor.component';
import { toast } from '../../shell/toasts.component';
import { queryKeys } from '../../query-keys';

/** The groups' icons, by the Tabler name stored with each group. */
const groupIcons: Record<string, Icon> = {
  settings: IconSettings,
  'building-community': IconBuildingCommunity,
  briefcase: IconBriefcase,
  plug: IconPlug,
};

interface ValueInputProps {
  item: ConfigurationValueReply;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const choicesOf = (item: ConfigurationValueReply) =>
  (item.options.choices ?? []).map((choice) => ({ value: choice.value, label: choice.label }));

/** The input of one configuration value, by its field type (spec 3's field types). */
function ValueInput({ item, value, onChange, error }: ValueInputProps) {
  const { t, i18n } = useTranslation();
  const label = item.name;
  const description = item.help ?? undefined;
  const common = { label, description, error };
  const countries = useMemo(() => {
    if (item.fieldType !== 'country') return [];
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return countryCodes()
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [item.fieldType, i18n.language]);
  const text = (type: string) => (
    <TextInput
      {...common}
      type={type}
      value={asText(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
  switch (item.fieldType) {
    case 'title':
      return (
        <Title order={4} size="h5">
          {label}
        </Title>
      );
    case 'separator':
      return <Divider aria-label={label} />;
    case 'hidden':
      // Kept on the form, not shown (spec 3's hidden field).
      return <input type="hidden" name={item.slug} value={asText(value)} />;
    case 'checkbox':
      return (
        <Checkbox {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
      );
    case 'yes_no':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(next) => onChange(next === 'yes')}
        >
          <Group mt="xs">
            <Radio value="yes" label={t('configuration_values.yes')} />
            <Radio value="no" label={t('configuration_values.no')} />
          </Group>
        </Radio.Group>
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={asText(value) || null} onChange={onChange}>
          <Group mt="xs">
            {choicesOf(item).map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'form_state':
      return (
        <Input.Wrapper {...common} labelElement="div" id={`${item.slug}-label`}>
          <div>
            <SegmentedControl
              aria-labelledby={`${item.slug}-label-label`}
              data={choicesOf(item)}
              value={asText(value)}
              onChange={onChange}
            />
          </div>
        </Input.Wrapper>
      );
    case 'select':
      return <Select {...common} data={choicesOf(item)} value={asText(value) || null} onChange={onChange} />;
    case 'country':
      return <Select {...common} data={countries} value={asText(value) || null} onChange={onChange} searchable />;
    case 'currency':
      return <Select {...common} data={currencyCodes()} value={asText(value) || null} onChange={onChange} searchable />;
    case 'date':
      return text('date');
    case 'datetime':
      return text('datetime-local');
    case 'time':
      return text('time');
    case 'month':
      return text('month');
    case 'email':
      return text('email');
    case 'phone':
      return text('tel');
    case 'input':
      return text('text');
    case 'upload':
      return text('text');
    case 'iframe':
      return (
        <Stack gap={4}>
          {text('url')}
          {typeof value === 'string' && value.startsWith('https://') && (
            <iframe
              title={label}
              src={value}
              sandbox="allow-scripts"
              style={{ border: 0, width: '100%', height: 200 }}
            />
          )}
        </Stack>
      );
    case 'code_editor':
      return (
        <Textarea
          {...common}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={4}
          styles={{ input: { fontFamily: 'monospace' } }}
          spellCheck={false}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={3}
        />
      );
    case 'rich_text':
      return (
        <RichTextEditor
          label={label}
          description={description}
          error={error}
          value={asText(value)}
          onChange={onChange}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : Number(next))}
          min={item.options.min}
          max={item.options.max}
        />
      );
    case 'colour':
      return <ColorInput {...common} format="hex" value={asText(value)} onChange={onChange} withEyeDropper={false} />;
    case 'password':
      return (
        <PasswordInput
          {...common}
          description={[
            description,
            t(item.set ? 'configuration_values.secret_set' : 'configuration_values.secret_unset'),
          ]
            .filter(Boolean)
            .join(' ')}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete="new-password"
        />
      );
    case 'recaptcha': {
      const pair = (value as RecaptchaValue | null) ?? { siteKey: '', secretKey: null };
      return (
        <Input.Wrapper {...common} labelElement="div">
          <Stack gap="xs">
            <TextInput
              label={t('configuration_values.site_key')}
              value={pair.siteKey}
              onChange={(event) => onChange({ ...pair, siteKey: event.currentTarget.value })}
            />
            <PasswordInput
              label={t('configuration_values.secret_key')}
              description={t(item.set ? 'configuration_values.secret_set' : 'configuration_values.secret_unset')}
              value={pair.secretKey ?? ''}
              onChange={(event) => onChange({ ...pair, secretKey: event.currentTarget.value || null })}
              autoComplete="new-password"
            />
          </Stack>
        </Input.Wrapper>
      );
    }
    case 'entity_select':
    case 'individual_select':
    case 'structure_select': {
      const resource =
        item.fieldType === 'entity_select' ? item.options.resource : recordFieldResources[item.fieldType];
      const id = typeof value === 'number' ? value : null;
      return (
        <AutocompleteInput
          {...common}
          suggestions={resourceSuggestions(resource ?? '')}
          known={id === null ? {} : { [id]: `${t('configuration_values.record_id')} ${id}` }}
          value={id}
          onChange={onChange}
        />
      );
    }
  }
}

/** What an input starts from: the stored value, else the default (secrets start empty). */
const shownValue = (item: ConfigurationValueReply) =>
  item.fieldType === 'password' ? '' : item.set ? item.value : (item.value ?? item.defaultValue);

/** One group of values: its icon and name, an input per value, saved together (changed values only). */
function ValuesGroupForm({ group }: { group: ConfigurationGroupReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [edited, setEdited] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const GroupIcon = groupIcons[group.icon] ?? IconAdjustments;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setErrors({});
    try {
      // An empty password field keeps the stored one.
      const values = Object.fromEntries(
        Object.entries(edited).filter(([slug, value]) => {
          const item = group.values.find((candidate) => candidate.slug === slug);
          return !(item?.fieldType === 'password' && value === '');
        }),
      );
      queryClient.setQueryData(
        queryKeys.configuration('api.configuration.values'),
        await api('PUT', 'api.configuration.values', { body: { values } }),
      );
      setEdited({});
      toast.success(t('configuration.saved'));
    } catch (caught) {
      if (!(caught instanceof ApiRequestError)) throw caught;
      setError(caught.message);
      setErrors(caught.payload.fieldErrors ?? {});
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={save}
      noValidate
      aria-labelledby={`configuration-group-${group.id}`}
    >
      <Stack>
        <Group gap="xs">
          <GroupIcon aria-hidden size={22} />
          <Title order={3} size="h4" id={`configuration-group-${group.id}`}>
            {group.name}
          </Title>
        </Group>
        <FormErrorAlert error={error} />
        {group.values.map((item) => (
          <ValueInput
            key={item.slug}
            item={item}
            value={item.slug in edited ? edited[item.slug] : shownValue(item)}
            onChange={(value) => setEdited((previous) => ({ ...previous, [item.slug]: value }))}
            error={errors[item.slug]}
          />
        ))}
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {t('configuration.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The configuration values the user may use, a form per group (spec 3's configuration values and groups). */
export function ConfigurationValuesSection() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKeys.configuration('api.configuration.values'),
    queryFn: () => api('GET', 'api.configuration.values'),
  });
  if (!data) return <Loading />;
  return (
    <Stack component="section" aria-labelledby="configuration-values-title">
      <Title order={2} id="configuration-values-title">
        {t('configuration_values.title')}
      </Title>
      {data.groups.length === 0 && <Text c="dimmed">{t('configuration_values.empty')}</Text>}
      {data.groups.map((group) => (
        <ValuesGroupForm key={group.id} group={group} />
      ))}
    </Stack>
  );
}
