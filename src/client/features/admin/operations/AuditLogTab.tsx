import { ScrollText } from 'lucide-react';
import { AUDIT_ACTIONS, type AuditEntry } from '#contract/admin-audit';
import { adminDateTime } from '../shared/admin-view';
import { AUDIT_ACTION_LABELS, auditSentence } from '../shared/audit-sentence';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { AuditChangeList } from '../shared/AuditChangeList';
import { ANY, FilterInput, FilterSelect } from '../shared/FilterFields';
import { PagedList } from '../shared/PagedList';
import { useAuditLog } from './operations-queries';
import { useListPage } from '../shared/use-list-page';
import { useSettledText, useUrlFilters } from '../shared/use-url-filters';

const FILTERS = ['actor', 'action', 'orderId'] as const;
const ACTION_OPTIONS = [{ value: ANY, label: 'All actions' }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))];

function AuditEntryItem({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  return (
    <li className="min-w-0 rounded-xl border border-border bg-card px-4 py-3 text-sm" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words font-medium" data-testid="audit-sentence">
          {auditSentence(entry)}
        </p>
        <p className="text-xs text-muted-foreground">
          by <span className="font-semibold text-foreground">{entry.adminUsername}</span>,{' '}
          <time className="tabular" dateTime={entry.createdAt}>
            {adminDateTime(entry.createdAt, timeZone)}
          </time>
        </p>
      </div>
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Details</summary>
        <p className="mt-1 min-w-0">
          <span className="font-mono font-semibold">{entry.action}</span>
          {/* A sign-in or sign-out is about the admin who made it, named above. */}
          {entry.targetType !== 'admin' && (
            <>
              {' '}
              on {entry.targetType} <span className="break-all font-mono">{entry.targetId}</span>
            </>
          )}
        </p>
        <AuditChangeList before={entry.before} after={entry.after} />
      </details>
    </li>
  );
}

/**
 * Every change an administrator made, and their sign-ins, sign-outs and exports, newest first,
 * each as a sentence with who and when, its fields under Details; narrowed by who, what and
 * which order, the filters kept in the address.
 */
export function AuditLogTab() {
  const timeZone = useStoreTimeZone();
  const paging = useListPage();
  const filters = useUrlFilters(FILTERS);
  const setFilter = (name: (typeof FILTERS)[number]) => (value: string) => {
    filters.set({ [name]: value });
  };
  const [actor, setActor] = useSettledText(filters.values.actor, setFilter('actor'));
  const [orderId, setOrderId] = useSettledText(filters.values.orderId, setFilter('orderId'));
  const entries = useAuditLog(paging.page, filters.values);
  const filtered = FILTERS.some((name) => filters.values[name] !== '');
  const empty = filtered
    ? { icon: <ScrollText aria-hidden="true" />, title: 'No Matching Changes', hint: 'No change matches these filters: check the username or the order ID, or clear a filter.' }
    : {
        icon: <ScrollText aria-hidden="true" />,
        title: 'No Admin Changes Yet',
        hint: 'Each sign-in, sign-out, export, refund, shipment, coupon, package or gift-card change an admin makes is recorded here.',
      };

  return (
    <div className="grid min-w-0 gap-4">
      <fieldset className="grid min-w-0 grid-cols-1 gap-3 min-[480px]:grid-cols-3 lg:max-w-3xl">
        <legend className="sr-only">Filter the audit log</legend>
        <FilterInput id="audit-actor" label="Admin (username)" value={actor} onChange={setActor} />
        <FilterSelect id="audit-action" label="Action" value={filters.values.action} onChange={setFilter('action')} options={ACTION_OPTIONS} />
        <FilterInput id="audit-order" label="Order ID" value={orderId} onChange={setOrderId} placeholder="SP-..." />
      </fieldset>
      <PagedList label="audit log" paging={paging} query={entries} empty={empty}>
        {(items) => (
          <ol className="grid gap-2" aria-label="Audit log">
            {items.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ol>
        )}
      </PagedList>
    </div>
  );
}
