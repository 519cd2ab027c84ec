import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardDeliverySchema } from '#contract/admin-orders';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/api-routes';
import { adminKeys } from '../../../lib/query-keys';

/** POST /api/admin/orders/:orderId/gift-card, confirmed by a toast; the queue, the orders and the navigation's counts are asked again either way. */
export function useGiftCardDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, delivered }: { orderId: string; delivered: boolean }) =>
      api(adminApiRoutes.giftCard(orderId), { method: 'POST', body: { delivered }, schema: giftCardDeliverySchema }),
    onSuccess: (result) => toast({ title: result.giftCardDelivered ? 'Gift Card Delivered' : 'Gift Card Not Delivered', description: result.message }),
    onError: (error) => toast({ title: 'Update Failed', description: messageOr(error, 'The gift card could not be updated. Please try again.'), variant: 'destructive' }),
    onSettled: () => Promise.all([adminKeys.owedGiftCards, adminKeys.orders, adminKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
