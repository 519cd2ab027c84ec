import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { buildIfNeeded, builtServer, root } from '../../scripts/build-if-needed.mjs';
import { E2E_ADMIN } from './admin';
import { CHROMIUM_PATH } from './browser';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The store did not become ready:\n${output()}`);
}

/**
 * Builds the store if needed and runs the built server on a free port with a fresh
 * embedded database, as a newcomer's `npm start` would.
 */
export default async function setup({ provide }: { provide: (key: 'e2eBaseUrl' | 'e2eServerLog', value: string) => void }) {
  if (!existsSync(CHROMIUM_PATH)) {
    const advice = `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`;
    console.error(`\n${'!'.repeat(80)}\n${advice}\n${'!'.repeat(80)}\n`);
    throw new Error(advice);
  }
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [builtServer], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'info', DATABASE_URL: '', NODE_ENV: 'production', ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password, TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is kept in a file: tests read emailed links from it (the demo mail logs them).
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  child.stdout.on('data', (chunk) => log.write(chunk));
  child.stderr.on('data', (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  await waitForReady(baseUrl, child, () => output);
  provide('e2eBaseUrl', baseUrl);
  provide('e2eServerLog', logFile);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eServerLog: string;
  }
}
