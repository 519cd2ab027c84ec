import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminStats } from '#contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { cn } from '../../../lib/utils';
import { sectionGroupsFor, sectionHref } from './admin-sections';
import { SectionLabel } from './SectionLabel';
import { useStaffRole } from './use-admin-queries';

interface NavProps {
  /** The section shown, marked aria-current; none on /admin-dashboard. */
  current: string | null;
  waiting: AdminStats['waiting'] | undefined;
}

/** Every section of /admin as links under their group's heading, each with its count where work waits (docs/decisions/0035). */
function SectionGroups({ current, waiting, onChoose }: NavProps & { onChoose?: () => void }) {
  // Only what the member's role opens (decision 0098); the server refuses the rest anyway.
  const groups = sectionGroupsFor(useStaffRole());
  return (
    <nav aria-label="Store operations" className="grid min-w-0 gap-5">
      {groups.map((group) => {
        const headingId = `admin-nav-${group.label.toLowerCase()}`;
        return (
          <div key={group.label} className="grid gap-1">
            <h2 id={headingId} className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {group.label}
            </h2>
            <ul aria-labelledby={headingId} className="grid gap-0.5">
              {group.sections.map((section) => (
                <li key={section.value}>
                  <Link
                    href={sectionHref(section.value)}
                    onClick={onChoose}
                    aria-current={section.value === current ? 'page' : undefined}
                    className={cn(
                      'flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0',
                      section.value === current && 'bg-muted text-foreground',
                    )}
                  >
                    <SectionLabel section={section} waiting={waiting} />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** The navigation beside the page on a wide screen (1024 px and up). */
export function AdminSideNav(props: NavProps) {
  return (
    <aside className="hidden lg:block">
      <div className="sticky top-4">
        <SectionGroups {...props} />
      </div>
    </aside>
  );
}

/**
 * Below 1024 px the same links behind a 'Menu' button, in a dialog along the left edge. Choosing a
 * section closes it. No icon on the button: the landing page's menu icon shared with an admin
 * page would regroup the icon chunks into the landing page's (decision 0024).
 */
export function AdminMenu({ current, waiting }: NavProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="lg:hidden">
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline">Menu</Button>
        </DialogTrigger>
        <DialogContent side="left" aria-describedby={undefined}>
          <DialogTitle>Admin sections</DialogTitle>
          <SectionGroups current={current} waiting={waiting} onChoose={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
