import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, blocklistEntries, demoDisputes, disputes, mailOutbox, orderRefunds, orders, subscriptions } from '../../src/server/schema';
import { checkoutCardOrder, orderRow, serviceOf } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const OWNER_EMAIL = 'owner@streamplus.example';
const BROWSER = 'Mozilla/5.0 (Dispute test) Firefox/133.0';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('disputes and early fraud warnings with the demo bank and a reseller panel', () => {
  const standIn = usePanelStandIn();
  standIn.env.ALERT_EMAIL = OWNER_EMAIL;
  const t = useTestApp(standIn.env);
  let admin: { asid: string };
  beforeEach(async () => {
    admin = await signInAdmin(t);
  });

  /** A card order of one signed-in customer, paid with the demo's test card and provisioned on the panel. */
  async function paidDemoOrder(cookies?: Record<string, string>, email?: string) {
    const buyer = cookies && email ? { cookies, email } : await registerCustomer(t.app).then(({ customer, cookies: c }) => ({ cookies: c, email: customer.email }));
    const { orderId, intentId } = await checkoutCardOrder(t, { email: buyer.email }, { ...buyer.cookies });
    const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    await t.services.jobs.drain();
    return { orderId, intentId, cookies: buyer.cookies, email: buyer.email };
  }
  const bank = (intentId: string, path: 'dispute' | 'dispute/close' | 'early-fraud-warning', payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/${path}`, ...(payload ? { payload } : {}) });
  const detailOf = async (orderId: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, cookies: admin })).json();
  const submit = (orderId: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/dispute/submit`, cookies: admin, payload: payload as object });
  const linesOnPanel = async (orderId: string) => (await serviceOf(t, orderId))!.credentials.map((c) => standIn.panel.lines.get(c.panelLineId!)!.enabled);
  const auditActions = async (orderId: string) =>
    (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId))).map((row) => `${row.actorType}:${row.action}`).sort();
  const mailsTo = async (to: string, subject: string) => (await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)))).length;

  it('opens a dispute once: the order is disputed, its lines off, automatic renewal stopped, the owner and the customer emailed', async () => {
    const { orderId, intentId, email } = await paidDemoOrder();
    const { subscription } = (await serviceOf(t, orderId))!;
    await t.database.db.update(subscriptions).set({ autoRenew: true }).where(eq(subscriptions.id, subscription.id));
    expect(await linesOnPanel(orderId)).toEqual([true]);

    const opened = await bank(intentId, 'dispute', { reason: 'fraudulent' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ received: true });
    await t.services.jobs.drain();
    expect((await orderRow(t, orderId)).paymentStatus).toBe('disputed');
    expect(await linesOnPanel(orderId)).toEqual([false]);
    const held = (await serviceOf(t, orderId))!.subscription;
    expect(held.autoRenew).toBe(false);
    expect(held.disputeSuspendedAt).not.toBeNull();
    // Kept apart from the owner's abuse suspension and from expiry.
    expect(held.devicesSuspendedAt).toBeNull();
    expect(held.graceSuspendedAt).toBeNull();

    // The same dispute reported again changes nothing and emails no one again.
    expect((await bank(intentId, 'dispute', { reason: 'fraudulent' })).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect(await mailsTo(email, `Your payment for order ${orderId} was disputed`)).toBe(1);
    expect(await mailsTo(OWNER_EMAIL, `Dispute opened on order ${orderId}`)).toBe(1);
    expect(await auditActions(orderId)).toEqual(['system:order.dispute_open']);
    expect(await t.database.db.select().from(disputes)).toHaveLength(1);

    const { dispute } = await detailOf(orderId);
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amount: '15.99', currency: 'usd', fee: '15.00', submittedAt: null, note: null });
    expect(new Date(dispute.dueBy).getTime()).toBeGreaterThan(Date.now() + 20 * DAY_MS);
  });

  it("writes the customer's dispute email in the order's language and currency, the owner's in English", async () => {
    const english = await paidDemoOrder();
    expect((await bank(english.intentId, 'dispute', { reason: 'fraudulent' })).statusCode).toBe(200);
    const { customer, cookies } = await registerCustomer(t.app);
    const { orderId, intentId } = await checkoutCardOrder(t, { email: customer.email, currency: 'EUR', locale: 'es' }, { ...cookies });
    expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect((await bank(intentId, 'dispute', { reason: 'fraudulent' })).statusCode).toBe(200);
    await t.services.jobs.drain();

    const mailTo = async (to: string, subject: string) => (await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject))))[0];
    const unchanged = await mailTo(english.email, `Your payment for order ${english.orderId} was disputed`);
    expect(unchanged?.text).toContain(`Your bank told us that the payment of $15.99 for StreamPlus order ${english.orderId} is disputed, so its service is paused.`);
    expect(unchanged?.text).toContain('Amount: $15.99');
    const spanish = await mailTo(customer.email, `El pago del pedido ${orderId} ha sido impugnado`);
    expect(spanish?.text).toContain(`Tu banco nos ha informado de que el pago de 14,99\u00a0€ del pedido ${orderId} de StreamPlus está impugnado, por lo que su servicio queda en pausa.`);
    expect(spanish?.text).toContain('Importe: 14,99\u00a0€');
    expect(spanish?.html).toContain('lang="es"');
    const owner = await mailTo(OWNER_EMAIL, `Dispute opened on order ${orderId}`);
    expect(owner?.text).toContain('Amount: €14.99');
  });

  it('assembles the evidence at once: the checkout, the policies with their text, the credentials email, the line usage and the account history', async () => {
    const { customer, cookies } = await registerCustomer(t.app);
    const { orderId, intentId } = await checkoutCardOrder(t, { email: customer.email }, { ...cookies });
    // The checkout recorded this browser and the test client's address.
    await t.database.db.update(orders).set({ buyerUserAgent: BROWSER }).where(eq(orders.id, orderId));
    await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    await t.services.jobs.drain();
    const { credentials } = (await serviceOf(t, orderId))!;
    standIn.panel.playOn(credentials[0]!.xtreamUsername, 2, 1_796_000_000);

    await bank(intentId, 'dispute', { reason: 'product_not_received' });
    const { dispute } = await detailOf(orderId);
    const order = await orderRow(t, orderId);
    expect(dispute.evidence).toMatchObject({
      ipAddress: order.buyerIpAddress,
      userAgent: BROWSER,
      checkoutAt: order.createdAt.toISOString(),
      credentialsEmailSentAt: order.confirmationSentAt!.toISOString(),
      lineUsage: [{ deviceNumber: 1, username: credentials[0]!.xtreamUsername, available: true, activeConnections: 2, lastSeenAt: new Date(1_796_000_000_000).toISOString(), addresses: ['203.0.113.10', '203.0.113.11'] }],
      priorPayments: [],
      accountHistory: { hasAccount: true, orders: 1, paidOrders: 1 },
    });
    expect(dispute.evidence.ipAddress).toBeTruthy();
    expect(dispute.evidence.policiesAccepted.map((policy: { name: string; version: number }) => [policy.name, policy.version])).toEqual([
      ['terms', 1],
      ['refund-policy', 1],
    ]);
    expect(dispute.evidence.policiesAccepted[1].markdown.length).toBeGreaterThan(100);
  });

  it('counts as prior payments only the same card and customer, 120-365 days old and never disputed', async () => {
    const first = await paidDemoOrder();
    const buyer = { cookies: first.cookies, email: first.email };
    const second = await paidDemoOrder(buyer.cookies, buyer.email);
    const recent = await paidDemoOrder(buyer.cookies, buyer.email);
    const disputedBefore = await paidDemoOrder(buyer.cookies, buyer.email);
    const target = await paidDemoOrder(buyer.cookies, buyer.email);
    // An earlier dispute, won: its payment is not "undisputed".
    await bank(disputedBefore.intentId, 'dispute');
    await bank(disputedBefore.intentId, 'dispute/close', { outcome: 'won' });
    expect((await orderRow(t, disputedBefore.orderId)).paymentStatus).toBe('completed');
    const paidDaysAgo = (orderId: string, days: number) =>
      t.database.db.update(orders).set({ paidAt: sql`now() - make_interval(days => ${days})` }).where(eq(orders.id, orderId));
    await paidDaysAgo(first.orderId, 130);
    await paidDaysAgo(second.orderId, 300);
    await paidDaysAgo(recent.orderId, 30);
    await paidDaysAgo(disputedBefore.orderId, 200);

    await bank(target.intentId, 'dispute');
    const { dispute } = await detailOf(target.orderId);
    expect(dispute.evidence.priorPayments.map((payment: { orderId: string }) => payment.orderId).sort()).toEqual([first.orderId, second.orderId].sort());
    expect(dispute.evidence.priorPayments[0]).toMatchObject({ amount: '15.99', currency: 'usd', chargeId: expect.stringMatching(/^ch_/) });
    expect(dispute.evidence.accountHistory).toMatchObject({ orders: 5, paidOrders: 5 });
  });

  it('submits the evidence with the note through the provider once; the owner alone may', async () => {
    const { orderId, intentId } = await paidDemoOrder();
    expect((await submit(orderId)).statusCode).toBe(404);
    expect((await submit(orderId)).json()).toEqual({ message: 'This order has no dispute' });
    await bank(intentId, 'dispute');
    expect((await submit(orderId, { note: 42 })).statusCode).toBe(400);
    expect((await submit(orderId, { note: 'ok', extra: true })).statusCode).toBe(400);

    const answer = await submit(orderId, { note: 'The customer watched 40 hours after buying.' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ orderId, message: `Evidence for ${orderId} submitted` });
    const [atBank] = await t.database.db.select().from(demoDisputes).where(eq(demoDisputes.paymentIntentId, intentId));
    expect(atBank!.status).toBe('under_review');
    expect(atBank!.evidence).toMatchObject({
      customerEmailAddress: (await orderRow(t, orderId)).customerEmail,
      uncategorizedText: expect.stringContaining('Note from the store: The customer watched 40 hours after buying.'),
      refundPolicyDisclosure: expect.stringContaining('refund-policy version 1'),
    });
    const again = await submit(orderId, { note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'The evidence for this dispute was already submitted' });
    const { dispute } = await detailOf(orderId);
    expect(dispute).toMatchObject({ note: 'The customer watched 40 hours after buying.', submittedAt: answer.json().submittedAt });
    expect(await auditActions(orderId)).toEqual(['admin:order.dispute_evidence', 'system:order.dispute_open']);
  });

  it('still submits the evidence when a crash left it unassembled after the dispute opened', async () => {
    const { orderId, intentId } = await paidDemoOrder();
    await bank(intentId, 'dispute');
    await t.database.db.update(disputes).set({ evidence: null }).where(eq(disputes.orderId, orderId));
    expect((await detailOf(orderId)).dispute.evidence).toBeNull();

    expect((await submit(orderId, { note: 'After a restart.' })).statusCode).toBe(200);
    const [atBank] = await t.database.db.select().from(demoDisputes).where(eq(demoDisputes.paymentIntentId, intentId));
    expect(atBank!.evidence).toMatchObject({
      accessActivityLog: expect.stringContaining('Streaming credentials emailed 20'),
      refundPolicyDisclosure: expect.stringContaining('refund-policy version 1'),
    });
  });

  it('a dispute won restores the order and its lines on the panel', async () => {
    const { orderId, intentId } = await paidDemoOrder();
    await bank(intentId, 'dispute');
    await t.services.jobs.drain();
    expect(await linesOnPanel(orderId)).toEqual([false]);
    expect((await bank(intentId, 'dispute/close', { outcome: 'won' })).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect((await orderRow(t, orderId)).paymentStatus).toBe('completed');
    expect(await linesOnPanel(orderId)).toEqual([true]);
    expect((await serviceOf(t, orderId))!.subscription.disputeSuspendedAt).toBeNull();
    // Closed, it takes no evidence.
    expect((await submit(orderId)).json()).toEqual({ message: 'This dispute is closed: evidence can no longer be submitted' });
    expect(await auditActions(orderId)).toEqual(['system:order.dispute_open', 'system:order.dispute_won']);
  });

  it('a dispute lost keeps the lines off and subtracts the amount and the fee once, alike in the stats, the revenue tab and the CSV', async () => {
    const kept = await paidDemoOrder();
    const { orderId, intentId } = await paidDemoOrder(kept.cookies, kept.email);
    const figures = async () => {
      const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: admin })).json();
      const days = (await t.app.inject({ method: 'GET', url: '/api/admin/revenue?days=30', cookies: admin })).json<Array<{ revenue: string }>>();
      const csv = (await t.app.inject({ method: 'GET', url: '/api/admin/export/customers.csv', cookies: admin })).body;
      const paidTotal = csv.trim().split('\n').find((line) => line.includes(kept.email))!.split(',').at(-1);
      return { stats: stats.revenue.total, tab: days.at(-1)!.revenue, csv: paidTotal };
    };
    expect(await figures()).toEqual({ stats: '31.98', tab: '31.98', csv: '31.98' });
    await bank(intentId, 'dispute');
    // An open dispute subtracts nothing yet.
    expect(await figures()).toEqual({ stats: '31.98', tab: '31.98', csv: '31.98' });

    expect((await bank(intentId, 'dispute/close', { outcome: 'lost' })).statusCode).toBe(200);
    expect((await bank(intentId, 'dispute/close', { outcome: 'won' })).statusCode).toBe(200);
    await t.services.jobs.drain();
    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ paymentStatus: 'disputed_lost', disputeLoss: '30.99' });
    // 31.98 - (15.99 disputed + 15.00 fee), once.
    expect(await figures()).toEqual({ stats: '0.99', tab: '0.99', csv: '0.99' });
    expect(await linesOnPanel(orderId)).toEqual([false]);
    const ordersCsv = (await t.app.inject({ method: 'GET', url: '/api/admin/export/orders.csv', cookies: admin })).body;
    const row = ordersCsv.split('\n').find((line) => line.startsWith(`${orderId},`))!;
    expect(row).toContain(',disputed_lost,');
    expect(row).toContain(',15.99,0.00,,30.99,');
    expect(await auditActions(orderId)).toEqual(['system:order.dispute_lost', 'system:order.dispute_open']);
  });

  it('shows the dispute rate of 30 days: amber from 0.5%, red from 0.75% of card payments', async () => {
    const { intentId } = await paidDemoOrder();
    const rate = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: admin })).json().disputeRate;
    expect(await rate()).toEqual({ disputes: 0, cardPayments: 1, rate: 0, level: 'ok' });
    const addCardPayments = (count: number) =>
      t.database.db.execute(sql`insert into orders (id, customer_name, customer_email, package_id, payment_method, payment_status, subtotal_amount, total_amount, paid_at)
        select 'SP-RATE-' || n, 'Rate', 'rate' || n || '@example.com', (select id from packages order by id limit 1), 'card', 'completed', 15.99, 15.99, now() - interval '1 day'
          from generate_series(1, ${count}) as n`);
    await addCardPayments(199);
    await bank(intentId, 'dispute');
    expect(await rate()).toEqual({ disputes: 1, cardPayments: 200, rate: 0.005, level: 'amber' });
    await t.database.db.delete(orders).where(sql`${orders.id} in (select 'SP-RATE-' || n from generate_series(134, 199) as n)`);
    expect(await rate()).toMatchObject({ disputes: 1, cardPayments: 134, level: 'amber' });
    await t.database.db.delete(orders).where(eq(orders.id, 'SP-RATE-133'));
    expect(await rate()).toMatchObject({ disputes: 1, cardPayments: 133, level: 'red' });
    expect((await rate()).rate).toBeGreaterThanOrEqual(0.0075);
  });

  it('an early fraud warning refunds an undisputed order in full, turns its lines off and blocks its card and email, as the store, once', async () => {
    const { orderId, intentId, email } = await paidDemoOrder();
    const warned = await bank(intentId, 'early-fraud-warning');
    expect(warned.statusCode).toBe(200);
    expect((await bank(intentId, 'early-fraud-warning')).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect((await orderRow(t, orderId)).paymentStatus).toBe('refunded');
    const refunds = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ amount: '15.99', adminId: null, adminUsername: 'the store', status: 'succeeded' })]);
    expect(await linesOnPanel(orderId)).toEqual([false]);
    const entries = await t.database.db.select().from(blocklistEntries);
    expect(entries.map((entry) => [entry.kind, entry.authorAdminId]).sort()).toEqual([
      ['card', null],
      ['email', null],
    ]);
    expect(entries.find((entry) => entry.kind === 'email')!.value).toBe(email);
    expect(await auditActions(orderId)).toEqual(['system:order.early_fraud_warning', 'system:order.refund']);
    const blockAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'blocklist.add'));
    expect(blockAudit.map((row) => row.actorType)).toEqual(['system', 'system']);
  });

  it('an early fraud warning on a disputed order refunds nothing: the dispute settles it', async () => {
    const { orderId, intentId } = await paidDemoOrder();
    await bank(intentId, 'dispute');
    expect((await bank(intentId, 'early-fraud-warning')).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('disputed');
    expect(await t.database.db.select().from(orderRefunds)).toHaveLength(0);
    expect(await t.database.db.select().from(blocklistEntries)).toHaveLength(0);
  });

  it('refuses the demo bank an unknown or unpaid payment and a bad outcome', async () => {
    expect((await bank('pi_demo_missing', 'dispute')).statusCode).toBe(404);
    const { intentId } = await checkoutCardOrder(t);
    expect((await bank(intentId, 'dispute')).json()).toEqual({ message: 'Only a paid payment can be disputed' });
    expect((await bank(intentId, 'dispute/close', { outcome: 'maybe' })).statusCode).toBe(400);
    expect((await bank(intentId, 'dispute/close', { outcome: 'won' })).json()).toEqual({ message: 'This payment has no dispute to close' });
  });
});
