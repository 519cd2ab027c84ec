/**
 * Runs `callback` once the browser is idle after the page's first work; returns the cancel.
 * Code the first paint does not need (the toaster, the landing page's dialogs) starts loading
 * then, so it is there before the visitor reaches for it (decisions 0003, 0082).
 */
export function whenIdle(callback: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}
