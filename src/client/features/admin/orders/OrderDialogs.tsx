import { useState } from 'react';
import type { AdminOrderSummary } from '#contract/admin-orders';
import { OrderDetailDialog } from './OrderDetailDialog';
import { RefundDialog } from './RefundDialog';
import { useOrderActions } from './use-order-actions';

/** The order open in the detail dialog, the one being asked about a refund, and the actions both use. */
export function useOrderDialogs() {
  const [open, setOpen] = useState<AdminOrderSummary | null>(null);
  const [refunding, setRefunding] = useState<AdminOrderSummary | null>(null);
  const actions = useOrderActions();
  return { open, setOpen, refunding, setRefunding, actions };
}

export type OrderDialogState = ReturnType<typeof useOrderDialogs>;

export function OrderDialogs({ state }: { state: OrderDialogState }) {
  return (
    <>
      <OrderDetailDialog order={state.open} onClose={() => state.setOpen(null)} actions={state.actions} onRefund={state.setRefunding} />
      <RefundDialog order={state.refunding} refund={state.actions.refund} onClose={() => state.setRefunding(null)} />
    </>
  );
}
