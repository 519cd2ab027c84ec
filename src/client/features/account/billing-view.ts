import type { BillingPayment, ReceiptLine } from '#contract/billing';
import type { BillingStatus } from '#domain/billing';
import { formatPrice, money, type CurrencyCode } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import type { StatusTone } from './subscription-view';

/** A message of the billing area with its arguments, in the page's language (format-message.ts). */
type Format = (key: string, values: Record<string, string | number>) => string;
type Translate = (key: string) => string;

/** The words (a billing.json key) and colour of a payment's status (UI.md: green for success, red for failure, amber for what is in between). */
export const BILLING_STATUS_BADGES: { readonly [status in BillingStatus]: { key: string; tone: StatusTone } } = {
  paid: { key: 'billing.status.paid', tone: 'success' },
  part_paid: { key: 'billing.status.part_paid', tone: 'warning' },
  partly_refunded: { key: 'billing.status.partly_refunded', tone: 'warning' },
  refunded: { key: 'billing.status.refunded', tone: 'secondary' },
  failed: { key: 'billing.status.failed', tone: 'destructive' },
};

/** An amount of the API ('15.99', '-2.20') in its currency, as a reader of `locale` writes it: '$15.99', '-$2.20', '€ 14,99'. */
export function formatAmount(amount: string, currency: CurrencyCode, locale: string): string {
  return formatPrice(money(parseMoney(amount), currency), locale);
}

/** '1 Month Premium (1 Month)': the package as the receipt email names it, kept whole in a right-to-left line. */
export const packageLabel = (purchase: BillingPayment['purchase']) => `${purchase.packageName} (${purchase.packageDuration})`;

/** What came with the package beyond it: '2 devices', '1 set-top box'. */
export function purchaseExtras(purchase: BillingPayment['purchase'], format: Format): string[] {
  return [
    ...(purchase.deviceCount > 1 ? [format('billing.devices', { count: purchase.deviceCount })] : []),
    ...(purchase.setTopBoxes > 0 ? [format('billing.setTopBoxes', { count: purchase.setTopBoxes })] : []),
  ];
}

/** 'Card ending 4242', 'Card' when the store never learnt the digits, or 'Crypto'. */
export function paymentMethodWords(payment: Pick<BillingPayment, 'method' | 'cardLast4'>, t: Translate, format: Format): string {
  if (payment.method === 'crypto') return t('billing.method.crypto');
  return payment.cardLast4 ? format('billing.method.cardEnding', { last4: payment.cardLast4 }) : t('billing.method.card');
}

/** A receipt line's words: the extra devices and the coupon; null for the package, which is drawn as its name. */
export function receiptLineWords(line: ReceiptLine, format: Format): string | null {
  if (line.kind === 'extra_devices') return format('billing.receipt.extraDevices', { count: line.count });
  if (line.kind === 'coupon') return format('billing.receipt.coupon', { code: line.code ?? '' });
  return null;
}

const SLOT = '\u{E000}';

/** A message cut where its {amount} goes, so that the amount can be drawn in its own element: [before, after]. */
export function aroundAmount(key: string, values: Record<string, string | number>, format: Format): [string, string] {
  const [before = '', after = ''] = format(key, { ...values, amount: SLOT }).split(SLOT);
  return [before, after];
}
