import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderPaths, giftCardDeliverySchema } from '#contract/admin-orders';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

/** POST /api/admin/orders/:orderId/gift-card, confirmed by a toast; the queue and the orders are asked again either way. */
export function useGiftCardDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, delivered }: { orderId: string; delivered: boolean }) =>
      giftCardDeliverySchema.parse(await (await apiRequest('POST', adminOrderPaths.giftCard(orderId), { delivered })).json()),
    onSuccess: (result) => toast({ title: result.giftCardDelivered ? 'Gift Card Delivered' : 'Gift Card Not Delivered', description: result.message }),
    onError: (error) => toast({ title: 'Update Failed', description: serverMessage(error, 'The gift card could not be updated. Please try again.'), variant: 'destructive' }),
    onSettled: () => Promise.all([adminKeys.owedGiftCards, adminKeys.orders].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
