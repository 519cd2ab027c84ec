import { shownPaymentStatus } from '#domain/refunds';
import { Badge } from '../../../components/ui/badge';
import { adminStatusBadge, paymentStatusBadge } from './admin-view';

/** A subscription's status in the spec's admin colours; 'cancelled' (a refunded order's) is grey like any other. */
export function AdminStatusBadge({ status }: { status: string }) {
  const { label, variant } = adminStatusBadge(status);
  return (
    <Badge variant={variant} className="capitalize" data-testid="admin-status">
      {label}
    </Badge>
  );
}

/** An order's payment status as the owner reads it: a completed order with part of it refunded reads 'partly refunded'. */
export function PaymentStatusBadge({ order }: { order: { paymentStatus: string; refundedAmount: string } }) {
  const { label, variant } = paymentStatusBadge(shownPaymentStatus(order));
  return (
    // "Partly refunded", the longest, may take two lines: the orders table fits 1280 px beside the navigation.
    <Badge variant={variant} className="capitalize" data-testid="payment-status">
      {label}
    </Badge>
  );
}
