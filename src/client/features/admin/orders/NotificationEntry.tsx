import { Bell } from 'lucide-react';
import type { PurchaseNotification } from '#contract/admin';
import { Badge } from '../../../components/ui/badge';
import { formatAmount, timeAgo } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';

/**
 * One purchase of the /admin notifications tab (spec section 2); its age is counted to `now`.
 * A refunded one stays listed, marked, since the summary's revenue leaves its amount out.
 */
export function NotificationEntry({ notification, now }: { notification: PurchaseNotification; now: number }) {
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="purchase-notification">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 font-semibold">
          <Bell className="size-4 shrink-0 text-accent" aria-hidden="true" />
          <span className="break-all font-mono text-sm">{notification.orderId}</span>
          {notification.refunded && (
            <Badge variant="secondary" data-testid="notification-refunded">
              Refunded
            </Badge>
          )}
        </p>
        <time className="text-xs text-muted-foreground" dateTime={notification.timestamp}>
          {timeAgo(notification.timestamp, now)}
        </time>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <DetailField label="Package">{notification.packageName}</DetailField>
        <DetailField label="Amount">{formatAmount(notification.totalAmount, notification.currency)}</DetailField>
        <DetailField label="Customer">
          <span className="break-all">{notification.customerEmail}</span>
        </DetailField>
        <DetailField label="Duration">{notification.subscriptionDuration}</DetailField>
        <DetailField label="Devices">{notification.deviceCount}</DetailField>
        <DetailField label="Gift Card">{notification.giftCard ?? 'None'}</DetailField>
      </dl>
    </li>
  );
}
