import { z } from 'zod';
import { DEFAULT_CURRENCY } from '#domain/currencies';
import { formatMoney } from '#domain/money';
import {
  CryptoProviderError,
  PAY_CURRENCY,
  type CreateCryptoPaymentInput,
  type CreatedCryptoInvoice,
  type CreatedCryptoPayment,
  type CryptoPaymentProvider,
  type CryptoPaymentState,
} from './crypto-provider';
import { parseNowPaymentsNotice } from './nowpayments-notice';
import { outcomeOf } from './payment-statuses';
import { providerAmountToCents } from './provider-amount';

/** A NOWPayments call gives up after this long (decision 0016): the customer is told to try again. */
export const NOWPAYMENTS_REQUEST_TIMEOUT_MS = 15_000;
const UNREACHABLE_MESSAGE = 'The crypto payment provider could not be reached. Please try again in a moment.';
const NOT_RESPONDING_MESSAGE = 'The crypto payment provider is not responding. Please try again in a moment.';

const idText = z.union([z.string().min(1), z.number()]).transform(String);
const amountText = z.union([z.string(), z.number()]).transform(String);

const createdPaymentSchema = z.object({
  payment_id: idText,
  payment_status: z.string(),
  pay_address: z.string().min(1),
  pay_amount: amountText,
  pay_currency: z.string(),
});

const createdInvoiceSchema = z.object({ id: idText, invoice_url: z.url() });

const paymentStateSchema = createdPaymentSchema.extend({
  order_id: z.string(),
  price_amount: amountText,
  price_currency: z.string().nullish(),
  actually_paid: amountText.nullish(),
});

export interface NowPaymentsOptions {
  /** NOWPAYMENTS_API_URL, https://api.nowpayments.io in production. */
  apiUrl: string;
  apiKey: string;
  /** NOWPAYMENTS_IPN_SECRET, which signs the IPNs; without it the store takes none. */
  ipnSecret?: string | undefined;
  /** NOWPAYMENTS_REQUEST_TIMEOUT_MS unless given (tests wait less). */
  timeoutMs?: number;
}

/** What a payment and an invoice both say of the order they are for. */
function orderFields(input: CreateCryptoPaymentInput) {
  return {
    // A decimal number in the order's currency, as NOWPayments expects it; exact for whole cents.
    price_amount: Number(formatMoney(input.priceAmountCents)),
    price_currency: (input.priceCurrency ?? DEFAULT_CURRENCY).toLowerCase(),
    pay_currency: PAY_CURRENCY,
    order_id: input.orderId,
    order_description: input.description,
    ipn_callback_url: input.ipnCallbackUrl,
  };
}

/** The NOWPayments payment API (https://documenter.getpostman.com/view/7907941/S1a32n38). */
export function createNowPayments({ apiUrl, apiKey, ipnSecret, timeoutMs = NOWPAYMENTS_REQUEST_TIMEOUT_MS }: NowPaymentsOptions): CryptoPaymentProvider {
  const baseUrl = apiUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new CryptoProviderError(timedOut ? NOT_RESPONDING_MESSAGE : UNREACHABLE_MESSAGE);
    }
    // A body that stalls after the headers counts as no answer, as the timeout covers it too.
    const text = await response.text().catch(() => {
      throw new CryptoProviderError(NOT_RESPONDING_MESSAGE);
    });
    // Its own failure says nothing the customer can act on; the order waits for a retry.
    if (response.status >= 500) throw new CryptoProviderError(NOT_RESPONDING_MESSAGE);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page, say): reported below by status or by shape.
    }
    if (!response.ok) throw new CryptoProviderError(`The crypto payment provider refused the request: ${providerMessage(json, response.status)}`);
    return json;
  }

  /** The provider's own words, without anything that could hold our key. */
  function providerMessage(json: unknown, status: number): string {
    const message = (json as { message?: unknown } | null)?.message;
    const text = typeof message === 'string' && message.trim() ? message.trim().slice(0, 200) : `status ${status}`;
    return text.replaceAll(apiKey, '[redacted]');
  }

  function parse<T extends z.ZodType>(schema: T, json: unknown): z.output<T> {
    const result = schema.safeParse(json);
    if (!result.success) throw new CryptoProviderError('The crypto payment provider sent an answer this store does not understand.');
    return result.data;
  }

  return {
    kind: 'nowpayments',

    async createPayment(input: CreateCryptoPaymentInput): Promise<CreatedCryptoPayment> {
      const json = await call('POST', '/v1/payment', orderFields(input));
      const payment = parse(createdPaymentSchema, json);
      return {
        paymentId: payment.payment_id,
        payAmount: payment.pay_amount,
        payCurrency: payment.pay_currency,
        payAddress: payment.pay_address,
        paymentStatus: payment.payment_status,
      };
    },

    async createInvoice(input): Promise<CreatedCryptoInvoice> {
      const json = await call('POST', '/v1/invoice', { ...orderFields(input), success_url: input.successUrl, cancel_url: input.successUrl });
      const invoice = parse(createdInvoiceSchema, json);
      return { invoiceId: invoice.id, invoiceUrl: invoice.invoice_url, paymentId: null };
    },

    async getPaymentStatus(paymentId: string): Promise<CryptoPaymentState> {
      const json = await call('GET', `/v1/payment/${encodeURIComponent(paymentId)}`);
      const payment = parse(paymentStateSchema, json);
      return {
        paymentId: payment.payment_id,
        paymentStatus: payment.payment_status,
        outcome: outcomeOf(payment.payment_status),
        orderId: payment.order_id,
        priceAmountCents: providerAmountToCents(payment.price_amount),
        ...(payment.price_currency == null ? {} : { priceCurrency: payment.price_currency.toUpperCase() }),
        payAmount: payment.pay_amount,
        payCurrency: payment.pay_currency,
        payAddress: payment.pay_address,
        ...(payment.actually_paid == null ? {} : { actuallyPaid: payment.actually_paid }),
      };
    },

    parseNotice: (raw, headers) => parseNowPaymentsNotice('nowpayments', raw, headers, ipnSecret),
  };
}
