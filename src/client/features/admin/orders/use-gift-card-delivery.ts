import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardDeliverySchema, type GiftCardDeliveryRequest } from '#contract/admin-orders';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

/**
 * POST /api/admin/orders/:orderId/gift-card (a delivery with its optional code and note, or
 * its undo), confirmed by a toast; the queue, the orders and the navigation's counts are asked
 * again either way.
 */
export function useGiftCardDelivery({ onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: GiftCardDeliveryRequest & { orderId: string }) =>
      api(adminApiRoutes.giftCard(orderId), { method: 'POST', body, schema: giftCardDeliverySchema }),
    onSuccess: (result) => {
      toast({ title: result.giftCardDelivered ? 'Gift Card Delivered' : 'Gift Card Delivery Undone', description: result.message });
      onDone?.();
    },
    onError: (error) => toast({ title: 'Update Failed', description: messageOr(error, 'The gift card could not be updated. Please try again.'), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([adminKeys.owedGiftCards, adminKeys.orders, adminKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
