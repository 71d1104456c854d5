import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "Crossmarket - {page}" in the current language. */
export function usePageTitle(pageKey: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = t('app.title', { page: t(pageKey) });
  }, [t, pageKey, i18n.language]);
}
