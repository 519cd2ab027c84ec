// Shared pieces of the benchmarks: start the built store, wait for it, read its memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { builtServer, root } from '../../scripts/build-if-needed.mjs';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a node script and resolves once `url` answers 200, with the time that took. */
export async function startAndTime(script, env, url, stdout = 'ignore') {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return { child, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill();
  throw new Error(`${url} did not answer within 60 s`);
}

/**
 * Runs the built store on a fresh embedded database (or DATABASE_URL when given), at its
 * default log level with stdout going to a file, as under a supervisor (decision 0022).
 */
export async function startStore(extraEnv = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, DATABASE_URL: '', ...extraEnv };
  const log = openSync(path.join(mkdtempSync(path.join(tmpdir(), 'storefront-bench-log-')), 'store.log'), 'a');
  const { child, ms } = await startAndTime(builtServer, env, `${baseUrl}/`, log);
  return { baseUrl, dataDir, child, startMs: ms, stop: () => stopChild(child) };
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The row a PostgreSQL bench gives when there is no PostgreSQL to run on. */
const skippedRow = (section, reason) => ({ section, name: 'all figures', value: null, unit: '', note: `skipped: no PostgreSQL at ${POSTGRES_URL} (${reason})` });

/**
 * Runs `work(databaseUrl)` on a new PostgreSQL database and drops it afterwards; returns
 * work's rows, or one row saying `section` was skipped when there is no PostgreSQL.
 */
export async function withPostgresDatabase(prefix, section, work) {
  const name = `${prefix}_${Date.now()}`;
  const server = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await server.connect();
  } catch (error) {
    return [skippedRow(section, error.message)];
  }
  await server.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await server.query(`drop database if exists ${name} with (force)`);
    await server.end();
  }
}

/** Runs `work(store, client)` against the built store on a new PostgreSQL database, a pg client on it for seeding. */
export async function withBenchStore(prefix, section, env, work) {
  return withPostgresDatabase(prefix, section, async (databaseUrl) => {
    const store = await startStore({ DATABASE_URL: databaseUrl, ...env });
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      return await work(store, client);
    } finally {
      await client.end().catch(() => {});
      await store.stop();
    }
  });
}

/** Signs an admin in to a running store; its session cookie, for a `cookie` header. */
export async function adminCookie(baseUrl, admin) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Linux's USER_HZ, which /proc/<pid>/stat counts in. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS_PER_SECOND);
  } catch {
    return 0;
  }
}

/**
 * CPU time of the PostgreSQL server processes on this machine, in ms, per process id (none
 * when it runs elsewhere); with `database`, only the backends serving that database (named
 * in their process title), as other work on a shared machine also runs PostgreSQL.
 */
export function postgresCpu(database) {
  const byProcess = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      if (database && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      byProcess.set(pid, cpuMs(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return byProcess;
}

/** The CPU time PostgreSQL spent between two postgresCpu() readings: a backend that ended meanwhile is not counted. */
export function postgresCpuSince(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A process's resident memory in MB, from Linux's /proc; null elsewhere. */
export function residentMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
