import { CheckCircle2, Gift, Loader2, RotateCw, Undo2 } from 'lucide-react';
import type { AdminOrderSummary } from '#contract/admin-orders';
import { giftCardOwed } from '#domain/gift-card';
import { sameDayInTimeZone } from '#domain/store-time';
import { Button } from '../../../components/ui/button';
import { giftCardFacts } from './gift-card-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { useGiftCardDelivery } from './use-gift-card-delivery';
import type { OrderActions } from './use-order-actions';

const REFUNDABLE = ['completed', 'needs_review'];

/**
 * The actions an order's state allows: honour a needs_review order, refund a paid or
 * held one (asked first, by the caller's dialog), retry provisioning of a paid order
 * without logins (`missingCredentials`, known from its detail), mark its gift card sent while it is owed,
 * and undo that on the store day it was marked.
 */
export function OrderActionButtons({
  order,
  actions,
  onRefund,
  missingCredentials = false,
}: {
  order: AdminOrderSummary;
  actions: OrderActions;
  onRefund: (order: AdminOrderSummary) => void;
  missingCredentials?: boolean;
}) {
  const giftCard = useGiftCardDelivery();
  const timeZone = useStoreTimeZone();
  const busy = (mutation: { isPending: boolean; variables?: { orderId: string } | undefined }) => mutation.isPending && mutation.variables?.orderId === order.id;
  const paid = order.paymentStatus === 'completed';
  const named = <span className="sr-only"> order {order.id}</span>;
  // Offered on the store day the card was marked delivered, as the server allows (features/orders/gift-cards.ts).
  const undoable = paid && order.giftCardDelivered && order.giftCardDeliveredAt !== null && sameDayInTimeZone(new Date(order.giftCardDeliveredAt), new Date(), timeZone);

  return (
    <div className="flex flex-wrap gap-2">
      {order.paymentStatus === 'needs_review' && (
        <Button size="sm" onClick={() => actions.honour.mutate({ orderId: order.id })} disabled={busy(actions.honour)}>
          {busy(actions.honour) ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {busy(actions.honour) ? 'Honouring...' : 'Honour'}
          {named}
        </Button>
      )}
      {paid && missingCredentials && (
        <Button size="sm" variant="outline" onClick={() => actions.retryProvisioning.mutate({ orderId: order.id })} disabled={busy(actions.retryProvisioning)}>
          {busy(actions.retryProvisioning) ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
          {busy(actions.retryProvisioning) ? 'Retrying...' : 'Retry Provisioning'}
          {named}
        </Button>
      )}
      {giftCardOwed(giftCardFacts(order)) && (
        <Button size="sm" variant="outline" onClick={() => giftCard.mutate({ orderId: order.id, delivered: true })} disabled={busy(giftCard)}>
          {busy(giftCard) ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Gift aria-hidden="true" />}
          {busy(giftCard) ? 'Marking...' : 'Mark Gift Card Delivered'}
          {named}
        </Button>
      )}
      {undoable && (
        <Button size="sm" variant="outline" onClick={() => giftCard.mutate({ orderId: order.id, delivered: false })} disabled={busy(giftCard)}>
          {busy(giftCard) ? 'Undoing...' : 'Undo Gift Card Delivery'}
          {named}
        </Button>
      )}
      {REFUNDABLE.includes(order.paymentStatus) && (
        <Button size="sm" variant="outline" className="border-destructive/50 text-destructive hover:bg-destructive/10" onClick={() => onRefund(order)} disabled={busy(actions.refund)}>
          <Undo2 aria-hidden="true" />
          Refund
          {named}
        </Button>
      )}
    </div>
  );
}
