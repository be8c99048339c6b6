import { Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled section of a record's page (its history, a child resource, a module's panel): a region named by its title. */
export function RecordPanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
