import { z } from 'zod';
import { instantField } from './dates';
import { requiredText } from './fields';

/** PATCH /api/admin/shipments/:orderId: where an order's streaming box is on its way. */
export const SHIPMENT_STATUSES = ['processing', 'shipped', 'delivered'] as const;
const SHIPMENT_FIELDS = ['status', 'carrier', 'trackingNumber', 'estimatedDelivery'] as const;

export const SHIPMENT_NOT_FOUND = 'This order has no streaming box to ship';
export const TRACKING_NUMBER_NEEDED = 'A shipped box needs its tracking number';

export const shipmentChangesSchema = z
  .strictObject(
    {
      status: z.enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(', ')}` }).optional(),
      carrier: requiredText('Carrier', 50).optional(),
      trackingNumber: requiredText('Tracking number', 64).nullable().optional(),
      estimatedDelivery: instantField('estimatedDelivery', '2026-12-31T12:00:00Z').nullable().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field ${issue.keys.join(', ')}: a shipment's ${SHIPMENT_FIELDS.join(', ')} can be changed`
          : `Send the shipment's changes as a JSON object of ${SHIPMENT_FIELDS.join(', ')}`,
    },
  )
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), `Nothing to change: send at least one of ${SHIPMENT_FIELDS.join(', ')}`);
export type ShipmentChanges = z.output<typeof shipmentChangesSchema>;

export const shipmentOrderParamsSchema = z.object({ orderId: requiredText('Order ID', 64) });

export const adminShipmentSchema = z.object({
  orderId: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  actualDelivery: z.string().nullable(),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;
