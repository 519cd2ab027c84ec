import { ScrollText } from 'lucide-react';
import { adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { AuditChangeList } from '../shared/AuditChangeList';
import { PagedList } from '../shared/PagedList';
import { useAuditLog } from './operations-queries';
import { useListPage } from '../shared/use-list-page';

/** Every change an administrator made, and their sign-ins, sign-outs and exports, newest first: who, what, on which record, from what to what. */
export function AuditLogTab() {
  const timeZone = useStoreTimeZone();
  const paging = useListPage();
  const entries = useAuditLog(paging.page);
  return (
    <PagedList
      label="audit log"
      paging={paging}
      query={entries}
      empty={{ icon: <ScrollText aria-hidden="true" />, title: 'No Admin Changes Yet', hint: 'Each sign-in, sign-out, export, refund, shipment, coupon, package or gift-card change an admin makes is recorded here.' }}
    >
      {(items) => (
        <ol className="grid gap-2" aria-label="Audit log">
          {items.map((entry) => (
            <li key={entry.id} className="min-w-0 rounded-xl border border-border bg-card px-4 py-3 text-sm" data-testid="audit-entry">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="min-w-0">
                  <span className="font-mono text-xs font-semibold">{entry.action}</span>
                  {/* A sign-in or sign-out is about the admin who made it, named next. */}
                  {entry.targetType !== 'admin' && (
                    <>
                      {' '}
                      on {entry.targetType} <span className="break-all font-mono text-xs">{entry.targetId}</span>
                    </>
                  )}{' '}
                  by <span className="font-semibold">{entry.adminUsername}</span>
                </p>
                <time className="tabular text-xs text-muted-foreground" dateTime={entry.createdAt}>
                  {adminDateTime(entry.createdAt, timeZone)}
                </time>
              </div>
              <AuditChangeList before={entry.before} after={entry.after} />
            </li>
          ))}
        </ol>
      )}
    </PagedList>
  );
}
