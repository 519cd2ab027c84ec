import type { HTMLAttributes } from 'react';

/**
 * A box that scrolls on its own (a wide table on a phone, a long list in a dialog), named for
 * screen readers and reachable with the keyboard so it can be scrolled without a mouse (axe:
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, ...props }: HTMLAttributes<HTMLDivElement> & { label: string }) {
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to be scrolled by keyboard (WCAG 2.1.1).
  return <div role="region" aria-label={label} tabIndex={0} {...props} />;
}
