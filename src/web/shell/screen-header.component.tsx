import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A screen's title with its actions below it, on the left: the top-right corner is where toasts
 * appear, and they must not hide the buttons a user reaches for right after saving.
 */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      {children && <Group gap="sm">{children}</Group>}
    </Stack>
  );
}
