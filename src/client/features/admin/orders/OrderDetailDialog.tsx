import { AlertCircle } from 'lucide-react';
import type { AdminOrderSummary } from '#contract/admin-orders';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageOr } from '../../../lib/api';
import { PaymentStatusBadge } from '../shared/AdminStatusBadge';
import { adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { BlockBuyerSection } from '../blocklist/BlockBuyerSection';
import { canOpen } from '../shared/admin-sections';
import { useStaffRole } from '../shared/use-admin-queries';
import { useAdminOrder } from './order-queries';
import { OrderActionButtons } from './OrderActionButtons';
import { OrderDetailSections } from './OrderDetailSections';
import type { OrderActions } from './use-order-actions';

function OrderDetail({ orderId, actions, onRefund }: { orderId: string; actions: OrderActions; onRefund: (order: AdminOrderSummary) => void }) {
  const detail = useAdminOrder(orderId);
  const role = useStaffRole();
  if (detail.isError) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm" role="alert">
        <AlertCircle className="size-4 text-destructive" aria-hidden="true" />
        {messageOr(detail.error, 'This order could not be loaded.')}
      </p>
    );
  }
  if (!detail.data) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  const { order, subscription } = detail.data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <PaymentStatusBadge order={order} />
          {order.packageName}, {order.deviceCount} {order.deviceCount === 1 ? 'device' : 'devices'}
        </p>
        <OrderActionButtons order={order} actions={actions} onRefund={onRefund} missingCredentials={!subscription || subscription.credentials.length === 0} />
      </div>
      <OrderDetailSections detail={detail.data} canSubmitEvidence={canOpen(role, 'blocklist')} />
      {/* Blocking is the owner's, as the Blocklist section is (decisions 0098, 0099). */}
      {canOpen(role, 'blocklist') && <BlockBuyerSection orderId={order.id} />}
    </>
  );
}

/** One order in a dialog over the list, opened from its row; its actions act on it in place. */
export function OrderDetailDialog({
  order,
  onClose,
  actions,
  onRefund,
}: {
  order: Pick<AdminOrderSummary, 'id' | 'createdAt'> | null;
  onClose: () => void;
  actions: OrderActions;
  onRefund: (order: AdminOrderSummary) => void;
}) {
  const timeZone = useStoreTimeZone();
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="order-detail">
        <DialogHeader>
          <DialogTitle className="break-all">Order {order?.id}</DialogTitle>
          <DialogDescription>Placed {adminDateTime(order?.createdAt ?? null, timeZone)}</DialogDescription>
        </DialogHeader>
        {order && <OrderDetail orderId={order.id} actions={actions} onRefund={onRefund} />}
      </DialogContent>
    </Dialog>
  );
}
