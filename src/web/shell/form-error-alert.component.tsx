import { Alert } from '@mantine/core';

/** What the server said went wrong with a form, announced to screen readers; nothing when all is well. */
export function FormErrorAlert({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
}
