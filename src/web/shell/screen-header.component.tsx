import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The attribute marking a screen's header (the screen layout's tests find its actions by it). */
export const SCREEN_HEADER = 'data-screen-header';

/** A screen's title with its actions below it (toasts stand bottom right, away from them: toasts.component.tsx). */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="xs" {...{ [SCREEN_HEADER]: '' }}>
      <Title order={1}>{title}</Title>
      {children && <Group gap="sm">{children}</Group>}
    </Stack>
  );
}
