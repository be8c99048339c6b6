import { Button, Grid, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARACTERISTIC_PREFIX, templateVariables } from '../../../shared/mail/template-variables';
import { can, nobody } from '../../../shared/permissions';
import { api } from '../../api-client';
import type { FieldInputProps } from '../../engine/field-input.component';
import { queryKeys } from '../../query-keys';
import { useSession } from '../../session.hook';
import { RichTextEditor } from '../../shell/rich-text-editor.component';

/**
 * A template's content: the rich-text editor, and beside it the variables it may use (spec 3), each
 * a button inserting `{{ name }}` at the editor's cursor; a project's characteristics too, for
 * whoever may list the form fields.
 */
export function TemplateContentInput({ slug, name, def, value, onChange, errors }: FieldInputProps) {
  const { t } = useTranslation();
  const editor = useRef<Editor | null>(null);
  const user = useSession().data?.user ?? nobody;
  const { data: characteristics = [] } = useQuery({
    queryKey: queryKeys.resource.list('champs-de-formulaire', 'all-ajax'),
    queryFn: () => api('GET', 'api.form_fields.all'),
    enabled: can(user, 'champs-de-formulaire', 'list'),
  });
  const variables = [
    ...templateVariables.map((variable) => ({ variable, label: t(`mail.variables.${variable}`) })),
    ...characteristics.map((field) => ({
      variable: `${CHARACTERISTIC_PREFIX}${field.id}`,
      label: t('mailUi.variables.characteristic', { name: field.name }),
    })),
  ];
  const insert = (variable: string) => {
    const text = `{{ ${variable} }}`;
    // The editor keeps its last selection when the button takes the focus: the variable goes there.
    if (editor.current) editor.current.chain().focus().insertContent(text).run();
    else onChange(`${String(value ?? '')}${text}`);
  };
  const error = typeof errors?.message === 'string' ? t(errors.message) : undefined;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <RichTextEditor
          label={t(`resources.${slug}.fields.${name}`)}
          error={error}
          required={def.required}
          value={String(value ?? '')}
          onChange={onChange}
          onReady={(made) => (editor.current = made)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={4} role="group" aria-label={t('mailUi.variables.title')}>
          <Text size="sm" fw={500}>
            {t('mailUi.variables.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('mailUi.variables.help')}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Stack gap={2}>
              {variables.map(({ variable, label }) => (
                <Button
                  key={variable}
                  variant="subtle"
                  size="compact-sm"
                  justify="flex-start"
                  aria-label={t('mailUi.variables.insert', { label })}
                  onClick={() => insert(variable)}
                >
                  {label}
                </Button>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
