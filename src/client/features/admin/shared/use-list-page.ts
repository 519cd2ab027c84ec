import { useEffect, useState } from 'react';
import type { ListPage } from '../../../lib/query-keys';

const ADMIN_PAGE_SIZE = 25;
export const SEARCH_SETTLE_MS = 300;

/** A list's first page with no search, as every list opens. */
export const FIRST_PAGE: ListPage = { limit: ADMIN_PAGE_SIZE, offset: 0, q: '' };

/** The search box and the page of one admin list; a new search starts again at the first page. */
export function useListPage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);

  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setOffset(0);
    }, SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const page: ListPage = { limit: ADMIN_PAGE_SIZE, offset, q };
  return {
    page,
    search,
    setSearch,
    previous: () => setOffset((current) => Math.max(0, current - ADMIN_PAGE_SIZE)),
    next: () => setOffset((current) => current + ADMIN_PAGE_SIZE),
    /** Back to the first page, as when a filter beside the search changes. */
    first: () => setOffset(0),
  };
}

export type ListPaging = ReturnType<typeof useListPage>;
