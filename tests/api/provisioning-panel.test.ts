import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceCredentials, mailOutbox, orders, subscriptions } from '../../src/server/schema';
import { LineUsernameTakenError } from '../../src/server/providers/provisioning/index';
import { createXtreamPanelProvisioning } from '../../src/server/providers/provisioning/xtream-panel';
import { freePort } from '../support/free-port';
import { drainDuringOutage, orderJobStates, type Outage } from '../support/outage';
import { seededPackages } from '../support/checkout';
import { paidOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';
import { startXtreamPanelStandIn, type XtreamPanelStandIn } from '../support/xtream-panel-stand-in';

const API_KEY = 'panel-key-0123456789';
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Read by useTestApp when it builds the app, after beforeAll has started the panel. */
const env: Record<string, string> = { XTREAM_PANEL_API_KEY: API_KEY, XTREAM_PANEL_BOUQUETS: '3, 7' };
let panel: XtreamPanelStandIn;
beforeAll(async () => {
  panel = await startXtreamPanelStandIn({ apiKey: API_KEY });
  env.XTREAM_PANEL_URL = panel.url;
});
afterAll(() => panel.close());
beforeEach(() => panel.reset());

describe('the Xtream panel client', () => {
  const client = () => createXtreamPanelProvisioning({ url: panel.url, apiKey: API_KEY, bouquets: ['3'] });
  const expiresAt = new Date('2031-05-01T10:00:00Z');

  it('creates a line with the username, password, one connection, the expiry and bouquets', async () => {
    const { lineId } = await client().createLine({ username: 'spabc', password: 'Secret123456', maxConnections: 1, expiresAt });
    expect(panel.lines.get(lineId!)).toEqual({
      id: lineId,
      username: 'spabc',
      password: 'Secret123456',
      maxConnections: 1,
      expDate: unixSeconds(expiresAt),
      enabled: true,
      bouquets: ['3'],
      activeConnections: 0,
      lastActivity: null,
      ispClears: 0,
    });
  });

  it('extends a line (new expiry, enabled) and disables it', async () => {
    const { lineId } = await client().createLine({ username: 'spdef', password: 'Secret123456', maxConnections: 1, expiresAt });
    await client().disableLine(lineId!);
    expect(panel.lines.get(lineId!)!.enabled).toBe(false);
    const later = new Date('2031-11-01T10:00:00Z');
    await client().extendLine(lineId!, later);
    expect(panel.lines.get(lineId!)).toMatchObject({ enabled: true, expDate: unixSeconds(later) });
  });

  it('reports a taken username, a refused call and an unavailable panel, never the key', async () => {
    await client().createLine({ username: 'sptaken', password: 'Secret123456', maxConnections: 1, expiresAt });
    await expect(client().createLine({ username: 'sptaken', password: 'x', maxConnections: 1, expiresAt })).rejects.toBeInstanceOf(LineUsernameTakenError);
    await expect(client().disableLine('999999')).rejects.toThrow('Xtream panel refused disable_line: STATUS_INVALID_LINE (Line not found)');
    panel.failNext(1);
    await expect(client().disableLine('1000')).rejects.toThrow('Xtream panel answered HTTP 503 to disable_line');
    const wrongKey = createXtreamPanelProvisioning({ url: panel.url, apiKey: 'wrong-key-secret' });
    const error = await wrongKey.disableLine('1000').catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('STATUS_INVALID_KEY');
    expect((error as Error).message).not.toContain('wrong-key-secret');
    // A port nothing listens on: the connection is refused.
    const unreachable = createXtreamPanelProvisioning({ url: `http://127.0.0.1:${await freePort()}/x/`, apiKey: API_KEY, timeoutMs: 2000 });
    await expect(unreachable.disableLine('1')).rejects.toThrow('Xtream panel unreachable for disable_line: fetch failed (ECONNREFUSED)');
  });
});

describe("the panel's minute check (decision 0093)", () => {
  const client = (options: { healthTimeoutMs?: number } = {}) => createXtreamPanelProvisioning({ url: panel.url, apiKey: API_KEY, ...options });

  it("answers with the reseller's credits, as a number or as XUI.one's text, and null when the panel gives none", async () => {
    panel.setCredits(42);
    expect(await client().checkHealth()).toEqual({ credits: 42 });
    panel.setCredits('1250.50');
    expect(await client().checkHealth()).toEqual({ credits: 1250.5 });
    panel.setCredits(null);
    expect(await client().checkHealth()).toEqual({ credits: null });
    // A panel without user_info still answered the key: it works, and says nothing of credits.
    panel.refuseNext('user_info', 'STATUS_INVALID_ACTION');
    expect(await client().checkHealth()).toEqual({ credits: null });
    expect(panel.requests.map((request) => request.action)).toEqual(['user_info', 'user_info', 'user_info', 'user_info']);
  });

  it('fails on a refused key, an error and a panel that does not answer within its time limit, never with the key', async () => {
    const wrongKey = createXtreamPanelProvisioning({ url: panel.url, apiKey: 'another-key-0123456789' });
    await expect(wrongKey.checkHealth()).rejects.toThrow('Xtream panel refused user_info: STATUS_INVALID_KEY (Invalid API key)');
    panel.goDown('error');
    await expect(client().checkHealth()).rejects.toThrow('Xtream panel answered HTTP 500 to user_info');
    panel.goDown('hang');
    await expect(client({ healthTimeoutMs: 300 }).checkHealth()).rejects.toThrow(/^Xtream panel unreachable for user_info: /);
    panel.recover();
  });
});

describe('provisioning through the panel', () => {
  const t = useTestApp(env);

  async function credentialsOf(t: TestApp, orderId: string) {
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    const credentials = await t.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscription!.id));
    return { subscription: subscription!, credentials: credentials.sort((a, b) => a.deviceNumber - b.deviceNumber) };
  }

  it('creates one enabled line per device that ends with the subscription', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id, devices: 2 });
    await t.services.jobs.drain();

    const { subscription, credentials } = await credentialsOf(t, order.id);
    expect(credentials).toHaveLength(2);
    for (const credential of credentials) {
      expect(panel.lines.get(credential.panelLineId!)).toMatchObject({
        username: credential.xtreamUsername,
        password: credential.xtreamPassword,
        maxConnections: 1,
        expDate: unixSeconds(subscription.expirationDate),
        enabled: true,
        bouquets: ['3', '7'],
      });
    }
    expect(panel.lines.size).toBe(2);
  });

  it('creates the lines of an order once when its job and a direct call run it at the same time', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id, devices: 2 });
    await Promise.all([t.services.jobs.drain(), t.services.paidOrder.provisionNow(order.id), t.services.paidOrder.provisionNow(order.id)]);
    const { credentials } = await credentialsOf(t, order.id);
    expect(credentials).toHaveLength(2);
    expect(panel.requests.filter((request) => request.action === 'create_line')).toHaveLength(2);
    expect(panel.lines.size).toBe(2);
  });

  it('retries when the panel fails midway, leaving no stray line enabled', async () => {
    const { oneMonth } = await seededPackages(t.app);
    panel.failNext(1, { after: 1 });
    const order = await paidOrder(t, { packageId: oneMonth.id, devices: 2 });
    await t.services.jobs.drain();
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toEqual([]);

    await t.services.jobs.drain({ includeDelayed: true });
    const { credentials } = await credentialsOf(t, order.id);
    const used = new Set(credentials.map((c) => c.panelLineId));
    expect(used.size).toBe(2);
    for (const line of panel.lines.values()) expect(line.enabled).toBe(used.has(line.id));
  });

  it('extends kept lines and disables removed devices at renewal, and runs the kept line through the grace period at expiry', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id, devices: 2 });
    await t.services.jobs.drain();
    const { subscription } = await credentialsOf(t, order.id);

    await paidOrder(t, { packageId: oneMonth.id, devices: 1, customerId: subscription.customerId, renewsSubscriptionId: subscription.id });
    await t.services.jobs.drain();
    const renewed = await credentialsOf(t, order.id);
    const [first, second] = renewed.credentials;
    expect(panel.lines.get(first!.panelLineId!)).toMatchObject({ enabled: true, expDate: unixSeconds(renewed.subscription.expirationDate) });
    expect(panel.lines.get(second!.panelLineId!)).toMatchObject({ enabled: false });

    const expiry = new Date(Date.now() - 1000);
    await t.database.db.update(subscriptions).set({ expirationDate: expiry }).where(eq(subscriptions.id, subscription.id));
    expect(await t.services.subscriptions.expireSubscriptions()).toBe(1);
    // GRACE_DAYS (3) more on the panel; the renewal pass turns it off then (tests/api/renewal-grace.test.ts).
    expect(panel.lines.get(first!.panelLineId!)).toMatchObject({ enabled: true, expDate: unixSeconds(new Date(expiry.getTime() + 3 * 24 * 3_600_000)) });
    expect(panel.lines.get(second!.panelLineId!)).toMatchObject({ enabled: false });
  });

  it('keeps a subscription due for expiry while its lines cannot be disabled', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });
    await t.services.jobs.drain();
    const { subscription } = await credentialsOf(t, order.id);
    await t.database.db.update(subscriptions).set({ expirationDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, subscription.id));

    panel.failNext(1);
    await expect(t.services.subscriptions.expireSubscriptions()).rejects.toThrow('HTTP 503');
    expect((await credentialsOf(t, order.id)).subscription.status).toBe('active');
    expect(await t.services.subscriptions.expireSubscriptions()).toBe(1);
  });

  it('moves the lines of a streaming box to the expiry set at activation', async () => {
    const order = await paidOrder(t, { packageId: 'streaming-box', devices: 1 });
    await t.services.jobs.drain();
    const { subscription } = await credentialsOf(t, order.id);
    await t.database.db.update(subscriptions).set({ expirationDate: new Date('2030-01-01T00:00:00Z') }).where(eq(subscriptions.id, subscription.id));

    expect(await t.services.subscriptions.activateSubscription(subscription.id)).toBe(true);
    const activated = await credentialsOf(t, order.id);
    expect(activated.subscription.expirationDate.getTime()).toBeLessThan(new Date('2030-01-01T00:00:00Z').getTime());
    expect(panel.lines.get(activated.credentials[0]!.panelLineId!)).toMatchObject({
      enabled: true,
      expDate: unixSeconds(activated.subscription.expirationDate),
    });
  });
});

