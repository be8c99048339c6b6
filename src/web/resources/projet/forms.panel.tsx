import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The tab "Kanban et formulaires": the project's forms and tickets, to come. */
export function ProjectFormsPanel(_props: { projectId: number }) {
  const { t } = useTranslation();
  return <Text size="sm">{t('resources.projet.page.empty.forms')}</Text>;
}
