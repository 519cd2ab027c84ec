import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type ParamChanges = Record<string, string | null>;

/**
 * The address's query as an admin page's state (docs/decisions/0035): a section, a list's page,
 * search and filters live there, so a reload keeps them and the browser's back returns to them.
 * A change is a new history entry unless `replace` is asked (the search box as one types); one
 * change sets every parameter it names at once, from the query as rendered.
 */
export function useUrlParams() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);

  const set = (changes: ParamChanges, { replace = false }: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const query = next.toString();
    if (query === search) return;
    navigate(query ? `${path}?${query}` : path, { replace });
  };
  return { params, set };
}
