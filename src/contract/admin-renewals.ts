import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { RENEWAL_CHARGE_STATUSES } from '#domain/renewal-charges';
import { SUBSCRIPTION_STATUSES } from '#domain/subscription-status';
import { moneyText } from './packages';

/**
 * The admin's Renewals section (decision 0045): the automatic renewals to come with
 * their expected revenue, the ones that failed with their reason, and every auto-renewing
 * subscription with its card. Amounts are the server's (today's prices); dates ISO 8601.
 */

/** The windows of the forecast, in days from now. */
export const RENEWAL_FORECAST_DAYS = [7, 30] as const;

/** One currency's share of a window: each renewal is charged in the currency its subscription was last paid in (decision 0104). */
const currencyForecastSchema = z.object({
  currency: z.enum(SUPPORTED_CURRENCIES),
  count: z.number().int(),
  expectedRevenue: moneyText,
});
export type CurrencyForecast = z.infer<typeof currencyForecastSchema>;

export const renewalForecastSchema = z.object({
  days: z.number().int(),
  /** Auto-renewing subscriptions expiring within the window, in every currency: a count adds up. */
  count: z.number().int(),
  /** What the USD renewals would charge at today's prices: the store's default currency, never a sum across currencies (decision 0105). */
  expectedRevenue: moneyText,
  /** Each currency's renewals and what they would charge at today's prices in that currency's list: USD first and always, then each other currency with a renewal. */
  byCurrency: z.array(currencyForecastSchema),
});

const cardSummarySchema = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() });

/**
 * A renewal that charged nothing and needs a look: declined on every attempt, waiting for
 * 3-D Secure, or its package gone. Listed until an admin dismisses it, or its subscription is
 * renewed otherwise, refunded or no longer renews automatically (decision 0077).
 */
export const adminFailedRenewalSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  /** The subscription's first order: how the admin's other lists name it. */
  orderId: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  packageName: z.string(),
  periodEnd: z.string(),
  amount: moneyText.nullable(),
  /** The currency of `amount`: the one the subscription was last paid in, which its renewal is charged in (decision 0104). */
  currency: z.enum(SUPPORTED_CURRENCIES),
  status: z.enum(RENEWAL_CHARGE_STATUSES),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  /** When it came to this: the last attempt declined, the bank asked for 3-D Secure, the package was found gone. */
  failedAt: z.string(),
});
export type AdminFailedRenewal = z.infer<typeof adminFailedRenewalSchema>;

export const adminRenewalOverviewSchema = z.object({
  upcoming: z.array(renewalForecastSchema),
  failed: z.array(adminFailedRenewalSchema),
});
export type AdminRenewalOverview = z.infer<typeof adminRenewalOverviewSchema>;

/** One auto-renewing subscription, soonest expiry first. */
export const adminAutoRenewingSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  orderId: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  packageName: z.string(),
  deviceCount: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  expirationDate: z.string(),
  /** When the card is charged: 3 days before expiry. */
  nextChargeAt: z.string(),
  /** The current period's charge, once it has one; retryAt: when a declined charge is tried again (ISO), null otherwise. */
  renewal: z
    .object({ id: z.string(), status: z.enum(RENEWAL_CHARGE_STATUSES), attempts: z.number().int(), reason: z.string().nullable(), retryAt: z.string().nullable() })
    .nullable(),
  card: cardSummarySchema.nullable(),
});
export type AdminAutoRenewingSubscription = z.infer<typeof adminAutoRenewingSubscriptionSchema>;
export const adminAutoRenewingListSchema = z.array(adminAutoRenewingSubscriptionSchema);

export const renewalIdParamsSchema = z.object({ renewalId: z.uuid({ error: 'Renewal not found' }) });
export const renewalSubscriptionParamsSchema = z.object({ subscriptionId: z.uuid({ error: 'Subscription not found' }) });

/** What an admin's action answers: the outcome in words, for the toast. */
export const adminRenewalActionSchema = z.object({ message: z.string() });

export const RENEWAL_NOT_RETRYABLE = 'Only a failed, scheduled or unconfirmed renewal can be retried';
export const AUTO_RENEW_ALREADY_OFF = 'Automatic renewal is already off for this subscription';
export const RENEWAL_RETRY_MESSAGES: Record<string, string> = {
  succeeded: 'Renewal charged: the subscription is extended',
  declined: 'The card was declined again; the next attempt follows the retry schedule',
  failed: 'The card was declined again; no attempt is left',
  requires_action: 'The bank asks the customer to confirm: they were emailed a link',
  provider_unavailable: 'The card provider did not answer; the next pass tries again',
  cancelled: 'Nothing charged: automatic renewal is off or the period was renewed otherwise',
  skipped: 'Nothing charged: the package is no longer sold',
  busy: 'Another run is charging this renewal now',
};
export const AUTO_RENEW_CANCELLED = 'Automatic renewal turned off';
export const RENEWAL_DISMISSED = 'Failed renewal dismissed: it no longer shows in this list';
export const RENEWAL_ALREADY_DISMISSED = 'This failed renewal was already dismissed';
export const RENEWAL_NOT_DISMISSIBLE = 'Only a failed renewal can be dismissed';
