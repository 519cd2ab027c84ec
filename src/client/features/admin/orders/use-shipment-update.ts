import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminShipmentSchema } from '#contract/admin-shipments';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

export interface ShipmentForm {
  status: 'processing' | 'shipped' | 'delivered';
  carrier: string;
  trackingNumber: string;
  /** A day, 'YYYY-MM-DD', or '' for none. */
  estimatedDelivery: string;
}

/** The form as PATCH /api/admin/shipments/:orderId takes it: blanks as null, a day as its noon in UTC (the same date in every time zone of the buyers). */
const shipmentChanges = (form: ShipmentForm) => ({
  status: form.status,
  carrier: form.carrier.trim(),
  trackingNumber: form.trackingNumber.trim() || null,
  estimatedDelivery: form.estimatedDelivery ? `${form.estimatedDelivery}T12:00:00Z` : null,
});

export function useShipmentUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, form }: { orderId: string; form: ShipmentForm }) =>
      api(adminApiRoutes.shipment(orderId), { method: 'PATCH', body: shipmentChanges(form), schema: adminShipmentSchema }),
    onSuccess: (shipment) =>
      toast({
        title: 'Shipment Saved',
        description: `Order ${shipment.orderId}: ${shipment.status}${shipment.trackingNumber ? `, ${shipment.carrier} tracking ${shipment.trackingNumber}` : ''}.`,
      }),
    onError: (error) => toast({ title: 'Shipment Not Saved', description: messageOr(error, 'The shipment could not be saved. Please try again.'), variant: 'destructive' }),
    // The navigation's count of boxes to ship drops as a box leaves.
    onSettled: () => Promise.all([adminKeys.orders, adminKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
