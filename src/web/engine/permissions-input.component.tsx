import { Checkbox, Fieldset, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { commonGroups, permissionKey } from '../../shared/permissions';
import { permissionGroupsOf } from '../../shared/resources/resource';
import { resources } from '../../shared/resources/registry';

/**
 * An access profile's permissions: one row per resource (so a new resource appears by itself), one
 * checkbox per group of actions — add, consult, modify, delete, other (spec 3); under the table, a
 * checkbox per group of a resource's own (the users' "Se connecter en tant que", spec 6).
 */
export function PermissionsInput({
  label,
  error,
  value,
  onChange,
}: {
  label: string;
  error?: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const granted = new Set(value);
  const toggle = (key: string, checked: boolean) =>
    onChange(checked ? [...granted, key] : value.filter((candidate) => candidate !== key));
  // Administrators-only resources (the email log) are granted by no profile.
  const granting = resources.filter((definition) => permissionGroupsOf(definition).length > 0);
  const ownGroups = granting.flatMap((definition) =>
    permissionGroupsOf(definition)
      .filter((group) => !commonGroups.includes(group))
      .map((group) => ({ slug: definition.slug, group })),
  );
  return (
    <Fieldset legend={label} style={{ gridColumn: '1 / -1' }}>
      <Table.ScrollContainer minWidth={600} type="native">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('permissions.resource')}</Table.Th>
              {commonGroups.map((group) => (
                <Table.Th key={group}>{t(`permissions.groups.${group}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {granting.map((definition) => {
              const { slug } = definition;
              const resource = t(`resources.${slug}.label`);
              const offered = permissionGroupsOf(definition);
              return (
                <Table.Tr key={slug}>
                  <Table.Th scope="row" fw={400}>
                    {resource}
                  </Table.Th>
                  {commonGroups.map((group) => {
                    const key = permissionKey(slug, group);
                    if (!offered.includes(group)) return <Table.Td key={group} />;
                    return (
                      <Table.Td key={group}>
                        <Checkbox
                          aria-label={t('permissions.grant', { group: t(`permissions.groups.${group}`), resource })}
                          checked={granted.has(key)}
                          onChange={(event) => toggle(key, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" mt="sm">
        {ownGroups.map(({ slug, group }) => {
          const key = permissionKey(slug, group);
          return (
            <Checkbox
              key={key}
              label={t('permissions.grant', {
                group: t(`permissions.groups.${group}`),
                resource: t(`resources.${slug}.label`),
              })}
              checked={granted.has(key)}
              onChange={(event) => toggle(key, event.currentTarget.checked)}
            />
          );
        })}
      </Stack>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
