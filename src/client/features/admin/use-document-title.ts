import { useEffect } from 'react';

/** Names the browser tab while a page is shown, and gives the previous name back after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
