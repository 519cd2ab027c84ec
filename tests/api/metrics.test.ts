import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_REFUSED_MESSAGE } from '../../src/server/http/metrics-route';
import { settableClock } from '../../src/server/lib/clock';
import { createSmtpMail } from '../../src/server/providers/mail/smtp-mail';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { DAY, renewalSchedule } from '../support/renewal-charges';
import { buyWithAutoRenew } from '../support/saved-cards';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in';
import { testDbKind } from '../support/test-db';
import { useTestApp, type TestApp } from '../support/test-app';
import { startXtreamPanelStandIn, type XtreamPanelStandIn } from '../support/xtream-panel-stand-in';

const METRICS_TOKEN = 'metrics-token-0123456789';
const PANEL_KEY = 'panel-key-0123456789';
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
/** An address of another machine (TEST-NET-3). */
const ELSEWHERE = '203.0.113.9';

/** GET /metrics, from this machine unless `remoteAddress` says otherwise. */
function scrape(t: TestApp, { headers = {}, remoteAddress }: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** The exposition's sample lines (no # HELP or # TYPE). */
async function samples(t: TestApp): Promise<string[]> {
  const response = await scrape(t);
  expect(response.statusCode).toBe(200);
  return response.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

/** A sample's value in the lines of a scrape; 0 when the series is not there yet. */
const valueOf = (lines: string[], series: string) => Number(lines.find((line) => line.startsWith(`${series} `))?.split(' ')[1] ?? 0);

/** Behind one reverse proxy (TRUST_PROXY=1), with a panel and an SMTP server of its own; read when the app is built. */
const env: Record<string, string> = { METRICS_TOKEN, TRUST_PROXY: '1', XTREAM_PANEL_API_KEY: PANEL_KEY };
let panel: XtreamPanelStandIn;
let smtp: SmtpStandIn;
beforeAll(async () => {
  panel = await startXtreamPanelStandIn({ apiKey: PANEL_KEY });
  env.XTREAM_PANEL_URL = panel.url;
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await panel.close();
  await smtp.close();
});

describe('GET /metrics', () => {
  const t = useTestApp(env, { providers: () => ({ mail: createSmtpMail(smtp.url, 'StreamPlus <no-reply@streamplus.tv>', { connection: 1_000, greeting: 1_000, socket: 2_000 }) }) });

  it('counts ten purchases by method and result, their provisioning on the panel, their emails and their jobs', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const confirm = (intentId: string, card: typeof GOOD_CARD) =>
      t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: card });
    const simulate = (paymentId: string, status: string) =>
      t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status } });
    async function cardOrder(): Promise<string> {
      const placed = await postCheckout(t.app, checkoutForm(oneMonth.id));
      expect(placed.statusCode, placed.body).toBe(200);
      return intentIdOf(placed.json<{ clientSecret: string }>().clientSecret);
    }
    async function cryptoPayment(): Promise<string> {
      const placed = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json<{ paymentId: string }>().paymentId;
    }

    const intentIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const intentId = await cardOrder();
      intentIds.push(intentId);
      expect((await confirm(intentId, GOOD_CARD)).statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i++) expect((await simulate(await cryptoPayment(), 'finished')).statusCode).toBe(200);
    // A declined card, and a crypto payment that fell short: neither order is paid.
    const declined = await cardOrder();
    expect((await confirm(declined, DECLINED_CARD)).statusCode).toBe(402);
    expect((await simulate(await cryptoPayment(), 'partially_paid')).statusCode).toBe(200);

    // Each paid order's provisioning and confirmation wait in the queue until a worker takes them.
    const waiting = await samples(t);
    expect(waiting).toEqual(expect.arrayContaining(['store_jobs_waiting{queue="provision-order"} 10', 'store_jobs_waiting{queue="order-confirmation-mail"} 10']));

    await t.services.jobs.drain();
    const lines = await samples(t);
    expect(lines).toEqual(
      expect.arrayContaining([
        'store_orders_total{method="card",result="paid"} 8',
        'store_orders_total{method="crypto",result="paid"} 2',
        'store_orders_total{method="free",result="paid"} 0',
        'store_orders_total{method="card",result="failed"} 1',
        'store_orders_total{method="crypto",result="failed"} 0',
        'store_orders_total{method="crypto",result="needs_review"} 1',
        // Every paid guest gets the order's confirmation and a link to set a password.
        'store_emails_total{result="sent"} 20',
        'store_emails_total{result="failed"} 0',
        'store_panel_requests_total{action="createLine",result="ok"} 10',
        'store_panel_request_duration_seconds_count{action="createLine"} 10',
        'store_jobs_waiting{queue="provision-order"} 0',
        'store_jobs_waiting{queue="order-confirmation-mail"} 0',
        'store_jobs_waiting{queue="deliver-mail"} 0',
        // The route's pattern, never the path with its PaymentIntent id.
        'http_request_duration_seconds_count{route="/api/demo/payment-intents/:id/confirm",method="POST",status="200"} 8',
        'http_request_duration_seconds_count{route="/api/demo/payment-intents/:id/confirm",method="POST",status="402"} 1',
        'http_request_duration_seconds_count{route="/api/checkout",method="POST",status="200"} 9',
      ]),
    );
    for (const intentId of [...intentIds, declined]) expect(lines.join('\n')).not.toContain(intentId);
    expect(panel.lines.size).toBe(10);
    expect(smtp.received).toHaveLength(20);
  });

  it('counts a failed email delivery and a panel call that got no answer, then the retries that succeed', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const placed = await postCheckout(t.app, checkoutForm(oneMonth.id));
    const intentId = intentIdOf(placed.json<{ clientSecret: string }>().clientSecret);
    expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).statusCode).toBe(200);
    // Counters live as long as the app, which this file's tests share: this test counts from here.
    const before = await samples(t);
    const added = (lines: string[], series: string) => valueOf(lines, series) - valueOf(before, series);

    panel.failNext(1);
    smtp.goDown('error');
    try {
      await t.services.jobs.drain();
    } finally {
      smtp.recover();
    }
    const during = await samples(t);
    expect(added(during, 'store_panel_requests_total{action="createLine",result="failed"}')).toBe(1);
    expect(added(during, 'store_panel_requests_total{action="createLine",result="ok"}')).toBe(0);
    expect(added(during, 'store_emails_total{result="failed"}')).toBe(1);
    expect(added(during, 'store_emails_total{result="sent"}')).toBe(0);

    await t.services.jobs.drain({ includeDelayed: true });
    await t.services.jobs.drain({ includeDelayed: true });
    const after = await samples(t);
    expect(added(after, 'store_panel_requests_total{action="createLine",result="ok"}')).toBe(1);
    expect(added(after, 'store_panel_requests_total{action="createLine",result="failed"}')).toBe(1);
    expect(added(after, 'store_emails_total{result="sent"}')).toBe(2);
  });

  it('shows the database pool on PostgreSQL, and none on the embedded database', async () => {
    const lines = await samples(t);
    if (testDbKind === 'postgres') {
      expect(lines).toContain('store_db_pool_max_connections 10');
      expect(lines.find((line) => line.startsWith('store_db_pool_connections '))).toMatch(/^store_db_pool_connections [1-9]\d*$/);
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^store_db_pool_idle_connections \d+$/), 'store_db_pool_waiting_queries 0']));
    } else {
      expect(lines.filter((line) => line.startsWith('store_db_pool'))).toEqual([]);
    }
  });

  it('answers this machine without a token, in Prometheus text format with the process metrics', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await scrape(t, { remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    }
    const body = (await scrape(t)).body;
    expect(body).toContain('# TYPE store_orders_total counter');
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).toMatch(/^process_cpu_seconds_total \d/m);
    expect(body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('answers another machine that sends the METRICS_TOKEN', async () => {
    for (const authorization of [`Bearer ${METRICS_TOKEN}`, `bearer ${METRICS_TOKEN}`]) {
      const response = await scrape(t, { remoteAddress: ELSEWHERE, headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('# TYPE store_orders_total counter');
    }
  });

  it('answers another machine 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${METRICS_TOKEN}x`, `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`, METRICS_TOKEN]) {
      const response = await scrape(t, { remoteAddress: ELSEWHERE, headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ message: METRICS_REFUSED_MESSAGE });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('store_orders_total');
    }
  });

  it('takes a request a proxy on this machine forwarded for one from elsewhere, whatever TRUST_PROXY says', async () => {
    // The proxy connects from loopback; the visitor's address is in X-Forwarded-For, or only in another forwarding header.
    const forwarded: Array<Record<string, string>> = [{ 'x-forwarded-for': ELSEWHERE }, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: `for=${ELSEWHERE}` }, { 'x-real-ip': ELSEWHERE }];
    for (const headers of forwarded) {
      const response = await scrape(t, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ message: METRICS_REFUSED_MESSAGE });
    }
    const withToken = await scrape(t, { headers: { 'x-forwarded-for': ELSEWHERE, authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
  });

  it('labels answers no route gave as the not-found handler, never by their path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing-7f3a' })).statusCode).toBe(404);
    const lines = await samples(t);
    expect(lines.some((line) => line.startsWith('http_request_duration_seconds_count{route="not-found-handler",method="GET",status="404"} '))).toBe(true);
    expect(lines.join('\n')).not.toContain('no-such-thing-7f3a');
  });
});

