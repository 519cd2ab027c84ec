import { Gift } from 'lucide-react';
import { Suspense } from 'react';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { pageLocale, useMessages } from '../../lib/i18n';
import { formatAmount } from './billing-view';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { receivedGiftCards } from './subscription-view';
import { useCustomerOrders } from './use-account';

function GiftCardsSkeleton() {
  return (
    <div className="grid gap-2" data-testid="gift-cards-skeleton">
      <Skeleton className="h-14" />
      <Skeleton className="h-14" />
    </div>
  );
}

function GiftCardsCard() {
  const t = useMessages('billing');
  const orders = useCustomerOrders(true);
  const received = receivedGiftCards(orders.data ?? []);
  const timeZone = useCustomerTimeZone();

  return (
    <Card data-testid="gift-cards-received">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Gift className="size-5 text-accent" aria-hidden="true" />
          {t('billing.giftCards.title')}
        </h2>
      </CardHeader>
      <CardContent>
        {orders.isPending ? (
          <GiftCardsSkeleton />
        ) : orders.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('billing.giftCards.loadError')}
          </p>
        ) : received.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('billing.giftCards.empty')}</p>
        ) : (
          // One column that may be narrower than a truncated name's full line (grid-cols-1 is minmax(0, 1fr)).
          <ul className="grid grid-cols-1 gap-2">
            {received.map((order) => (
              <li key={order.id} className="flex items-center justify-between gap-3 rounded-xl bg-muted/40 p-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{order.selectedGiftCard ?? t('billing.giftCards.giftCard')}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    <bdi>{order.packageName}</bdi> · {formatSubscriptionDate(order.createdAt, timeZone)}
                  </p>
                  {order.giftCardCode && (
                    <p className="mt-1 text-sm">
                      {t('billing.giftCards.code')} <span className="break-all font-mono font-semibold">{order.giftCardCode}</span>
                    </p>
                  )}
                </div>
                {/* A gift card bought in US dollars, whatever the order's currency (decision 0110). */}
                <span className="tabular shrink-0 font-bold text-success">{formatAmount(order.cashbackAmount, order.cashbackCurrency, pageLocale())}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The spec's 'Gift Cards Received' section; its words load with it (decision 0106). */
export function GiftCardsReceived() {
  return (
    <Suspense fallback={<GiftCardsSkeleton />}>
      <GiftCardsCard />
    </Suspense>
  );
}
