import { z } from 'zod';
import { InvalidNoticeError, NoticesNotAcceptedError, type CryptoPaymentNotice } from './crypto-provider';
import { isValidIpnSignature } from './ipn-signature';
import { providerAmountToCents } from './provider-amount';
import { noticeOf, outcomeOf } from './payment-statuses';

export const INVALID_IPN_SIGNATURE_MESSAGE = 'Invalid IPN signature';
const INVALID_IPN_BODY_MESSAGE = 'Invalid IPN body';

const idText = z.union([z.string().min(1), z.number()]).transform(String);
const amountText = z.union([z.string(), z.number()]).transform(String);

/** The fields of a NOWPayments IPN this store reads; the rest are signed but unused. */
const ipnSchema = z.object({
  payment_id: idText,
  payment_status: z.string(),
  order_id: z.string(),
  price_amount: amountText,
  price_currency: z.string().nullish(),
  pay_amount: amountText,
  pay_currency: z.string(),
  pay_address: z.string().nullish(),
  actually_paid: amountText.nullish(),
});

/**
 * NOWPayments' IPN (its JSON body, signed with HMAC-SHA512 of the key-sorted body in the
 * x-nowpayments-sig header) as a store notice. Without a secret the store takes no IPNs.
 */
export function parseNowPaymentsNotice(
  kind: string,
  raw: unknown,
  headers: Record<string, string | string[] | undefined>,
  secret: string | undefined,
): CryptoPaymentNotice {
  if (!secret) throw new NoticesNotAcceptedError();
  const signature = headers['x-nowpayments-sig'];
  if (!isValidIpnSignature(raw, typeof signature === 'string' ? signature : undefined, secret)) throw new InvalidNoticeError(INVALID_IPN_SIGNATURE_MESSAGE);
  const parsed = ipnSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidNoticeError(INVALID_IPN_BODY_MESSAGE);
  const ipn = parsed.data;
  return noticeOf(kind, {
    paymentId: ipn.payment_id,
    paymentStatus: ipn.payment_status,
    outcome: outcomeOf(ipn.payment_status),
    orderId: ipn.order_id,
    priceAmountCents: providerAmountToCents(ipn.price_amount),
    ...(ipn.price_currency == null ? {} : { priceCurrency: ipn.price_currency.toUpperCase() }),
    payAmount: ipn.pay_amount,
    payCurrency: ipn.pay_currency,
    payAddress: ipn.pay_address ?? '',
    ...(ipn.actually_paid == null ? {} : { actuallyPaid: ipn.actually_paid }),
  });
}
