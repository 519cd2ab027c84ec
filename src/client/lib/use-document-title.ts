import { useEffect } from 'react';

/** The landing page's title, as index.html gives it before the app starts. */
const STORE_TITLE = 'StreamPlus IPTV - Premium 4K streaming with gift card cashback';

/** Names the page in the browser tab and for screen readers on each route change. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | StreamPlus` : STORE_TITLE;
  }, [title]);
}
