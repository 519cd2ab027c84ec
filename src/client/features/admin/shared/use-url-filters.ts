import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SEARCH_SETTLE_MS } from './use-list-page';

/**
 * A section's filters kept in the address's query beside its ?tab= (/admin?tab=audit&actor=sam),
 * so a reload, the back button and a shared link keep them; '' is a filter not set. Changing a
 * section drops them, as its link names only the tab. Replaces the address rather than adding
 * to the history, as the tabs do.
 */
export function useUrlFilters<Name extends string>(names: readonly Name[]) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>;
  const set = (changes: Partial<Record<Name, string>>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries<string | undefined>(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const query = next.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };
  return { values, set };
}

/**
 * A filter typed into a box: what the box shows now, handed to `commit` trimmed once typing
 * pauses (as the list search does), and taken from `value` when the address changes it
 * (back, or a link).
 */
export function useSettledText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });
  const [shown, setShown] = useState(value);
  // The address changed the filter: the box follows, unless it already says the same.
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latestCommit.current(text.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}
