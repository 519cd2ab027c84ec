import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { root } from '../../scripts/build-if-needed.mjs';
import { checkoutForm } from '../support/checkout';

/**
 * `npm run cluster -- --instances 2` on one PostgreSQL database: what one instance does,
 * the other sees, and background work runs once among them. PostgreSQL only (the file
 * name keeps it out of the PGlite project): PGlite's data folder belongs to one process.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;

const ADMIN = { username: 'cluster-owner', password: 'cluster-admin-password-7' };
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const PURCHASES_PER_INSTANCE = 10;

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Two free consecutive ports, as the launcher takes them from PORT. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    if ((await portIsFree(port)) && (await portIsFree(port + 1))) return port;
  }
}

/** Waits for an instance's /readyz, failing at once with the launcher's output if it exits. */
async function waitUntilReady(base: string, launcher: ReturnType<typeof spawn>, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (launcher.exitCode !== null) throw new Error(`the launcher exited with ${launcher.exitCode}:\n${output()}`);
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base} did not become ready:\n${output()}`);
}

describe('two instances on one PostgreSQL (npm run cluster)', () => {
  const name = `storefront_cluster_${process.pid}_${Date.now()}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  let db: pg.Client;
  let launcher: ReturnType<typeof spawn>;
  let exited: Promise<number | null>;
  let output = '';
  let a = '';
  let b = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();

    const port = await freePortPair();
    a = `http://127.0.0.1:${port}`;
    b = `http://127.0.0.1:${port + 1}`;
    launcher = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs'), '--instances', '2'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: 'cluster-test-session-secret-of-32-chars!',
        PORT: String(port),
        HOST: '127.0.0.1',
        // The proxy's address in production; a loopback http one runs the demo card.
        PUBLIC_URL: a,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (chunk) => (output += chunk));
    launcher.stderr!.on('data', (chunk) => (output += chunk));
    exited = new Promise((resolve) => launcher.once('exit', (code) => resolve(code)));
    for (const base of [a, b]) await waitUntilReady(base, launcher, () => output);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      launcher.kill('SIGTERM');
      await exited;
    }
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const post = (base: string, url: string, body: unknown, cookie = '') =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: a, cookie }, body: JSON.stringify(body) });
  const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const priceOn = async (base: string, packageId: string) =>
    ((await (await fetch(`${base}/api/packages`)).json()) as Array<{ id: string; price: string }>).find((p) => p.id === packageId)?.price;

  /** Checks out on one instance, pays on it, and sends the browser's payment notice to the other. */
  async function buy(checkoutOn: string, noticeTo: string, packageId: string) {
    const checkout = await post(checkoutOn, '/api/checkout', checkoutForm(packageId));
    expect(checkout.status).toBe(200);
    const { order, clientSecret } = await checkout.json();
    const intentId = clientSecret.split('_secret_')[0];
    expect((await post(checkoutOn, `/api/demo/payment-intents/${intentId}/confirm`, GOOD_CARD)).status).toBe(200);
    const notice = await post(noticeTo, '/api/webhook/payment-success', { orderId: order.id, paymentIntentId: intentId });
    expect(notice.status).toBe(200);
    return order as { id: string; totalAmount: string };
  }

  it('signs in on one instance and uses the session on the other', async () => {
    const registered = await post(a, '/api/register', { signupType: 'account', firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@example.com', password: 'orbital-math', confirmPassword: 'orbital-math' });
    expect(registered.status).toBe(201);
    const signedIn = await post(a, '/api/login', { email: 'katherine@example.com', password: 'orbital-math' });
    expect(signedIn.status).toBe(200);
    const me = await fetch(`${b}/api/auth/me`, { headers: { cookie: cookiesOf(signedIn) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'katherine@example.com', firstName: 'Katherine' });
  });

  it('completes payments through both at once, and runs each paid order\'s jobs exactly once', async () => {
    const packageId = ((await (await fetch(`${a}/api/packages`)).json()) as Array<{ id: string; duration: string }>).find((p) => p.duration === '1 Month')!.id;
    const bought = await Promise.all(
      Array.from({ length: PURCHASES_PER_INSTANCE * 2 }, (_, i) => (i % 2 === 0 ? buy(a, b, packageId) : buy(b, a, packageId))),
    );
    const ids = bought.map((order) => order.id);
    expect(new Set(ids).size).toBe(20);

    // Both instances' workers poll the queue; wait until every order is provisioned and confirmed.
    await expect
      .poll(async () => (await db.query(`select count(*)::int as n from orders where id = any($1) and fulfilled_at is not null and confirmation_sent_at is not null`, [ids])).rows[0].n, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(20);

    const subscriptions = await db.query(`select order_id, count(*)::int as n from subscriptions where order_id = any($1) group by order_id`, [ids]);
    expect(subscriptions.rows).toHaveLength(20);
    expect(subscriptions.rows.every((row) => row.n === 1)).toBe(true);
    const credentials = await db.query(
      `select s.order_id, count(d.*)::int as n from subscriptions s join device_credentials d on d.subscription_id = s.id where s.order_id = any($1) group by s.order_id`,
      [ids],
    );
    expect(credentials.rows).toHaveLength(20);
    expect(credentials.rows.every((row) => row.n === 1)).toBe(true);
    const confirmations = await db.query(`select subject, count(*)::int as n from mail_outbox where subject like 'Order Confirmation - %' group by subject`);
    expect(confirmations.rows.map((row) => row.subject).sort()).toEqual(ids.map((id) => `Order Confirmation - ${id}`).sort());
    expect(confirmations.rows.every((row) => row.n === 1)).toBe(true);
    const notifications = await db.query(`select count(*)::int as n from purchase_notifications where order_id = any($1)`, [ids]);
    expect(notifications.rows[0].n).toBe(20);

    // pg-boss's rows: one job per queue and order, completed once, in the live table or the archive.
    const jobs = await db.query(
      `select name, data->>'orderId' as order_id, array_agg(state::text) as states
         from (select name, data, state from pgboss.job union all select name, data, state from pgboss.archive) j
        where name in ('provision-order', 'order-confirmation-mail') and data->>'orderId' = any($1)
        group by name, data->>'orderId'`,
      [ids],
    );
    expect(jobs.rows).toHaveLength(40);
    for (const row of jobs.rows) expect(row.states, `${row.name} ${row.order_id}`).toEqual(['completed']);
  });

  it('serves a package price changed on one instance from the other at once, and charges it there', async () => {
    const login = await post(a, '/api/admin/login', ADMIN);
    expect(login.status).toBe(200);
    const packageId = ((await (await fetch(`${b}/api/packages`)).json()) as Array<{ id: string; duration: string }>).find((p) => p.duration === '3 Months')!.id;
    expect(await priceOn(b, packageId)).toBe('39.99');

    const changed = await fetch(`${a}/api/admin/packages/${packageId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: a, cookie: cookiesOf(login) },
      body: JSON.stringify({ price: '42.50' }),
    });
    expect(changed.status).toBe(200);
    // The change's notice reaches the other instance within milliseconds; its cache would otherwise keep 39.99 for 30 s.
    await expect.poll(() => priceOn(b, packageId), { timeout: 5_000, interval: 20 }).toBe('42.50');
    expect((await buy(b, b, packageId)).totalAmount).toBe('42.50');
  });

  it('stops both instances on SIGTERM and exits cleanly', async () => {
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const base of [a, b]) expect(await fetch(`${base}/healthz`).catch(() => 'closed')).toBe('closed');
    expect(output).toMatch(/^\[1:\d+\] /m);
  });
});

describe('the cluster launcher', () => {
  function launch(env: Record<string, string>) {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs'), '--instances', '2'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  }

  it('refuses to start without DATABASE_URL or SESSION_SECRET, in one line', async () => {
    const noDatabase = await launch({ DATABASE_URL: '', SESSION_SECRET: 'cluster-test-session-secret-of-32-chars!' });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.output.trim()).toMatch(/^npm run cluster needs DATABASE_URL \(postgres:\/\/\.\.\.\): [^\n]+$/);
    const noSecret = await launch({ DATABASE_URL: adminUrl, SESSION_SECRET: '' });
    expect(noSecret.code).toBe(1);
    expect(noSecret.output.trim()).toMatch(/^npm run cluster needs SESSION_SECRET: [^\n]+$/);
  });

  it('exits non-zero when an instance dies at start, with its lines prefixed', async () => {
    const port = await freePortPair();
    const result = await launch({ DATABASE_URL: adminUrl, SESSION_SECRET: 'too-short', PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(new RegExp(`^\\[(1:${port}|2:${port + 1})\\] Invalid configuration: SESSION_SECRET`, 'm'));
    expect(result.output).toMatch(/exited with code 1; stopping the other instances/);
  });
});
