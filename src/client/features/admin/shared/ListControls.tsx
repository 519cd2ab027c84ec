import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { pageSummary } from './admin-view';
import type { ListPaging } from './use-list-page';

/**
 * Paging above an admin list, with a search box where the server searches that list
 * (`searchId`); the total is the server's x-total-count.
 */
export function ListControls({ label, searchId, paging, shown, total }: { label: string; searchId?: string; paging: ListPaging; shown: number; total: number | null }) {
  const summary = pageSummary(paging.page.offset, shown, total, paging.page.limit);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      {searchId && (
        <div className="relative w-full sm:max-w-sm" role="search">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <label htmlFor={searchId} className="sr-only">
            Search {label}
          </label>
          <Input id={searchId} type="search" className="pl-9" placeholder="Search by email, name or order ID" value={paging.search} onChange={(event) => paging.setSearch(event.target.value)} />
        </div>
      )}
      <nav className="flex items-center justify-between gap-2 sm:ml-auto sm:justify-end" aria-label={`Pages of ${label}`}>
        <p className="tabular text-sm text-muted-foreground" aria-live="polite">
          {summary.text}
        </p>
        <div className="flex gap-1">
          <Button variant="outline" size="sm" onClick={paging.previous} disabled={!summary.hasPrevious}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" onClick={paging.next} disabled={!summary.hasNext}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </nav>
    </div>
  );
}
