import type { IncomingMessage, ServerResponse, IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { outageSwitch, type Outage } from './outage';
import { standInServer } from './stand-in-server';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface StandInPayment {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  pay_currency: string;
  order_id: string;
  order_description: string;
  created_at: string;
  updated_at: string;
}

export interface StandInInvoice {
  id: string;
  order_id: string;
  order_description: string;
  price_amount: number;
  price_currency: string;
  pay_currency: string | null;
  ipn_callback_url: string;
  invoice_url: string;
  success_url: string;
  cancel_url: string;
  created_at: string;
  updated_at: string;
}

/**
 * A local stand-in of the NOWPayments payment API (POST /v1/payment, GET /v1/payment/:id,
 * POST /v1/invoice)
 * on a real HTTP server, answering as NOWPayments does and recording every request.
 */
export async function startNowPaymentsStandIn({ apiKey }: { apiKey: string }) {
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, StandInPayment>();
  const invoices = new Map<string, StandInInvoice>();
  let nextId = 5_077_125_000;
  let nextInvoiceId = 4_522_625_000;
  let failure: { status: number; body: unknown } | null = null;
  const outage = outageSwitch({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });

  const server = standInServer(answer);
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0]!;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers['x-api-key'] !== apiKey) return send(403, { statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' });
    if (outage.intercept(res)) return;
    if (failure) {
      const { status, body: failBody } = failure;
      failure = null;
      return send(status, failBody);
    }

    if (req.method === 'POST' && path === '/v1/payment') {
      const now = new Date().toISOString();
      const payment: StandInPayment = {
        payment_id: nextId++,
        payment_status: 'waiting',
        pay_address: `0x${'ab12'.repeat(10)}`,
        price_amount: body!.price_amount as number,
        price_currency: body!.price_currency as string,
        pay_amount: body!.price_amount as number,
        actually_paid: 0,
        pay_currency: body!.pay_currency as string,
        order_id: body!.order_id as string,
        order_description: body!.order_description as string,
        created_at: now,
        updated_at: now,
      };
      payments.set(String(payment.payment_id), payment);
      // NOWPayments spells the id as text when creating and as a number when reading.
      return send(201, { ...payment, payment_id: String(payment.payment_id), ipn_callback_url: body!.ipn_callback_url });
    }
    if (req.method === 'POST' && path === '/v1/invoice') {
      const now = new Date().toISOString();
      const id = String(nextInvoiceId++);
      const invoice: StandInInvoice = {
        id,
        order_id: body!.order_id as string,
        order_description: body!.order_description as string,
        price_amount: body!.price_amount as number,
        price_currency: body!.price_currency as string,
        pay_currency: (body!.pay_currency as string | undefined) ?? null,
        ipn_callback_url: body!.ipn_callback_url as string,
        invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
        success_url: body!.success_url as string,
        cancel_url: body!.cancel_url as string,
        created_at: now,
        updated_at: now,
      };
      invoices.set(id, invoice);
      return send(200, invoice);
    }
    const match = /^\/v1\/payment\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const payment = payments.get(decodeURIComponent(match[1]!));
      if (!payment) return send(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Payment not found' });
      return send(200, payment);
    }
    send(404, { message: 'no such route' });
  }
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    payment(paymentId: string): StandInPayment {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`stand-in has no payment ${paymentId}`);
      return payment;
    },
    invoice(invoiceId: string): StandInInvoice {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`stand-in has no invoice ${invoiceId}`);
      return invoice;
    },
    invoices: () => [...invoices.values()],
    /** The buyer pays an invoice on NOWPayments' page: a payment of its own, finished; the IPN's body follows from it. */
    payInvoice(invoiceId: string): StandInPayment & { invoice_id: number } {
      const invoice = this.invoice(invoiceId);
      const now = new Date().toISOString();
      const payment: StandInPayment = {
        payment_id: nextId++,
        payment_status: 'finished',
        pay_address: `0x${'cd34'.repeat(10)}`,
        price_amount: invoice.price_amount,
        price_currency: invoice.price_currency,
        pay_amount: invoice.price_amount,
        actually_paid: invoice.price_amount,
        pay_currency: invoice.pay_currency ?? 'usdc',
        order_id: invoice.order_id,
        order_description: invoice.order_description,
        created_at: now,
        updated_at: now,
      };
      payments.set(String(payment.payment_id), payment);
      return { ...payment, invoice_id: Number(invoiceId) };
    },
    /** Changes a payment as the blockchain and NOWPayments would. */
    update(paymentId: string, changes: Partial<StandInPayment>): StandInPayment {
      const payment = Object.assign(this.payment(paymentId), changes, { updated_at: new Date().toISOString() });
      return payment;
    },
    /** The next request is answered with this status and body. */
    failNext(status: number, body: unknown): void {
      failure = { status, body };
    },
    /** Every request answers 500, or hangs, until `recover`. */
    goDown: (mode: Outage) => outage.begin(mode),
    recover: () => outage.end(),
    reset(): void {
      requests.length = 0;
      payments.clear();
      invoices.clear();
      failure = null;
      outage.end();
    },
    close: () => {
      outage.end();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type NowPaymentsStandIn = Awaited<ReturnType<typeof startNowPaymentsStandIn>>;
