import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCommand, restoreCommand, type Output } from '../../src/server/cli/backup-commands';
import { writeBackup } from '../../src/server/db/backup/index';
import { withDatabase } from '../../src/server/db/backup/postgres-tools';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';
import { setAdminPassword } from '../../src/server/features/admin/service';
import { adminCookieOf, TEST_ADMIN } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { loginCustomer, registerCustomer } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { buildAppWithServices, testConfig, useTestApp, type TestApp } from '../support/test-app';
import { newPostgresDatabase, testDbKind } from '../support/test-db';

/**
 * `npm run backup` and `npm run restore` (docs/decisions/0090), on the database the test
 * runs on: a store's every row comes back in a new database, where a store started on it
 * finds them; a restore refuses a database that is not empty without --force, and a
 * truncated or foreign file, and then leaves the database as it was.
 */

const PASSWORD = 'analytical-engine';
const SECRET = { SESSION_SECRET: 'backup-test-session-secret-of-32-chars!!' };

/** What the commands print. */
function output() {
  const lines = { log: [] as string[], error: [] as string[] };
  const out: Output = { log: (line) => lines.log.push(line), error: (line) => lines.error.push(line) };
  return { out, lines };
}

/** A database a restore fills, the environment `npm run restore` would run with, and how to open it. */
interface Target {
  env: NodeJS.ProcessEnv;
  open(): Promise<Database>;
  /** Something that changes when the database is replaced: PostgreSQL's oid of it, the folder's inode. */
  identity(): Promise<string>;
  /** Databases or folders a restore left beside it. */
  leftovers(): Promise<string[]>;
  remove(): Promise<void>;
}

const workFolder = mkdtempSync(path.join(tmpdir(), 'storefront-backups-'));
const targets: Target[] = [];
const removeAfter: Array<() => Promise<void>> = [];

async function postgresTarget(): Promise<Target> {
  const { name, url, drop } = await newPostgresDatabase('restored');
  const admin = () => openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
  const ask = async (text: string, values: unknown[]) => {
    const server = await admin();
    try {
      return (await server.executeSql(text, values)).rows;
    } finally {
      await server.close();
    }
  };
  return {
    env: { ...process.env, ...SECRET, DATABASE_URL: url, DATA_DIR: workFolder },
    open: () => openDatabase({ url, poolSize: 4 }),
    identity: async () => String((await ask('select oid from pg_database where datname = $1', [name]))[0]?.oid),
    leftovers: async () => (await ask(`select datname from pg_database where datname like $1`, [`${name}\\_%`])).map((row) => String(row.datname)),
    remove: drop,
  };
}

async function pgliteTarget(): Promise<Target> {
  const dataRoot = mkdtempSync(path.join(workFolder, 'store-'));
  const dataDir = path.join(dataRoot, 'pglite');
  return {
    env: { ...process.env, ...SECRET, DATABASE_URL: '', DATA_DIR: dataRoot },
    open: () => openDatabase({ dataDir }),
    identity: async () => String(statSync(dataDir).ino),
    leftovers: async () => readdirSync(dataRoot).filter((name) => name.startsWith('pglite.')),
    remove: async () => rmSync(dataRoot, { recursive: true, force: true }),
  };
}

async function newTarget(): Promise<Target> {
  const target = testDbKind === 'postgres' ? await postgresTarget() : await pgliteTarget();
  targets.push(target);
  return target;
}

/** Every table's rows, found in the catalog, so tables added later are counted too. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const { rows: tables } = await database.executeSql(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
      order by 1, 2`,
    [],
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables as Array<{ schema: string; name: string }>) {
    const { rows } = await database.executeSql(`select count(*)::int as count from "${schema}"."${name}"`, []);
    counts[schema === 'public' ? name : `${schema}.${name}`] = Number(rows[0]!.count);
  }
  return counts;
}

async function countsOf(target: Target): Promise<Record<string, number>> {
  const database = await target.open();
  try {
    return await rowCounts(database);
  } finally {
    await database.close();
  }
}

/** Restores `file` into the target through the command, which must succeed. */
async function restoreInto(target: Target, file: string, ...flags: string[]): Promise<string> {
  const { out, lines } = output();
  expect(await restoreCommand([file, ...flags], target.env, out), lines.error.join('\n')).toBe(0);
  return lines.log.join('\n');
}

