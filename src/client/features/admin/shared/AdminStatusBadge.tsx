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

export function PaymentStatusBadge({ status }: { status: string }) {
  const { label, variant } = paymentStatusBadge(status);
  return (
    <Badge variant={variant} className="whitespace-nowrap capitalize" data-testid="payment-status">
      {label}
    </Badge>
  );
}
