import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { adminDateTime, formatAmount } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { DetailField } from '../shared/DetailField';
import { PagedList } from '../shared/PagedList';
import { NO_ORDER_FILTERS, useAdminOrders } from './order-queries';
import { useListPage } from '../shared/use-list-page';
import { OrderActionButtons } from './OrderActionButtons';
import { OrderDialogs, useOrderDialogs } from './OrderDialogs';

const NEEDS_REVIEW = { ...NO_ORDER_FILTERS, needsReview: true };

/** Orders held for a person (a coupon used up after payment, a crypto payment short, provisioning failed): why, and honour or refund. */
export function NeedsReviewTab() {
  const timeZone = useStoreTimeZone();
  const paging = useListPage();
  const orders = useAdminOrders(paging.page, NEEDS_REVIEW);
  const dialogs = useOrderDialogs();
  return (
    <div className="grid min-w-0 gap-4">
      <PagedList
        label="orders to review"
        paging={paging}
        query={orders}
        empty={{ icon: <AlertTriangle aria-hidden="true" />, title: 'Nothing Needs Review', hint: 'Orders a person must decide on land here, with the reason. Check back after the next payments.' }}
      >
        {(items) => (
          <ul className="grid gap-3" aria-label="Orders to review">
            {items.map((order) => (
              <li key={order.id} className="min-w-0 rounded-2xl border border-warning/40 bg-card p-4" data-testid="review-order">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <Button variant="link" className="h-auto break-all p-0 font-mono text-sm" onClick={() => dialogs.setOpen(order)}>
                    {order.id}
                  </Button>
                  <time className="text-xs text-muted-foreground" dateTime={order.createdAt}>
                    {adminDateTime(order.createdAt, timeZone)}
                  </time>
                </div>
                <p className="mt-2 text-sm" data-testid="review-reason">
                  <span className="font-semibold text-warning">Why: </span>
                  {order.reason ?? 'No reason recorded.'}
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
                  <DetailField label="Customer">{order.customerName}</DetailField>
                  <DetailField label="Email">
                    <span className="break-all">{order.customerEmail}</span>
                  </DetailField>
                  <DetailField label="Package">{order.packageName}</DetailField>
                  <DetailField label="Total">
                    {formatAmount(order.totalAmount, order.currency)} <span className="capitalize text-muted-foreground">({order.paymentMethod})</span>
                  </DetailField>
                </dl>
                <div className="mt-3">
                  <OrderActionButtons order={order} actions={dialogs.actions} onRefund={dialogs.setRefunding} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <OrderDialogs state={dialogs} />
    </div>
  );
}
