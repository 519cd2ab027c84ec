import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { builtServer, root } from '../../scripts/build-if-needed.mjs';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [builtServer], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitUntilReady(baseUrl: string): Promise<void> {
  await expect.poll(async () => (await fetch(`${baseUrl}/readyz`).catch(() => null))?.status, { timeout: 30_000, interval: 100 }).toBe(200);
}

describe('the store as a process', () => {
  it('refuses to start on a bad setting, with one line naming it', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storefront-proc-')) });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim()).toMatch(/^Invalid configuration: PORT .+$/);
  });

  it('keeps a signed-in session across a restart and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-proc-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl };

    const first = startServer(env);
    await waitUntilReady(baseUrl);
    const registered = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ signupType: 'account', firstName: 'Dorothy', lastName: 'Vaughan', email: 'dorothy@example.com', password: 'secret-pass', confirmPassword: 'secret-pass' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer(env);
    await waitUntilReady(baseUrl);
    const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'dorothy@example.com', firstName: 'Dorothy' });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it("keeps the revenue chart's days in the store's time zone, and rebuilds them when it changes", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-proc-'));
    const keptZone = async () => {
      const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      try {
        return (await db.query<{ time_zone: string | null }>('select time_zone from order_revenue_zone')).rows.map((row) => row.time_zone);
      } finally {
        await db.close();
      }
    };
    for (const zone of ['Asia/Kathmandu', 'America/New_York']) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = startServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, STORE_TIME_ZONE: zone });
      await waitUntilReady(baseUrl);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await keptZone()).toEqual([zone]);
    }
  });
});
