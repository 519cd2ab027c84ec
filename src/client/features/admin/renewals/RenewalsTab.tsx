import { RefreshCw } from 'lucide-react';
import type { AdminAutoRenewingSubscription, AdminFailedRenewal } from '#contract/admin-renewals';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { adminDate, adminDateTime, count, formatAmount } from '../shared/admin-view';
import { AdminStatusBadge } from '../shared/AdminStatusBadge';
import { DetailField } from '../shared/DetailField';
import { EmptyState } from '../shared/EmptyState';
import { PagedList } from '../shared/PagedList';
import { StatGrid } from '../shared/StatGrid';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { useListPage } from '../shared/use-list-page';
import { chargeStateLabel, expectedRevenueLine, renewalStateLabel, savedCardLabel } from './renewal-view';
import { useAutoRenewingSubscriptions, useRenewalAction, useRenewalOverview, type RenewalAction } from './renewal-queries';

/** A renewal that charged nothing: whose, which subscription, why and since when; 'Dismiss' takes it off the list (decision 0077). */
function FailedRenewalCard({ renewal, action }: { renewal: AdminFailedRenewal; action: RenewalAction }) {
  const timeZone = useStoreTimeZone();
  const { label, variant } = renewalStateLabel(renewal.status);
  const busy = action.isPending;
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="failed-renewal">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{renewal.customerName}</p>
          <p className="break-all text-sm text-muted-foreground">{renewal.customerEmail}</p>
        </div>
        <Badge variant={variant}>{label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        <DetailField label="Package">{renewal.packageName}</DetailField>
        <DetailField label="Subscription">
          <span className="break-all font-mono text-xs">{renewal.orderId}</span>
        </DetailField>
        <DetailField label="Failed">{adminDateTime(renewal.failedAt, timeZone)}</DetailField>
        <DetailField label="Amount">{renewal.amount ? formatAmount(renewal.amount, renewal.currency) : 'Not charged'}</DetailField>
        <DetailField label="Expires">{adminDateTime(renewal.periodEnd, timeZone)}</DetailField>
        <DetailField label="Attempts">{count(renewal.attempts)}</DetailField>
      </dl>
      {renewal.reason && <p className="mt-3 break-words text-sm text-muted-foreground">Reason: {renewal.reason}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {renewal.status !== 'skipped' && (
          <Button size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'retry', renewalId: renewal.id })}>
            Retry now
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={busy} onClick={() => action.mutate({ kind: 'cancel', subscriptionId: renewal.subscriptionId })}>
          Cancel auto-renew
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`Dismiss the failed renewal of ${renewal.customerEmail}`}
          onClick={() => action.mutate({ kind: 'dismiss', renewalId: renewal.id })}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}

function AutoRenewingCard({ subscription, action }: { subscription: AdminAutoRenewingSubscription; action: RenewalAction }) {
  const timeZone = useStoreTimeZone();
  const state = subscription.renewal ? chargeStateLabel(subscription.renewal, timeZone) : null;
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="auto-renewing-subscription">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-semibold">{subscription.customerEmail}</p>
        <span className="flex flex-wrap gap-2">
          <AdminStatusBadge status={subscription.status} />
          {state && <Badge variant={state.variant}>{state.label}</Badge>}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <DetailField label="Package">
          {subscription.packageName}, {subscription.deviceCount} {subscription.deviceCount === 1 ? 'device' : 'devices'}
        </DetailField>
        <DetailField label="Expires">{adminDate(subscription.expirationDate, timeZone)}</DetailField>
        <DetailField label="Next charge">{adminDate(subscription.nextChargeAt, timeZone)}</DetailField>
        <DetailField label="Card">{savedCardLabel(subscription.card)}</DetailField>
      </dl>
      <div className="mt-3">
        <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => action.mutate({ kind: 'cancel', subscriptionId: subscription.subscriptionId })}>
          Cancel auto-renew
        </Button>
      </div>
    </li>
  );
}

/**
 * Automatic renewals (decision 0045): the next 7 and 30 days' renewals with the revenue
 * they should bring at today's prices, the renewals that charged nothing with their reason
 * and 'Retry now' / 'Cancel auto-renew' / 'Dismiss', then every auto-renewing subscription with its card.
 */
export function RenewalsTab() {
  const overview = useRenewalOverview();
  const paging = useListPage();
  const subscriptions = useAutoRenewingSubscriptions(paging.page);
  const action = useRenewalAction();
  const figures = overview.data?.data;

  return (
    <div className="grid min-w-0 gap-6">
      {overview.isError && !figures ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
          {/* One icon only in this section: each more regrouped the shared icon chunks into the landing page's (decision 0024). */}
          <p>The renewals could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <StatGrid
          label="Upcoming renewals"
          stats={figures?.upcoming.flatMap((window) => [
            { label: `Renewals, next ${window.days} days`, value: window.count, icon: <RefreshCw /> },
            { label: `Expected revenue, next ${window.days} days`, value: expectedRevenueLine(window.byCurrency), icon: <RefreshCw /> },
          ])}
        />
      )}

      <section className="grid min-w-0 gap-3" aria-labelledby="failed-renewals-heading">
        <h2 id="failed-renewals-heading" className="text-lg font-semibold">
          Failed renewals
        </h2>
        {!figures ? (
          !overview.isError && <Skeleton className="h-24 rounded-2xl" role="status" aria-label="Loading" />
        ) : figures.failed.length === 0 ? (
          <EmptyState icon={<RefreshCw aria-hidden="true" />} title="No Failed Renewals">
            Every automatic renewal so far was charged, is waiting for its day, or was dealt with.
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="Failed renewals">
            {figures.failed.map((renewal) => (
              <FailedRenewalCard key={renewal.id} renewal={renewal} action={action} />
            ))}
          </ul>
        )}
      </section>

      <section className="grid min-w-0 gap-3" aria-labelledby="auto-renewing-heading">
        <h2 id="auto-renewing-heading" className="text-lg font-semibold">
          Auto-renewing subscriptions
        </h2>
        <PagedList
          label="auto-renewing subscriptions"
          paging={paging}
          query={subscriptions}
          empty={{ icon: <RefreshCw aria-hidden="true" />, title: 'No Auto-Renewing Subscriptions', hint: 'A card buyer who ticks "Renew automatically" at checkout appears here.' }}
        >
          {(items) => (
            <ul className="grid gap-3" aria-label="Auto-renewing subscriptions">
              {items.map((subscription) => (
                <AutoRenewingCard key={subscription.subscriptionId} subscription={subscription} action={action} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}