interface Filled {
  email: string;
  orderId: string;
  subscriptions: unknown;
  adminOrder: unknown;
}

/** Customers with paid orders, subscriptions and their credentials, emails, an admin and an audited change. */
async function fill(t: TestApp): Promise<Filled> {
  const { oneMonth, twelveMonths } = await seededPackages(t.app);
  const first = await registerCustomer(t.app, { password: PASSWORD, confirmPassword: PASSWORD });
  const second = await registerCustomer(t.app);
  const order = await paidOrder(t, { packageId: oneMonth.id, devices: 3, customerId: first.customer.id });
  await paidOrder(t, { packageId: twelveMonths.id, devices: 2, customerId: second.customer.id });
  await paidOrder(t, { packageId: oneMonth.id, email: 'guest.buyer@example.com' });
  await t.services.jobs.drain();

  await setAdminPassword(t.database.db, TEST_ADMIN.username, TEST_ADMIN.password);
  const admin = adminCookieOf(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }));
  const coupon = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    payload: { code: 'BACKUP10', description: 'Ten off, kept in the backup', type: 'percentage', value: '10' },
    cookies: admin,
  });
  expect(coupon.statusCode).toBe(201);

  const subscriptions = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: first.cookies });
  const adminOrder = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookies: admin });
  expect(adminOrder.json().subscription.credentials).toHaveLength(3);
  return { email: first.customer.email, orderId: order.id, subscriptions: subscriptions.json(), adminOrder: adminOrder.json() };
}

