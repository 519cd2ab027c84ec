import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, messageOr } from '../../../lib/api';
import type { Revalidated } from './revalidating-get';
import { EmptyState } from './EmptyState';
import { ListControls } from './ListControls';
import { adminKeys } from '../../../lib/admin-query-keys';
import type { ListPaging } from './use-list-page';

function ListBody<T>({ query, empty, children }: { query: UseQueryResult<Revalidated<T[]>>; empty: ReactNode; children: (items: T[]) => ReactNode }) {
  if (query.data) return query.data.data.length === 0 ? empty : children(query.data.data);
  if (query.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
        <p className="flex items-center gap-2">
          <AlertCircle className="size-4 text-destructive" aria-hidden="true" />
          {/* A refused filter (a date range the wrong way round) says why in the server's words. */}
          {query.error instanceof ApiError && query.error.status === 400 ? messageOr(query.error, 'This list could not be loaded.') : 'This list could not be loaded.'}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3" role="status" aria-label="Loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * An admin list with its paging (and search, given `searchId`) above it, and its four
 * states: skeletons, an error with a retry, the empty state, the rows. A 401 means the admin
 * session ended meanwhile: the session is asked again, and the page's gate sends the admin
 * to sign in.
 */
export function PagedList<T>({
  label,
  searchId,
  paging,
  query,
  empty,
  children,
}: {
  label: string;
  searchId?: string;
  paging: ListPaging;
  query: UseQueryResult<Revalidated<T[]>>;
  empty: { icon: ReactNode; title: string; hint: string };
  children: (items: T[]) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const signedOut = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (signedOut) void queryClient.invalidateQueries({ queryKey: adminKeys.session });
  }, [signedOut, queryClient]);

  return (
    <>
      <ListControls label={label} searchId={searchId} paging={paging} shown={query.data?.data.length ?? 0} total={query.data?.total ?? null} />
      <ListBody
        query={query}
        empty={
          <EmptyState icon={empty.icon} title={empty.title}>
            {paging.page.q ? 'Nothing matches this search.' : empty.hint}
          </EmptyState>
        }
      >
        {children}
      </ListBody>
    </>
  );
}
