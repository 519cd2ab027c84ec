import { Link } from 'wouter';
import type { AdminStats } from '#contract/admin';
import { ADMIN_SECTIONS, sectionHref } from './admin-sections';
import { SectionLabel } from './SectionLabel';

/** Every section of /admin as links, for the other admin page: the same list, and counts, /admin shows as its tabs. */
export function AdminSectionLinks({ waiting }: { waiting: AdminStats['waiting'] | undefined }) {
  return (
    <nav aria-label="Store operations" className="min-w-0">
      <ul className="flex gap-1 overflow-x-auto rounded-xl bg-muted p-1 sm:flex-wrap">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.value} className="shrink-0">
            <Link
              href={sectionHref(section.value)}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-muted-foreground hover:bg-card hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
            >
              <SectionLabel section={section} waiting={waiting} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
