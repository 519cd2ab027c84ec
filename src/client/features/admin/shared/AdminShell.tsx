import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { BrandLogo } from '../../../components/BrandLogo';
import { MAIN_ID } from '../../../components/SkipLink';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cn } from '../../../lib/utils';
import type { AdminStats } from '#contract/admin';
import { AdminMenu, AdminSideNav } from './AdminNav';
import { useStoreTimeZone } from './store-time-zone';

const ADMIN_PAGES = [
  { href: '/admin', label: 'Operations' },
  { href: '/admin-dashboard', label: 'Customers' },
] as const;

/** The way between the two admin pages, the current one marked. */
function AdminPagesNav() {
  const [path] = useLocation();
  return (
    <nav aria-label="Admin pages" className="flex min-w-0 gap-1">
      {ADMIN_PAGES.map((page) => (
        <Link
          key={page.href}
          href={page.href}
          aria-current={path === page.href ? 'page' : undefined}
          className={cn(
            'rounded-lg px-3 py-1.5 text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            path === page.href && 'bg-muted text-foreground',
          )}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The frame of both admin dashboards: brand bar, the page's heading, the store's time zone and
 * actions, and its <main> with the sections' navigation: beside the page from 1024 px, behind
 * 'Menu' below (docs/decisions/0035). `section` names the /admin section shown, as the
 * heading of its part of the page.
 */
export function AdminShell({
  documentTitle,
  subtitle,
  actions,
  section,
  waiting,
  children,
}: {
  documentTitle: string;
  subtitle?: string;
  actions: ReactNode;
  section?: { value: string; label: string };
  waiting: AdminStats['waiting'] | undefined;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  const timeZone = useStoreTimeZone();
  return (
    <div className="min-h-screen">
      <div className="border-b border-border/60 bg-background/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
          <BrandLogo compact />
          <AdminPagesNav />
          <span className="hidden items-center gap-1.5 rounded-full border border-border px-3 py-1 text-xs font-semibold text-muted-foreground sm:inline-flex">
            <ShieldCheck className="size-3.5 text-accent" aria-hidden="true" />
            Administrator
          </span>
        </div>
      </div>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 focus:outline-none sm:py-10">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Admin Dashboard</h1>
            {subtitle && <p className="mt-1 text-muted-foreground">{subtitle}</p>}
            <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="store-time-zone">
              Times in {timeZone}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
        <div className="mt-8 min-w-0 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-start lg:gap-8">
          <AdminSideNav current={section?.value ?? null} waiting={waiting} />
          <div className="grid min-w-0 gap-6">
            <div className={cn('flex min-w-0 flex-wrap items-center gap-3', !section && 'lg:hidden')}>
              <AdminMenu current={section?.value ?? null} waiting={waiting} />
              {section && (
                <h2 className="min-w-0 break-words text-xl font-bold" data-testid="section-heading">
                  {section.label}
                </h2>
              )}
            </div>
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}
