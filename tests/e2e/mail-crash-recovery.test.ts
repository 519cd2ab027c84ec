import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in';
import { newPostgresDatabase } from '../support/test-db';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { builtServer, root } from '../../scripts/build-if-needed.mjs';

/**
 * SIGKILL after requests that cause emails and before their delivery, then a restart on the
 * same data (docs/decisions/0028): a password reset and a guest purchase are answered
 * while the SMTP server accepts connections but never greets them, the store is killed
 * with those deliveries in hand, the SMTP server comes back, and the restarted store
 * delivers each email once. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const RECOVERY_MS = 120_000;
const serverScript = String(builtServer);
const projectRoot = String(root);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Store {
  env: Record<string, string>;
  /** The store's database, opened by the test while no server runs. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

function pgliteStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-mail-crash-'));
  return Promise.resolve({
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    remove: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  });
}

async function postgresStore(): Promise<Store> {
  const database = await newPostgresDatabase('storefront_mail_crash');
  return { env: { DATABASE_URL: database.url }, open: () => openDatabase({ url: database.url, poolSize: 2 }), remove: () => database.drop() };
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverScript], { cwd: projectRoot, env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

async function waitUntilReady(baseUrl: string, server: ReturnType<typeof startServer>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The store exited:\n${server.output()}`);
    if ((await fetch(`${baseUrl}/readyz`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The store did not become ready:\n${server.output()}`);
}

const kinds: Array<['pglite' | 'postgres', () => Promise<Store>]> = [['pglite', pgliteStore]];
if (process.env.TEST_DATABASE_URL) kinds.push(['postgres', postgresStore]);

describe.each(kinds)('a crash between the requests that cause emails and their delivery, on %s', (_kind, makeStore) => {
  let smtp: SmtpStandIn | null = null;
  let store: Store | null = null;
  let server: ReturnType<typeof startServer> | null = null;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await smtp?.close();
    await store?.remove();
  });

  it('delivers every email once after the restart', async () => {
    smtp = await startSmtpStandIn();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    store = await makeStore();
    const env = { ...store.env, PORT: String(port), PUBLIC_URL: baseUrl, SMTP_URL: smtp.url };
    const post = (url: string, body: unknown, cookie = '') =>
      fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, cookie }, body: JSON.stringify(body) });

    server = startServer(env);
    await waitUntilReady(baseUrl, server);
    const member = 'dorothy@example.com';
    const registered = await post('/api/register', { signupType: 'account', firstName: 'Dorothy', lastName: 'Vaughan', email: member, password: 'secret-pass', confirmPassword: 'secret-pass' });
    expect(registered.status).toBe(201);
    const oneMonth = ((await (await fetch(`${baseUrl}/api/packages`)).json()) as Array<{ id: string; duration: string }>).find((p) => p.duration === '1 Month')!;

    // The SMTP server goes silent: every delivery waits on it when the store dies.
    smtp.goDown('hang');
    expect((await post('/api/forgot-password', { email: member })).status).toBe(200);
    const guest = 'mary@example.com';
    const form = { firstName: 'Mary', lastName: 'Jackson', email: guest, phone: '', packageId: oneMonth.id, paymentMethod: 'card', deviceCount: '1', couponCode: '', selectedGiftCard: 'Amazon' };
    const checkout = await post('/api/checkout', form);
    expect(checkout.status).toBe(200);
    const { order, clientSecret } = (await checkout.json()) as { order: { id: string }; clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0]!;
    expect((await post(`/api/demo/payment-intents/${intentId}/confirm`, { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' })).status).toBe(200);
    expect((await post('/api/webhook/payment-success', { orderId: order.id, paymentIntentId: intentId })).status).toBe(200);
    await expect.poll(() => smtp!.connections, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(smtp.received).toEqual([]);

    smtp.recover();
    server = startServer(env);
    await waitUntilReady(baseUrl, server);
    const subjectsTo = (to: string) => smtp!.received.filter((mail) => mail.to.includes(to)).map((mail) => mail.raw.match(/^Subject: (.*)$/m)?.[1]).sort();
    const expected = { [member]: ['Reset your StreamPlus password'], [guest]: [`Order Confirmation - ${order.id}`, 'Set up your StreamPlus account'] };
    await expect
      .poll(() => ({ [member]: subjectsTo(member), [guest]: subjectsTo(guest) }), { timeout: RECOVERY_MS, interval: 1_000 })
      .toEqual(expected);

    // A little longer, for any second copy to show; then the outbox says each was delivered.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect({ [member]: subjectsTo(member), [guest]: subjectsTo(guest) }).toEqual(expected);
    server.child.kill('SIGTERM');
    await server.exited;
    server = null;
    const after = await store.open();
    try {
      const { rows } = await after.executeSql(`select count(*)::int as unsent from mail_outbox where sent_at is null`, []);
      expect(rows[0]!.unsent).toBe(0);
    } finally {
      await after.close();
    }
  }, 300_000);
});
