import type { AdminStats } from '#contract/admin';
import type { AdminSection } from './admin-sections';

/** More than this shows as '99+' in the badge; the accessible name keeps the exact count. */
const MOST_SHOWN = 99;

/**
 * A section's icon and name in the navigation and, where work waits, its count as a badge.
 * The badge's figure is hidden from assistive technology and said as words instead, so the
 * link or tab is named 'Needs Review, 3 waiting'.
 */
export function SectionLabel({ section, waiting }: { section: AdminSection; waiting: AdminStats['waiting'] | undefined }) {
  const count = section.waiting && waiting ? waiting[section.waiting] : 0;
  return (
    <>
      {section.icon}
      {section.label}
      {count > 0 && (
        // relative: sr-only places its words absolutely, and in the nav's sideways-scrolling row they would widen the page.
        <span className="relative inline-flex">
          <span aria-hidden="true" className="min-w-5 rounded-full bg-warning px-1.5 text-center text-xs font-bold tabular-nums leading-5 text-background" data-testid="waiting-count">
            {count > MOST_SHOWN ? `${MOST_SHOWN}+` : count}
          </span>
          <span className="sr-only">, {count} waiting</span>
        </span>
      )}
    </>
  );
}
