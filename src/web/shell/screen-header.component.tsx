import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The attribute marking a screen's header: toasts stand below it (toasts.component.tsx). */
export const SCREEN_HEADER = 'data-screen-header';

/**
 * A screen's title with its actions below it. Toasts appear top right, below this header, so that
 * they never hide the buttons a user reaches for right after saving.
 */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="xs" {...{ [SCREEN_HEADER]: '' }}>
      <Title order={1}>{title}</Title>
      {children && <Group gap="sm">{children}</Group>}
    </Stack>
  );
}
