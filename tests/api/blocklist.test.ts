import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { demoCardFingerprint } from '../../src/server/providers/payments/demo-saved-cards';
import { auditLog, blocklistEntries, customers, orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { newRegistration } from '../support/customers';
import { ownerWithDevices } from '../support/devices';
import { buildAppWithServices, useTestApp } from '../support/test-app';

/**
 * The blocklist shared by every instance (decision 0099): the admin's entries by kind, each
 * value checked and normalised; the neutral 403 of checkout, trial sign-up, registration and
 * a set-top box's MAC; a blocked card's payment held, not fulfilled; "Block this buyer".
 */
const NOW = '2027-02-01T12:00:00.000Z';
const REFUSAL = { message: 'We could not accept this order. Contact support.' };
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

describe('the blocklist', () => {
  const clock = settableClock(NOW);
  const t = useTestApp({}, { clock });
  let admin: { asid: string };
  beforeEach(async () => {
    clock.set(NOW);
    admin = await signInAdmin(t);
  });

  const add = (payload: Record<string, unknown>, cookies = admin) => t.app.inject({ method: 'POST', url: '/api/admin/blocklist', payload, cookies });
  const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/admin/blocklist${query}`, cookies: admin });
  const refusedRows = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'blocklist.refused'))).map((row) => row.after);

  it('answers only an admin session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/blocklist'],
      ['POST', '/api/admin/blocklist'],
      ['DELETE', '/api/admin/blocklist/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11'],
      ['POST', '/api/admin/orders/SP-1-1/block'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? { kind: 'email', value: 'a@example.com', reason: 'Fraud' } : undefined });
      expect([url, response.statusCode, response.json()]).toEqual([url, 401, { message: 'Admin authentication required' }]);
    }
    expect(await t.database.db.select().from(blocklistEntries)).toEqual([]);
  });

  it('adds, lists by kind and deletes entries, each normalised for its kind and audited', async () => {
    const email = await add({ kind: 'email', value: ' Ada.Lovelace+shop@GoogleMail.com ', reason: 'Chargebacks' });
    expect(email.statusCode).toBe(201);
    expect(email.json()).toMatchObject({ kind: 'email', value: 'adalovelace@gmail.com', reason: 'Chargebacks', author: 'owner', expiresAt: null, expired: false });
    expect((await add({ kind: 'ip', value: '203.0.113.77/24', reason: 'Card testing' })).json()).toMatchObject({ kind: 'ip', value: '203.0.113.0/24' });
    expect((await add({ kind: 'ip', value: '198.51.100.9', reason: 'Card testing' })).json()).toMatchObject({ value: '198.51.100.9/32' });
    expect((await add({ kind: 'ip', value: '2001:DB8::1', reason: 'Card testing' })).json()).toMatchObject({ value: '2001:db8::1/128' });
    expect((await add({ kind: 'mac', value: '00-1a-79-aa-bb-cc', reason: 'Resold box' })).json()).toMatchObject({ value: '00:1A:79:AA:BB:CC' });
    expect((await add({ kind: 'card', value: 'fp_Abc123', reason: 'Stolen card', expiresAt: '2027-03-01T00:00:00Z' })).json()).toMatchObject({
      value: 'fp_Abc123',
      expiresAt: '2027-03-01T00:00:00.000Z',
    });

    const all = await list();
    expect(all.headers['x-total-count']).toBe('6');
    expect((await list('?kind=ip')).json().map((entry: { value: string }) => entry.value)).toEqual(['2001:db8::1/128', '198.51.100.9/32', '203.0.113.0/24']);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/blocklist/${email.json().id}`, cookies: admin });
    expect(removed.json()).toEqual({ id: email.json().id, message: 'Removed adalovelace@gmail.com from the blocklist' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/blocklist/${email.json().id}`, cookies: admin })).json()).toEqual({ message: 'Blocklist entry not found' });
    expect((await list()).headers['x-total-count']).toBe('5');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, email.json().id));
    expect(audit.map((row) => [row.action, row.adminUsername])).toEqual(
      expect.arrayContaining([
        ['blocklist.add', 'owner'],
        ['blocklist.remove', 'owner'],
      ]),
    );
  });

  it('refuses a bad value for its kind, an empty reason and a past expiry with a 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'email', value: 'not-an-email', reason: 'x' }, 'Invalid email address'],
      [{ kind: 'ip', value: '10.0.0.0/33', reason: 'x' }, 'Enter an IP address such as 203.0.113.7 or a network such as 203.0.113.0/24'],
      [{ kind: 'ip', value: '300.1.1.1', reason: 'x' }, 'Enter an IP address such as 203.0.113.7 or a network such as 203.0.113.0/24'],
      [{ kind: 'mac', value: '00:1A:79:12:34', reason: 'x' }, 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56'],
      [{ kind: 'card', value: 'fp with spaces', reason: 'x' }, 'A card fingerprint is 1 to 100 letters, digits, _ and -'],
      [{ kind: 'phone', value: '123', reason: 'x' }, 'kind must be one of email, card, ip, mac'],
      [{ kind: 'email', value: 'a@example.com', reason: '  ' }, 'Reason is required'],
      [{ kind: 'email', value: 'a@example.com', reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
      [{ kind: 'email', value: 'a@example.com', reason: 'x', expiresAt: '2027-01-31T12:00:00Z' }, 'The expiry must be in the future'],
    ];
    for (const [payload, message] of cases) {
      const response = await add(payload);
      expect([payload, response.statusCode, response.json()]).toEqual([payload, 400, { message }]);
    }
    expect(await t.database.db.select().from(blocklistEntries)).toEqual([]);
  });

  it('answers 409 for a value already listed, and takes it again once the first expired', async () => {
    expect((await add({ kind: 'email', value: 'dup@example.com', reason: 'First', expiresAt: '2027-02-02T00:00:00Z' })).statusCode).toBe(201);
    const twice = await add({ kind: 'email', value: 'DUP+x@example.com', reason: 'Second' });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: 'This entry is already on the blocklist' }]);
    clock.set('2027-02-03T00:00:00.000Z');
    expect((await list()).json()).toMatchObject([{ value: 'dup@example.com', expired: true }]);
    const again = await add({ kind: 'email', value: 'dup@example.com', reason: 'Second' });
    expect(again.json()).toMatchObject({ reason: 'Second', expiresAt: null, expired: false });
    expect((await list()).headers['x-total-count']).toBe('1');
  });

  it('refuses a checkout by email or by an address inside a blocked network with the neutral 403, logged for staff', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await add({ kind: 'email', value: 'mallory@example.com', reason: 'Chargebacks' });
    await add({ kind: 'ip', value: '203.0.113.0/24', reason: 'Card testing' });

    const byEmail = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: 'Mallory+2@Example.com' }));
    expect([byEmail.statusCode, byEmail.json()]).toEqual([403, REFUSAL]);
    const byNetwork = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id), remoteAddress: '203.0.113.45' });
    expect([byNetwork.statusCode, byNetwork.json()]).toEqual([403, REFUSAL]);
    const outside = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id), remoteAddress: '203.0.114.45' });
    expect(outside.statusCode).toBe(200);

    expect(await t.database.db.select().from(orders)).toHaveLength(1);
    expect(await refusedRows()).toEqual([
      expect.objectContaining({ flow: 'checkout', kind: 'email', value: 'mallory@example.com', reason: 'Chargebacks' }),
      expect.objectContaining({ flow: 'checkout', kind: 'ip', value: '203.0.113.0/24', address: '203.0.113.45' }),
    ]);
  });

  it('refuses a set-top box MAC at checkout and a MAC given to a device', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const owner = await ownerWithDevices(t, 1);
    await add({ kind: 'mac', value: '00:1A:79:AA:BB:CC', reason: 'Resold box' });
    const atCheckout = await postCheckout(t.app, checkoutForm(oneMonth.id, { setTopBoxes: [{ mac: '00-1a-79-aa-bb-cc' }] }));
    expect([atCheckout.statusCode, atCheckout.json()]).toEqual([403, REFUSAL]);
    const onDevice = await t.app.inject({ method: 'POST', url: `/api/devices/${owner.devices[0]!.id}/set-top-box`, payload: { mac: '001A79AABBCC' }, cookies: owner.cookies });
    expect([onDevice.statusCode, onDevice.json()]).toEqual([403, REFUSAL]);
    expect((await refusedRows()).map((row) => row.flow)).toEqual(['checkout', 'device_mac']);
  });

  it('refuses registration and trial sign-up of a blocked email or address before any account is made', async () => {
    await add({ kind: 'email', value: 'eve@example.com', reason: 'Abuse' });
    await add({ kind: 'ip', value: '2001:db8::/32', reason: 'Abuse' });
    const register = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'eve@example.com' }) });
    expect([register.statusCode, register.json()]).toEqual([403, REFUSAL]);
    const trial = await t.app.inject({ method: 'POST', url: '/api/register-trial', payload: newRegistration({ signupType: 'trial' }), remoteAddress: '2001:db8:1::5' });
    expect([trial.statusCode, trial.json()]).toEqual([403, REFUSAL]);
    expect(await t.database.db.select().from(customers)).toEqual([]);
    expect((await refusedRows()).map((row) => row.flow)).toEqual(['registration', 'trial_sign_up']);
  });

  it('stops applying an entry once it expired', async () => {
    await add({ kind: 'email', value: 'later@example.com', reason: 'Cooling off', expiresAt: '2027-02-01T13:00:00Z' });
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'later@example.com' }) })).statusCode).toBe(403);
    clock.set('2027-02-01T13:00:01.000Z');
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'later@example.com' }) })).statusCode).toBe(201);
  });

  it("holds a blocked card's payment for review instead of fulfilling it", async () => {
    const { oneMonth } = await seededPackages(t.app);
    await add({ kind: 'card', value: demoCardFingerprint('4242 4242 4242 4242'), reason: 'Stolen card' });
    const placed = (await postCheckout(t.app, checkoutForm(oneMonth.id))).json<{ order: { id: string }; clientSecret: string }>();
    const intentId = intentIdOf(placed.clientSecret);
    // The card network takes the card, as Stripe's would; the store then does not complete the order.
    expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).json()).toMatchObject({ status: 'succeeded' });
    const notice = await t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId: placed.order.id, paymentIntentId: intentId } });
    expect([notice.statusCode, notice.json()]).toEqual([403, REFUSAL]);
    await t.services.jobs.drain();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order).toMatchObject({ paymentStatus: 'needs_review', fulfilledAt: null });
    expect(order!.failureReason).toContain('Paid with a blocked card');
  });

  it('blocks the buyer of an order: its email, card and the address it was placed from', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id, { email: 'buyer@example.com' });
    // Placed from a known address, which the order records (decision 0097).
    const placed = (await t.app.inject({ method: 'POST', url: '/api/checkout', payload: form, remoteAddress: '198.51.100.23' })).json<{ order: { id: string }; clientSecret: string }>();
    await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(placed.clientSecret)}/confirm`, payload: GOOD_CARD });
    const block = (reason: string) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.order.id}/block`, payload: { reason }, cookies: admin });

    const first = await block('Chargeback on this order');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      orderId: placed.order.id,
      added: [
        { kind: 'email', value: 'buyer@example.com', reason: 'Chargeback on this order', author: 'owner' },
        { kind: 'card', value: demoCardFingerprint('4242424242424242'), reason: 'Chargeback on this order' },
        { kind: 'ip', value: '198.51.100.23/32', reason: 'Chargeback on this order' },
      ],
      skipped: [],
      message: 'Blocked email, card fingerprint, ip address or network',
    });
    expect((await block('Again')).json()).toMatchObject({ added: [], message: 'Nothing new blocked; already blocked: email, card fingerprint, ip address or network' });
    // The buyer's address now refuses a new order from it.
    const again = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { email: 'someone-else@example.com' }), remoteAddress: '198.51.100.23' });
    expect([again.statusCode, again.json()]).toEqual([403, REFUSAL]);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/orders/SP-1-1/block', payload: { reason: 'x' }, cookies: admin })).json()).toEqual({ message: 'Order not found' });
    expect((await block('')).json()).toEqual({ message: 'Reason is required' });
  });

  it('lets the store add an entry of its own, shown as by the Store', async () => {
    expect(await t.services.blocklist.addByStore({ kind: 'email', value: 'fraud@example.com', reason: 'Early fraud warning', expiresAt: null })).toMatchObject({ author: 'Store' });
    expect((await list()).json()).toMatchObject([{ author: 'Store', value: 'fraud@example.com' }]);
  });

  it('is seen at once by another instance on the same database', async () => {
    const other = await buildAppWithServices({ config: t.config, database: t.database, clientDir: null, clock });
    try {
      await add({ kind: 'email', value: 'shared@example.com', reason: 'Seen everywhere' });
      const elsewhere = await other.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'shared@example.com' }) });
      expect([elsewhere.statusCode, elsewhere.json()]).toEqual([403, REFUSAL]);
    } finally {
      await other.app.close();
    }
  });
});
