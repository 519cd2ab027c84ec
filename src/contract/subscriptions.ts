import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '#domain/subscription-status';
import { DEVICE_KINDS } from './devices';
import { requiredText } from './fields';

/**
 * The account page's subscriptions (spec section 3 "Subscription (account page)") and the
 * streaming box activation. Dates are ISO 8601 strings.
 */

export const deviceCredentialSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  deviceNumber: z.number().int(),
  isActive: z.boolean(),
  xtreamUsername: z.string(),
  xtreamPassword: z.string(),
  /** The owner's name for the device, kept by the store alone; null until given. */
  label: z.string().nullable(),
  /** The XMLTV guide: `{server}/xmltv.php?username=...&password=...`. */
  epgUrl: z.string(),
  /** A line signs in with username and password; a MAG / Enigma2 box is known by its MAC and uses the portal. */
  kind: z.enum(DEVICE_KINDS),
  /** A box's MAC address, upper case with colons; null for a line. */
  mac: z.string().nullable(),
  /** The portal address to enter on a box; null for a line. */
  portalUrl: z.string().nullable(),
  /** False while the owner (or the store) turned the device off; isActive stays whether the subscription covers it. */
  enabled: z.boolean(),
});
export type DeviceCredential = z.infer<typeof deviceCredentialSchema>;

export const shipmentSchema = z.object({
  /** processing | shipped | delivered */
  status: z.string(),
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  actualDelivery: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Null while a streaming box waits for activation: its clock has not started. */
  startDate: z.string().nullable(),
  expirationDate: z.string(),
  /** Devices the subscription currently covers (its active credentials). */
  deviceCount: z.number().int(),
  remainingDays: z.number().int(),
  remainingHours: z.number().int(),
  package: z.object({
    id: z.string(),
    name: z.string(),
    duration: z.string(),
  }),
  /** Empty until provisioning has run: the page shows 'Credentials Generating'. */
  deviceCredentials: z.array(deviceCredentialSchema),
  /** The server address shared by every device. */
  xtreamUrl: z.string(),
  /** The streaming box's delivery, for a box order; null otherwise. */
  shipment: shipmentSchema.nullable(),
  /** True when the owner may activate now: a box waiting for activation that was delivered. */
  canActivate: z.boolean(),
  /** An expired subscription whose lines still run: the end of its grace period (issue 21 point 6); null otherwise. */
  graceEndsAt: z.string().nullable(),
  /** An expired subscription whose lines the store turned off after its grace period; a renewal turns them on. */
  suspended: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.array(subscriptionSchema);

/** GET /api/subscriptions takes any cache-busting query parameter and ignores it. */
export const subscriptionListQuerySchema = z.looseObject({});

export const subscriptionIdParamsSchema = z.object({
  id: requiredText('Subscription id', 100),
});

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const NOT_AWAITING_ACTIVATION = 'Only a streaming box subscription waiting for activation can be activated';
export const BOX_NOT_DELIVERED = 'Your streaming box has not been delivered yet. You can activate it once it arrives.';
export const NOT_RENEWABLE = 'This subscription can be renewed once its streaming box is activated';
