import { useEffect, useState } from 'react';
import type { ListPage } from '../../../lib/admin-query-keys';
import { useUrlParams } from './use-url-params';

const ADMIN_PAGE_SIZE = 25;
export const SEARCH_SETTLE_MS = 300;

/** A list's first page with no search, as every list opens. */
export const FIRST_PAGE: ListPage = { limit: ADMIN_PAGE_SIZE, offset: 0, q: '' };

const pageNumberOf = (value: string | null) => {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(number) && number > 1 ? number : 1;
};

/**
 * The search box and the page of one admin list, kept in the address as ?q= and ?page= (1 for
 * the first, left out), so a reload and the browser's back keep them (docs/decisions/0035).
 * A new search starts again at the first page. A list held while another section shows
 * (`shown` false) stays on its first page and leaves the address to the section shown.
 */
export function useListPage(shown = true) {
  const { params, set } = useUrlParams();
  const q = shown ? (params.get('q') ?? '').trim() : '';
  const pageNumber = shown ? pageNumberOf(params.get('page')) : 1;
  const [search, setSearch] = useState(q);
  const [searched, setSearched] = useState(q);

  // Back, forward or a link changed the search: the box shows it, unless it already says the same as it is typed.
  if (searched !== q) {
    setSearched(q);
    setSearch((typed) => (typed.trim() === q ? typed : q));
  }

  // Ask the server once typing pauses, not on every key; the typing replaces the entry instead of adding one per pause.
  useEffect(() => {
    if (!shown || search.trim() === q) return;
    const timer = setTimeout(() => set({ q: search.trim() || null, page: null }, { replace: true }), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `set` is new each render; the timer restarts on the typing, not on a render.
  }, [search, q, shown]);

  const page: ListPage = { limit: ADMIN_PAGE_SIZE, offset: (pageNumber - 1) * ADMIN_PAGE_SIZE, q };
  const goTo = (number: number) => set({ page: number > 1 ? String(number) : null });
  return {
    page,
    search,
    setSearch,
    previous: () => goTo(Math.max(1, pageNumber - 1)),
    next: () => goTo(pageNumber + 1),
  };
}

export type ListPaging = ReturnType<typeof useListPage>;
