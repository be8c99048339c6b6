import { Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconVariable } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api-client';
import { FieldInput, type FieldInputProps } from '../../engine/field-input.component';
import { queryKeys } from '../../query-keys';
import { AppModal } from '../../shell/app-modal.component';

/** How a template writes a variable, a list and a condition (syntax, the same in every language). */
const syntax = [
  '{{ projet.reference }}',
  '{{#actes}} {{ date }} {{ objet }} {{/actes}}',
  '{{#porteur.structure}} … {{/porteur.structure}}',
];

/** Every variable a template file may use, with an example, and each list's fields. */
function VariablesList() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKeys.resource.route('fichier-type', 'api.template_files.variables', 0),
    queryFn: () => api('GET', 'api.template_files.variables'),
  });
  const rows = (items: { name: string; example: string }[]) =>
    items.map((item) => (
      <Table.Tr key={item.name}>
        <Table.Td>
          <Code>{`{{ ${item.name} }}`}</Code>
        </Table.Td>
        <Table.Td>{item.example}</Table.Td>
      </Table.Tr>
    ));
  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('documents.variables.variable')}</Table.Th>
        <Table.Th>{t('documents.variables.example')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  return (
    <Stack>
      <Text size="sm">{t('documents.variables.intro')}</Text>
      {syntax.map((line) => (
        <Code key={line} block>
          {line}
        </Code>
      ))}
      {data && (
        <>
          <Table>
            {head}
            <Table.Tbody>{rows(data.variables)}</Table.Tbody>
          </Table>
          {data.loops.map((loop) => (
            <Stack key={loop.name} gap="xs">
              <Title order={4}>{t('documents.variables.loop', { name: loop.name })}</Title>
              <Table>
                {head}
                <Table.Tbody>{rows(loop.fields)}</Table.Tbody>
              </Table>
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}

/** A template file's file: the usual upload, and the variables it may use, with an example each. */
export function TemplateFileInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <FieldInput {...props} />
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconVariable size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('documents.variables.show')}
      </Button>
      {open && (
        <AppModal title={t('documents.variables.title')} onClose={() => setOpen(false)} size="xl">
          <VariablesList />
        </AppModal>
      )}
    </Stack>
  );
}
