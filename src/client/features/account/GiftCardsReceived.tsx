import { Gift } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { receivedGiftCards } from './subscription-view';
import { useCustomerOrders } from './use-account';

export function GiftCardsReceived() {
  const orders = useCustomerOrders(true);
  const received = receivedGiftCards(orders.data ?? []);
  const timeZone = useCustomerTimeZone();

  return (
    <Card data-testid="gift-cards-received">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Gift className="size-5 text-accent" aria-hidden="true" />
          Gift Cards Received
        </h2>
      </CardHeader>
      <CardContent>
        {orders.isPending ? (
          <div className="grid gap-2" data-testid="gift-cards-skeleton">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : orders.isError ? (
          <p className="text-sm text-destructive" role="alert">Your gift cards could not be loaded.</p>
        ) : received.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No gift cards received yet. Each paid subscription earns one gift card cashback, emailed within 1-2 hours.
          </p>
        ) : (
          // One column that may be narrower than a truncated name's full line (grid-cols-1 is minmax(0, 1fr)).
          <ul className="grid grid-cols-1 gap-2">
            {received.map((order) => (
              <li key={order.id} className="flex items-center justify-between gap-3 rounded-xl bg-muted/40 p-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{order.selectedGiftCard ?? 'Gift card'}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {order.packageName} · {formatSubscriptionDate(order.createdAt, timeZone)}
                  </p>
                  {order.giftCardCode && (
                    <p className="mt-1 text-sm">
                      Code: <span className="break-all font-mono font-semibold">{order.giftCardCode}</span>
                    </p>
                  )}
                </div>
                <span className="tabular shrink-0 font-bold text-success">${order.cashbackAmount}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
