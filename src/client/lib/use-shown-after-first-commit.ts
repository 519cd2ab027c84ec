import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first commit, then true through a transition: what the caller
 * renders once it is true is rendered in React's time-sliced passes (5 ms each) rather than
 * in one task, so a large first render (checkout's form) blocks no input while it builds
 * (decision 0095). The first commit shows what is cheap to paint (a skeleton in place).
 */
export function useShownAfterFirstCommit(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}
