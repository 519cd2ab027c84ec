import { useEffect } from 'react';
import { t } from './i18n';

/** Names the page in the browser tab and for screen readers on each route change; the landing page keeps the store's own title, in the page's language. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | StreamPlus` : t('site.store.title');
  }, [title]);
}
