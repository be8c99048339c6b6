import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The back office's name: the theme's meta title, which the server writes in the page's head, else the catalog's. */
export function applicationName(fallback: string): string {
  return document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || fallback;
}

/** "Screen · Rénov'Conseil" in the browser tab. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${applicationName(t('app.name'))}`;
  }, [title, t]);
}
