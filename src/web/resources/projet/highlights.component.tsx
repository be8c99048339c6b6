import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';

/**
 * The project's highlighted characteristics, for its header (header-caracteristique/{id}): each
 * filled-in field flagged with a highlight colour, its name above its value in that colour, weight
 * and size. Nothing when none is filled in. Refreshed with the forms after a save.
 */
export function ProjectHighlights({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data = [] } = useQuery({
    queryKey: queryKeys.project.highlights(projectId),
    queryFn: () => api('GET', 'api.projects.header_characteristics', { params: { id: projectId } }),
  });
  const shown = data.filter((highlight) => highlight.value !== '');
  if (shown.length === 0) return null;
  return (
    <Group component="dl" aria-label={t('projectForms.highlights')} gap="xl" m={0}>
      {shown.map((highlight) => (
        <Stack key={highlight.field} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {highlight.name}
          </Text>
          <Text
            component="dd"
            m={0}
            style={{ color: highlight.color, fontSize: highlight.fontSize, fontWeight: highlight.bold ? 700 : 400 }}
          >
            {highlight.value}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
