import { formatDistance } from 'date-fns';
import type { AdminStats } from '#contract/admin';
import { formatForAdmin, isCurrencyCode, money, SUPPORTED_CURRENCIES, type CurrencyCode } from '#domain/currencies';
import { dateTimeInTimeZone, dayInTimeZone } from '#domain/store-time';
import { awaitsActivation, STARTS_ON_ACTIVATION } from '#domain/subscription-status';
import type { BadgeProps } from '../../../components/ui/badge';

/** What the admin pages show of a record's fields (spec sections 2, 4 and 9). */

type BadgeVariant = NonNullable<BadgeProps['variant']>;

/** A status as a badge: its words with underscores as spaces, in its tone, grey for any status without one. */
const toneOf = (tones: Record<string, BadgeVariant>) => (status: string) => ({ label: status.replace(/_/g, ' '), variant: tones[status] ?? 'secondary' });

/** Active green, expired red, pending_activation yellow, any other grey (a refunded order's 'cancelled' too). */
export const adminStatusBadge = toneOf({ active: 'success', expired: 'destructive', pending_activation: 'warning' });

/** The admin lists show only the tail of an order id (SP-1712345678901-123 -> 8901-123). */
export const shortOrderId = (orderId: string) => orderId.slice(-8);

/**
 * An API amount in its currency as the admin reads it (English, decision 0105): '$15.99',
 * '€12,480.50', 'R$79.90', '£12.99'. Read from the text into minor units, not through a
 * decimal number: the totals may pass the eight digits the domain's money parser accepts for
 * one order. Any other text is shown as it came.
 */
export function formatAmount(amount: string, currency: CurrencyCode): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole = '', cents = ''] = match;
  return formatForAdmin(money(Number(`${sign}${whole}${cents}`), currency));
}

/**
 * An amount with the code a provider or an older record gives, in any case ('usd', 'EUR'): in
 * its currency when the store sells in it ('€15.99'), else the amount and the code ('15.99 JPY').
 */
export function formatAmountIn(amount: string, code: string): string {
  const currency = code.toUpperCase();
  return isCurrencyCode(currency) ? formatAmount(amount, currency) : `${amount} ${currency}`;
}

/** An amount of the store's default currency (a package's price, a coupon's value): '$15.99', '$12,480.50'. */
export const dollars = (amount: string): string => formatAmount(amount, 'USD');

/**
 * A figure kept per currency as one line, each amount in its own currency and never added
 * to another (decision 0105): '$15.99 · €14.99 · R$79.90'; USD first and always, then each
 * other currency the map holds. A store selling in USD alone reads as before: '$15.99'.
 */
export function amountsByCurrency(usd: string, byCurrency: Partial<Record<CurrencyCode, string>>): string {
  return SUPPORTED_CURRENCIES.flatMap((currency) => {
    const amount = currency === 'USD' ? usd : byCurrency[currency];
    return amount === undefined ? [] : [formatAmount(amount, currency)];
  }).join(' · ');
}

/** One currency's row of the dashboard's "Revenue by currency" panel, its amounts written in it. */
export interface CurrencyFigures {
  currency: CurrencyCode;
  total: string;
  thisMonth: string;
  paidOrders: number;
}

/**
 * The dashboard's figures per currency (GET /api/admin/stats's maps), one row per currency
 * the store has taken money in, USD first: never a sum across currencies (decision 0105).
 */
export function currencyFigures(revenue: AdminStats['revenue']): CurrencyFigures[] {
  return SUPPORTED_CURRENCIES.flatMap((currency) => {
    const total = revenue.byCurrency[currency];
    if (total === undefined) return [];
    return [
      {
        currency,
        total: formatAmount(total, currency),
        thisMonth: formatAmount(revenue.thisMonthByCurrency[currency] ?? '0.00', currency),
        paidOrders: revenue.paidOrdersByCurrency[currency] ?? 0,
      },
    ];
  });
}

/** '2026-11-25T14:55:00Z' as 'Nov 26, 2026' in Pacific/Auckland: the day in the store's time zone (decision 0034). */
export function adminDate(iso: string | null, timeZone: string): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : dayInTimeZone(date, timeZone);
}

/** A subscription's expiry day, or 'Starts on activation' for a box not yet used, whose time has not begun. */
export function adminExpiry(subscription: { status: string; expirationDate: string | null }, timeZone: string): string {
  return awaitsActivation(subscription.status) ? STARTS_ON_ACTIVATION : adminDate(subscription.expirationDate, timeZone);
}

/**
 * A lapsed subscription's state beside its 'expired' badge (decision 0046): still
 * running through its grace period, or suspended; null for any other.
 */
export function adminLapse(subscription: { graceEndsAt: string | null; graceSuspended: boolean }, timeZone: string): string | null {
  if (subscription.graceEndsAt) return `Grace period until ${adminDateTime(subscription.graceEndsAt, timeZone)}`;
  return subscription.graceSuspended ? 'Suspended (expired)' : null;
}

/** '5 minutes ago' as of `now`, for the notifications tab. */
export const timeAgo = (iso: string, now: number) => formatDistance(new Date(iso), new Date(now), { addSuffix: true });

/** A count as '12,480'. */
export const count = (value: number) => value.toLocaleString('en-US');

/** 'Showing 26-50 of 120' with whether there is a page either side, for the list controls. */
export function pageSummary(offset: number, shown: number, total: number | null, limit: number) {
  const known = total ?? offset + shown;
  return {
    text: shown === 0 ? `0 of ${count(known)}` : `${count(offset + 1)}-${count(offset + shown)} of ${count(known)}`,
    hasPrevious: offset > 0,
    hasNext: total === null ? shown === limit : offset + shown < total,
  };
}

/**
 * An order's payment status: completed green, pending and needs_review amber (someone or
 * something still has to act), failed red, refunded grey (settled, nothing owed).
 */
export const paymentStatusBadge = toneOf({ completed: 'success', pending: 'warning', needs_review: 'warning', failed: 'destructive', disputed: 'destructive', disputed_lost: 'destructive' });

/** '2026-11-24T10:15:00Z' as 'Nov 24, 2026, 10:15 AM' in UTC, on the store's clock, for the order and audit timelines. */
export function adminDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTimeInTimeZone(date, timeZone);
}

const shown = (value: unknown) => (value === null || value === undefined ? 'none' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * An audit entry's changes, one line per field: 'hidden: false → true'. A field with no
 * 'before' (what a refund returned, a sign-in's address) is shown as it is: 'address: 203.0.113.7'.
 */
export function auditChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => (field in before ? `${field}: ${shown(before[field])} → ${shown(after[field])}` : `${field}: ${shown(after[field])}`));
}
