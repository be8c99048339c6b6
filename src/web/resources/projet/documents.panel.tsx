import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The tab "Documents": the project's files, to come. */
export function ProjectDocumentsPanel(_props: { projectId: number }) {
  const { t } = useTranslation();
  return <Text size="sm">{t('resources.projet.page.empty.documents')}</Text>;
}
