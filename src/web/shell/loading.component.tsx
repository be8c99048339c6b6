import { Loader, type LoaderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What shows while a screen's data arrives. A progress bar to assistive technologies, named
 * "Chargement…": a plain element may not carry a name (axe: aria-prohibited-attr).
 */
export function Loading(props: Omit<LoaderProps, 'role' | 'aria-label'>) {
  const { t } = useTranslation();
  return <Loader role="progressbar" aria-label={t('shell.loading')} {...props} />;
}