describe('GET /metrics without a METRICS_TOKEN', () => {
  const t = useTestApp({ TRUST_PROXY: '1' }, { seed: false });

  it('answers this machine, and refuses every token from elsewhere', async () => {
    expect((await scrape(t)).statusCode).toBe(200);
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', `Bearer ${METRICS_TOKEN}`]) {
      const response = await scrape(t, { remoteAddress: ELSEWHERE, headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ message: METRICS_REFUSED_MESSAGE });
    }
  });
});

describe('automatic renewal charges in the metrics', () => {
  const START = '2027-01-05T09:00:00.000Z';
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  it('counts each charge by its outcome', async () => {
    const renewing = await buyWithAutoRenew(t);
    const declining = await buyWithAutoRenew(t, { card: '4000000000009995' });
    await t.services.jobs.drain();
    expect(renewing.subscriptionId).not.toBe(declining.subscriptionId);
    clock.set(new Date(new Date('2027-02-05T09:00:00.000Z').getTime() - 3 * DAY));
    expect((await renewalSchedule(t)).sort()).toEqual(['declined', 'succeeded']);

    const lines = await samples(t);
    expect(lines).toEqual(
      expect.arrayContaining([
        'store_renewal_charges_total{result="succeeded"} 1',
        'store_renewal_charges_total{result="declined"} 1',
        'store_renewal_charges_total{result="failed"} 0',
        // The renewal is an order like any: three card orders paid, the two purchases and the renewal.
        'store_orders_total{method="card",result="paid"} 3',
      ]),
    );
  });
});
