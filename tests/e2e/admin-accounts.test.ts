import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { builtServer, root } from '../../scripts/build-if-needed.mjs';

/** Runs a node script to its end with `input` on standard input; its exit code and output. */
function run(script: string, args: string[], env: Record<string, string>, input = '') {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', HOST: '127.0.0.1', ADMIN_USERNAME: '', ADMIN_PASSWORD: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(input);
  return { child, output: () => output, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) };
}

const adminCreate = path.join(root, 'dist', 'server', 'admin-create.js');

async function login(baseUrl: string, username: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
  return response.status;
}

describe('admin accounts on a new store', () => {
  it('prints a generated admin password once, and admin:create sets another without echoing it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-admin-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl };

    const first = run(builtServer, [], env);
    await expect.poll(() => /"password":"([\w-]+)"/.exec(first.output())?.[1], { timeout: 30_000 }).toBeTruthy();
    const generated = /"password":"([\w-]+)"/.exec(first.output())![1]!;
    expect(first.output()).toMatch(/"username":"admin"/);
    await expect.poll(() => fetch(`${baseUrl}/readyz`).then((r) => r.status).catch(() => 0), { timeout: 30_000 }).toBe(200);
    expect(await login(baseUrl, 'admin', generated)).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const tooShort = run(adminCreate, ['admin'], env, 'short-pass\nshort-pass\n');
    expect(await tooShort.exited).toBe(1);
    expect(tooShort.output()).toContain('at least 12 characters');

    const created = run(adminCreate, ['admin'], env, 'a-new-admin-password\na-new-admin-password\n');
    expect(await created.exited).toBe(0);
    expect(created.output()).not.toContain('a-new-admin-password');
    expect(created.output()).toContain('Admin "admin" is ready');

    // A second start neither makes nor prints another admin.
    const second = run(builtServer, [], env);
    await expect.poll(() => fetch(`${baseUrl}/readyz`).then((r) => r.status).catch(() => 0), { timeout: 30_000 }).toBe(200);
    expect(second.output()).not.toMatch(/"password"/);
    expect(await login(baseUrl, 'admin', generated)).toBe(401);
    expect(await login(baseUrl, 'admin', 'a-new-admin-password')).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses to start with an admin password under 12 characters, naming the setting', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-admin-'));
    const server = run(builtServer, [], { DATA_DIR: dataDir, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'too-short' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Invalid configuration: ADMIN_PASSWORD must be at least 12 characters');
  });
});
