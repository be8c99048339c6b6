import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiErrorPayload } from '../../shared/account/account.schema';
import { path } from '../../shared/routes';

/**
 * A write refused as a duplicate (the reply's duplicateOf): the server's French error and a link to
 * the existing record, under the form. Nothing for any other error.
 */
export function DuplicateAlert({ slug, error }: { slug: string; error: ApiErrorPayload | null }) {
  const { t } = useTranslation();
  if (error?.duplicateOf === undefined) return null;
  const message = Object.values(error.fieldErrors ?? {})[0] ?? error.message;
  return (
    <Alert color="red" role="alert" mt="md">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <Anchor
          component={Link}
          size="sm"
          fw={700}
          c="red.9"
          underline="always"
          to={path('admin.resource.show', { resource: slug, id: error.duplicateOf })}
        >
          {t('engine.duplicate_link')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
