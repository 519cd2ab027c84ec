import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { SUBSCRIPTION_STATUSES } from '#domain/subscription-status';
import { DEVICE_KINDS } from './devices';
import { requiredText } from './fields';
import { moneyText } from './packages';

/**
 * The account page's subscriptions (spec section 3 "Subscription (account page)") and the
 * streaming box activation. Dates are ISO 8601 strings.
 */

export const deviceCredentialSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  deviceNumber: z.number().int(),
  /** The subscription covers the device and runs: false once it ended, or lapsed past its grace or was suspended after it (decision 0046). */
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
  /** False while the owner (or the store) turned the device off; isActive stays whether the subscription covers it and runs. */
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

/** A card as its owner recognises it: Stripe's lower-case brand ('visa'), last four digits, expiry. */
export const savedCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCardSummary = z.infer<typeof savedCardSchema>;

/**
 * off: auto-renew is off; scheduled: on, and no decline this period; retrying: declined, tried
 * again at nextAttemptAt; failed: declined on every attempt; needs_authentication: the bank
 * asks the customer to confirm (3-D Secure).
 */
export const RENEWAL_STATES = ['scheduled', 'retrying', 'failed', 'needs_authentication', 'off'] as const;
export const subscriptionRenewalSchema = z.object({
  state: z.enum(RENEWAL_STATES),
  /** ISO; set while retrying. */
  nextAttemptAt: z.string().nullable(),
  /** The last decline's reason in plain words; null without one. */
  lastDeclineMessage: z.string().nullable(),
});
export type SubscriptionRenewal = z.infer<typeof subscriptionRenewalSchema>;

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
  /** The saved card is charged before each expiry (decision 0044). */
  autoRenew: z.boolean(),
  /** The card renewals charge; null when none is saved for it. */
  savedCard: savedCardSchema.nullable(),
  /** When the saved card is next charged (ISO): expiry minus RENEWAL_CHARGE_DAYS_BEFORE, for an active auto-renewing subscription with a card; null otherwise. */
  nextChargeAt: z.string().nullable(),
  /** What that charge takes, as the server prices a renewal today ('15.00'), in `currency`; null when there is none. */
  nextChargeAmount: moneyText.nullable(),
  /**
   * The currency the subscription renews in, its last paid order's (decision 0104), and so of
   * nextChargeAmount; USD when that currency's price list lacks the package (decision 0114).
   */
  currency: z.enum(SUPPORTED_CURRENCIES),
  /** An expired subscription whose lines still run: the end of its grace period (decision 0046); null otherwise. */
  graceEndsAt: z.string().nullable(),
  /** An expired subscription whose lines the store turned off after its grace period; a renewal turns them on. */
  suspended: z.boolean(),
  /** Where the automatic renewal of the current period stands (decision 0045). */
  renewal: subscriptionRenewalSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.array(subscriptionSchema);

/** GET /api/subscriptions takes any cache-busting query parameter and ignores it. */
export const subscriptionListQuerySchema = z.looseObject({});

export const subscriptionIdParamsSchema = z.object({
  id: requiredText('Subscription id', 100),
});

/** The account page's query parameter that opens a subscription's "Update card" dialog: the renewal emails' button. */
export const UPDATE_CARD_PARAM = 'update-card';
export const updateCardPath = (subscriptionId: string) => `/account?${UPDATE_CARD_PARAM}=${encodeURIComponent(subscriptionId)}`;

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const AUTO_RENEW_NEEDS_CARD = 'Add a card to this subscription before turning on automatic renewal';
export const AUTO_RENEW_NOT_POSSIBLE = 'This subscription was cancelled and cannot renew automatically';
export const NOT_AWAITING_ACTIVATION = 'Only a streaming box subscription waiting for activation can be activated';
export const BOX_NOT_DELIVERED = 'Your streaming box has not been delivered yet. You can activate it once it arrives.';
export const NOT_RENEWABLE = 'This subscription can be renewed once its streaming box is activated';

/** PATCH /api/subscriptions/:id/auto-renew */
export const autoRenewRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

/** POST /api/subscriptions/:id/card-setup: what the browser needs to save a card with the provider. */
export const cardSetupResponseSchema = z.object({
  provider: z.enum(['stripe', 'demo']),
  clientSecret: z.string(),
  setupIntentId: z.string(),
});
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

/** Stripe's and the demo's SetupIntent ids: seti_ then letters, digits, underscores. */
export const setupIntentIdSchema = z
  .string({ error: 'Setup intent id is required' })
  .regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'Invalid setup intent id');

/** POST /api/subscriptions/:id/card: the confirmed SetupIntent whose card renewals charge from now on. */
export const updateCardRequestSchema = z.object({ setupIntentId: setupIntentIdSchema });

export const CARD_SETUP_NOT_FOUND = 'Card setup not found';
export const CARD_NOT_SAVED = 'Your card was not saved. Please try another card.';
/** More "Update card" attempts in a day than CARD_SETUPS_PER_DAY. */
export const cardSetupLimitMessage = (minutes: number) =>
  `Too many card updates on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
