import { z } from 'zod';
import { labelField, requiredText } from './fields';

/**
 * A device in its owner's hands (GET /api/devices/:deviceId/status and the actions on one
 * device), the same calls under /api/admin for the store's owner, and the set-top boxes a
 * buyer names by MAC address at checkout. The device itself, as the account page lists it,
 * is the subscriptions contract's deviceCredentialSchema.
 */

/** What a device is: a streaming line signed into with a username and password, or a set-top box known by its MAC. */
export const DEVICE_KINDS = ['line', 'mag'] as const;

/** The first three pairs of every MAG box's MAC address (Infomir's). */
export const MAG_MAC_PREFIX = '00:1A:79';
export const MAC_INVALID = `MAC address must be six pairs of hex digits, such as ${MAG_MAC_PREFIX}:12:34:56`;
export const MAC_REQUIRED = 'MAC address is required';
const MAC_NOT_A_DEVICE = "This MAC address is not a real device's (all zeros, broadcast or multicast): check the sticker under the box";

/**
 * Whether a MAC (upper case with colons) can be one box's own: not all zeros, and not a
 * group address (the lowest bit of the first pair set), which the broadcast FF:FF:FF:FF:FF:FF
 * and multicast ones such as 01:00:5E:... are. No box has one, and the panel would take it.
 */
const isDeviceMac = (mac: string) => mac !== '00:00:00:00:00:00' && (Number.parseInt(mac.slice(0, 2), 16) & 1) === 0;

/**
 * A MAC address: six pairs of hex digits, written with colons, dashes or nothing between
 * them; always answered upper case with colons ('00:1A:79:12:34:56'), so that one box is
 * one spelling; and a device's own, not all zeros, broadcast or multicast.
 */
export const macField = z
  .string({ error: MAC_REQUIRED })
  .trim()
  .min(1, MAC_REQUIRED)
  .regex(/^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/, MAC_INVALID)
  .transform((mac) => (mac.replace(/[:-]/g, '').toUpperCase().match(/../g) ?? []).join(':'))
  .refine(isDeviceMac, MAC_NOT_A_DEVICE);

export const DEVICE_LABEL_MAX = 30;

export const deviceIdParamsSchema = z.object({
  deviceId: requiredText('Device id', 100),
});

/**
 * GET /api/devices/:deviceId/status: the device as the panel sees it now. `available` is
 * false when the panel did not answer in time (3 s); then `online`, `activeConnections` and
 * `lastSeenAt` are null and `enabled` is what the store last knew. `demo` is true when no
 * panel is configured and the store's own record answers.
 */
export const deviceStatusSchema = z.object({
  available: z.boolean(),
  online: z.boolean().nullable(),
  /** Streams playing on the device's line right now. */
  activeConnections: z.number().int().nullable(),
  /** Streams the line may play at once. */
  maxConnections: z.number().int(),
  enabled: z.boolean(),
  /** When the panel last saw the device play, when it says; ISO 8601. */
  lastSeenAt: z.string().nullable(),
  demo: z.boolean(),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

export const DEVICE_CHANGE_EMPTY = 'Give a label or a MAC address to change';

/**
 * PATCH /api/devices/:deviceId: a new label (1-30 characters, the name rules; null takes
 * the label away) and, for a set-top box, a new MAC address.
 */
export const deviceChangeRequestSchema = z
  .object({
    label: labelField('Device name', DEVICE_LABEL_MAX).nullable().optional(),
    mac: macField.optional(),
  })
  .refine((change) => change.label !== undefined || change.mac !== undefined, DEVICE_CHANGE_EMPTY);
export type DeviceChangeRequest = z.input<typeof deviceChangeRequestSchema>;

/** POST /api/devices/:deviceId/password: the new password, shown once; the old one stops working. */
export const devicePasswordResponseSchema = z.object({
  xtreamUsername: z.string(),
  xtreamPassword: z.string(),
});
export type DevicePasswordResponse = z.infer<typeof devicePasswordResponseSchema>;

/** POST /api/admin/subscriptions/:subscriptionId/disable-devices and /enable-devices: how many devices changed. */
export const subscriptionDevicesResponseSchema = z.object({
  subscriptionId: z.string(),
  /** True once the owner disabled every device: the customer can no longer turn them on. */
  suspended: z.boolean(),
  changed: z.number().int(),
});
export type SubscriptionDevicesResponse = z.infer<typeof subscriptionDevicesResponseSchema>;

export const adminSubscriptionParamsSchema = z.object({
  subscriptionId: requiredText('Subscription id', 100),
});

export const DEVICE_NOT_FOUND = 'Device not found';
export const NOT_A_SET_TOP_BOX = 'Only a set-top box has a MAC address';
export const MAC_IN_USE = 'This MAC address is already on an active subscription';
export const ALREADY_A_SET_TOP_BOX = 'This device is already a set-top box: change its MAC address instead';
export const DEVICE_PANEL_FAILED = 'The streaming service did not accept the change. Please try again in a few minutes.';

/** Why the devices of a subscription that is not running cannot be changed. */
export const DEVICE_REFUSALS = {
  expired: 'This subscription has expired. Renew it to manage its devices.',
  cancelled: 'This subscription was cancelled when its order was refunded, so its devices can no longer be changed.',
  suspended: 'The store has suspended the devices of this subscription. Please contact support.',
  pending_activation: 'This subscription starts when its streaming box is activated. Activate it to manage its devices.',
  removed: 'This device is no longer part of the subscription. Renew with more devices to use it again.',
} as const;

/** The 429 of each limited device action, with the minutes until it is allowed again. */
export const deviceLimitMessage = (action: string, minutes: number) =>
  `Too many ${action} on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * One set-top box by its MAC: each of the checkout body's optional `setTopBoxes` takes the place
 * of one of the order's devices, and the body of POST /api/devices/:deviceId/set-top-box turns
 * the owner's line device into a box (answered as the account lists the device).
 */
export const setTopBoxSchema = z.object({ mac: macField });
export type SetTopBoxRequest = z.input<typeof setTopBoxSchema>;
export const SET_TOP_BOXES_INVALID = 'Set-top boxes must be a list of { mac } entries';
export const MORE_BOXES_THAN_DEVICES = 'More set-top boxes than devices: each box takes the place of one device';
export const SAME_MAC_TWICE = 'The same MAC address is given for two set-top boxes';
export const BOXES_NOT_ON_RENEWAL = 'Set-top boxes are chosen when buying a subscription, not when renewing one';