describe(`backups that restore, on ${testDbKind}`, () => {
  const t = useTestApp();
  const backupFile = path.join(workFolder, testDbKind === 'postgres' ? 'store.dump' : 'store.tar.gz');
  let sourceCounts: Record<string, number> = {};

  afterAll(async () => {
    for (const remove of removeAfter) await remove();
    for (const target of targets) await target.remove();
    rmSync(workFolder, { recursive: true, force: true });
  });

  it('brings every row of a store back in a new database, where a store started on it finds its orders, subscriptions and credentials', async () => {
    const filled = await fill(t);
    await writeBackup(t.database, backupFile);
    sourceCounts = await rowCounts(t.database);
    for (const table of ['orders', 'subscriptions', 'device_credentials', 'mail_outbox', 'customers', 'audit_log', 'coupons', 'admins']) {
      expect(sourceCounts[table], table).toBeGreaterThan(0);
    }

    const target = await newTarget();
    expect(await restoreInto(target, backupFile)).toMatch(/^Restored .* into the (PostgreSQL database "restored_.*"|embedded database in .*)\. Start the store/);
    expect(await countsOf(target)).toEqual(sourceCounts);
    console.log(`The restore's rows per table on ${testDbKind}:\n${Object.entries(sourceCounts).map(([table, rows]) => `  ${table}: ${rows}`).join('\n')}`);

    const database = await target.open();
    await runMigrations(database);
    const restored = await buildAppWithServices({ config: testConfig(), database, clientDir: null });
    try {
      const customer = await loginCustomer(restored.app, filled.email, PASSWORD);
      const subscriptions = await restored.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: customer.cookies });
      expect(subscriptions.json()).toEqual(filled.subscriptions);
      const login = await restored.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
      const order = await restored.app.inject({ method: 'GET', url: `/api/admin/orders/${filled.orderId}`, cookies: adminCookieOf(login) });
      expect(order.statusCode).toBe(200);
      expect(order.json()).toEqual(filled.adminOrder);
    } finally {
      await restored.app.close();
      await database.close();
    }
  }, 120_000);

  it('refuses a database that is not empty without --force; with it, replaces the database and keeps the one it replaced', async () => {
    const target = await newTarget();
    await restoreInto(target, backupFile);
    const changed = await target.open();
    await changed.executeSql("insert into coupons (code, description, type, value) values ('AFTERBACKUP', 'Made after the backup', 'fixed', '5.00')", []);
    const changedCounts = await rowCounts(changed);
    await changed.close();

    const { out, lines } = output();
    expect(await restoreCommand([backupFile], target.env, out)).toBe(1);
    expect(lines.error.join('\n')).toMatch(/ is not empty( \(\d+ tables\))?: a restore replaces everything in it\. Run again with --force to replace it; .* Nothing was changed\.$/);
    expect(await countsOf(target)).toEqual(changedCounts);

    const said = await restoreInto(target, backupFile, '--force');
    expect(await countsOf(target)).toEqual(sourceCounts);
    const kept = /The database it replaced is kept as (?:the database "(?<database>[^"]+)"|(?<folder>\S+)): remove it once the store runs as it should\./.exec(said)?.groups;
    expect(kept, said).toBeDefined();
    if (kept!.database) removeAfter.push(dropDatabase(kept!.database));
    const replaced = kept!.database
      ? await openDatabase({ url: withDatabase(target.env.DATABASE_URL!, kept!.database), poolSize: 1 })
      : await openDatabase({ dataDir: kept!.folder! });
    try {
      expect((await replaced.executeSql("select description from coupons where code = 'AFTERBACKUP'", [])).rows).toEqual([{ description: 'Made after the backup' }]);
    } finally {
      await replaced.close();
    }

    // The store's own command backs the restored database up again.
    const again = path.join(workFolder, `again-${path.basename(backupFile)}`);
    const { out: backupOut, lines: backupLines } = output();
    expect(await backupCommand([again], target.env, backupOut), backupLines.error.join('\n')).toBe(0);
    expect(backupLines.log.join('\n')).toMatch(new RegExp(`^Backed up the (PostgreSQL database|embedded database in) .* to ${again.replaceAll('.', '\\.')} \\(\\d+\\.\\d MB\\)\\.$`));
    expect(readFileSync(again).subarray(0, 2).toString('hex')).toBe(testDbKind === 'postgres' ? '5047' : '1f8b');
  }, 120_000);

  it('refuses a truncated file, a file of another kind and a backup of another database, leaving the database as it was', async () => {
    const target = await newTarget();
    await restoreInto(target, backupFile);
    const before = { identity: await target.identity(), counts: await countsOf(target) };

    const whole = readFileSync(backupFile);
    const bad = (name: string, bytes: Buffer | string) => {
      const file = path.join(workFolder, name);
      writeFileSync(file, bytes);
      return file;
    };
    const otherKind = testDbKind === 'postgres' ? bad('other-kind.tar.gz', gzipSync('not a data folder')) : bad('other-kind.dump', Buffer.concat([Buffer.from('PGDMP'), whole.subarray(0, 64)]));
    const refusals: Array<[string, RegExp]> = [
      [bad('truncated', whole.subarray(0, Math.floor(whole.length / 2))), /is truncated or damaged/],
      [bad('customers.csv', 'email,name\nada@example.com,Ada\n'), /is not a backup of this store: it is neither a PostgreSQL database's backup \(pg_dump's custom format\) nor a backup of the embedded database's data folder\./],
      [otherKind, testDbKind === 'postgres' ? /is a backup of the embedded database's data folder, but this store uses PostgreSQL/ : /is a PostgreSQL database's backup .*, but this store uses the embedded database/],
      [await backupOfAnotherDatabase(), /is not a backup of this store: the database in it has no migration history/],
    ];
    for (const [file, reason] of refusals) {
      const { out, lines } = output();
      expect(await restoreCommand([file, '--force'], target.env, out), file).toBe(1);
      expect(lines.error.join('\n')).toMatch(reason);
      expect(lines.error.join('\n')).toMatch(/(Nothing was changed|was not changed)\.$/);
    }

    expect(await target.identity()).toBe(before.identity);
    expect(await countsOf(target)).toEqual(before.counts);
    expect(await target.leftovers()).toEqual([]);
  }, 180_000);

  it('answers a wrong command line with its usage', async () => {
    const { out, lines } = output();
    expect(await backupCommand([], process.env, out)).toBe(2);
    expect(await restoreCommand(['one.dump', 'two.dump'], process.env, out)).toBe(2);
    expect(lines.error).toEqual(['Usage: npm run backup -- <file>', 'Usage: npm run restore -- <file> [--force]']);
  });

  it.runIf(testDbKind === 'postgres')('says which tools to install when pg_dump or pg_restore is missing, and changes nothing', async () => {
    const target = await newTarget();
    const withoutTools = { ...target.env, PATH: path.join(workFolder, 'no-tools-here') };
    const { out, lines } = output();
    expect(await backupCommand([path.join(workFolder, 'never.dump')], withoutTools, out)).toBe(1);
    expect(await restoreCommand([backupFile], withoutTools, out)).toBe(1);
    expect(lines.error).toHaveLength(2);
    expect(lines.error[0]).toMatch(/^pg_dump was not found on this machine's PATH\. Install PostgreSQL's client tools, .*"apt-get install postgresql-client" on Debian or Ubuntu/);
    expect(lines.error[1]).toMatch(/^pg_restore was not found on this machine's PATH\. Install PostgreSQL's client tools/);
    expect(readdirSync(workFolder)).not.toContain('never.dump');
    expect(await countsOf(target)).toEqual({});
  });

  it('refuses a database a running store holds, and changes nothing', async () => {
    const target = await newTarget();
    await restoreInto(target, backupFile);
    const before = await target.identity();
    const { out, lines } = output();
    if (testDbKind === 'postgres') {
      // A store's pool, with one connection open.
      const running = await target.open();
      await running.executeSql('select 1', []);
      try {
        expect(await restoreCommand([backupFile, '--force'], target.env, out)).toBe(1);
      } finally {
        await running.close();
      }
      expect(lines.error).toEqual([expect.stringMatching(/^1 connection is open to the database "restored_\w+": stop every store instance before restoring\. Nothing was changed\.$/)]);
    } else {
      // The folder's lock names a live process other than this one, as a running store's does.
      const holder = process.ppid;
      const lock = path.join(target.env.DATA_DIR!, 'pglite.lock');
      writeFileSync(lock, String(holder));
      try {
        expect(await backupCommand([path.join(workFolder, 'held.tar.gz')], target.env, out)).toBe(1);
        expect(await restoreCommand([backupFile, '--force'], target.env, out)).toBe(1);
      } finally {
        rmSync(lock);
      }
      expect(lines.error).toHaveLength(2);
      for (const line of lines.error) expect(line).toMatch(new RegExp(`^The embedded database in .* is in use by process ${holder} \\(a running store\\?\\): stop it first\\.`));
    }
    expect(await target.identity()).toBe(before);
    expect(await target.leftovers()).toEqual([]);
  });
});

/** How to drop a database of TEST_DATABASE_URL's server, by name. */
function dropDatabase(name: string) {
  return async () => {
    const server = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      await server.executeSql(`drop database if exists "${name}" with (force)`, []);
    } finally {
      await server.close();
    }
  };
}

/** A whole backup, in this store's format, of a database that is not a store's. */
async function backupOfAnotherDatabase(): Promise<string> {
  const file = path.join(workFolder, testDbKind === 'postgres' ? 'another.dump' : 'another.tar.gz');
  if (testDbKind === 'postgres') {
    const other = await newPostgresDatabase('another');
    removeAfter.push(other.drop);
    const database = await openDatabase({ url: other.url, poolSize: 1 });
    try {
      await database.executeSql('create table notes (id serial primary key, body text)', []);
      await writeBackup(database, file);
    } finally {
      await database.close();
    }
    return file;
  }
  const dataDir = path.join(workFolder, 'another', 'pglite');
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // initdb's own folder, without the store's migrations.
  const database = await openDatabase({ dataDir, pgliteTemplate: null });
  try {
    await database.executeSql('create table notes (id serial primary key, body text)', []);
    await writeBackup(database, file);
  } finally {
    await database.close();
  }
  return file;
}