describe('a panel outage', () => {
  // The panel as configured, with a short timeout so the tests of a hanging panel end quickly.
  const t = useTestApp(env, { providers: () => ({ provisioning: createXtreamPanelProvisioning({ url: panel.url, apiKey: API_KEY, timeoutMs: 1_000 }) }) });

  it.each(['error', 'hang'] as Outage[])('keeps the order paid and retries its provisioning until the panel is back (%s): one line, one email', async (outage) => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });

    await drainDuringOutage(t, panel, outage);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('completed');
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toEqual([]);
    expect(await orderJobStates(t, order.id)).toEqual([
      { name: 'order-confirmation-mail', state: 'completed' },
      { name: 'provision-order', state: 'retry' },
    ]);
    expect(panel.lines.size).toBe(0);

    await t.services.jobs.drain({ includeDelayed: true });
    expect(await orderJobStates(t, order.id)).toEqual([
      { name: 'order-confirmation-mail', state: 'completed' },
      { name: 'provision-order', state: 'completed' },
    ]);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    const credentials = await t.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscription!.id));
    expect(credentials).toHaveLength(1);
    expect([...panel.lines.values()]).toEqual([expect.objectContaining({ id: credentials[0]!.panelLineId, enabled: true })]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, order.customerEmail));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`Order Confirmation - ${order.id}`, 'Set up your StreamPlus account']);
  });
});
