import { useEffect, useRef, useState } from 'react';
import { SEARCH_SETTLE_MS } from './use-list-page';
import { useUrlParams } from './use-url-params';

/**
 * A section's filters kept in the address's query beside its ?tab= (/admin?tab=audit&actor=sam,
 * docs/decisions/0035), so a reload, the back button and a shared link keep them; '' is a
 * filter not set. A change goes back to the list's first page and, like any change of the
 * list, is a history entry.
 */
export function useUrlFilters<Name extends string>(names: readonly Name[]) {
  const { params, set } = useUrlParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>;
  return {
    values,
    set: (changes: Partial<Record<Name, string>>) =>
      set({ ...Object.fromEntries(Object.entries<string | undefined>(changes).map(([name, value]) => [name, value || null])), page: null }),
  };
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
