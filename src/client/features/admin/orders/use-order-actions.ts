import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderActionSchema, REFUND_KEY_HEADER, type AdminOrderAction, type RefundRequest } from '#contract/admin-orders';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

/** What an action on an order changes on the admin pages: the orders (and their detail), the records, the figures, the gift-card queue. */
function useRefreshAfterOrderChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([adminKeys.orders, adminKeys.customers, adminKeys.stats, adminKeys.owedGiftCards].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

function useOrderAction<Body>(path: (orderId: string) => string, done: string | ((result: AdminOrderAction) => string), failed: string, fallback: string) {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    // `key`: the refund dialog's Idempotency-Key, so a repeated press is one refund (decision 0036).
    mutationFn: ({ orderId, body, key }: { orderId: string; body?: Body; key?: string }) =>
      api(path(orderId), { method: 'POST', body: body ?? {}, ...(key ? { headers: { [REFUND_KEY_HEADER]: key } } : {}), schema: adminOrderActionSchema }),
    onSuccess: (result) => toast({ title: typeof done === 'string' ? done : done(result), description: result.message }),
    onError: (error) => toast({ title: failed, description: messageOr(error, fallback), variant: 'destructive' }),
    onSettled: refresh,
  });
}

/** Refund, honour and retry-provisioning of one order, each confirmed by a toast in the server's words. */
export function useOrderActions() {
  return {
    // A part of the total given back leaves the order paid (decision 0036): the title says which happened.
    refund: useOrderAction<RefundRequest>(adminApiRoutes.refund, (result) => (result.paymentStatus === 'refunded' ? 'Order Refunded' : 'Partly Refunded'), 'Refund Failed', 'The order could not be refunded. Please try again.'),
    honour: useOrderAction<never>(adminApiRoutes.honour, 'Order Honoured', 'Honour Failed', 'The order could not be honoured. Please try again.'),
    retryProvisioning: useOrderAction<never>(
      adminApiRoutes.retryProvisioning,
      'Provisioning Restarted',
      'Provisioning Not Restarted',
      'Provisioning could not be restarted. Please try again.',
    ),
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
