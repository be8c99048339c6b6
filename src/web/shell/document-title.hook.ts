import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Screen · Rénov'Conseil" in the browser tab. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
