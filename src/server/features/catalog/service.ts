import { hash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { canonicalPackageId, FREE_PRICE } from '#domain/catalog';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import {
  CASHBACK_ABOVE_PRICE,
  FREE_TRIAL_STAYS_FREE,
  PACKAGE_NOT_FOUND,
  PAID_PACKAGE_NOT_FREE,
  type AdminPackage,
  type PackageChanges,
} from '#contract/admin-packages';
import type { Package } from '#contract/packages';
import type { Database, DbOrTx } from '#server/db/connect';
import type { ChannelListener } from '#server/db/notifications';
import { prebuilt } from '#server/db/prebuilt';
import { adminCurrencies, enabledCurrencies, listPricesOf, pricedIn, pricesOf, setCurrencyEnabled, setListPrices } from './price-lists';
import { packages } from './schema';
import { invalid, notFound } from '#domain/errors';

export type PackageRow = typeof packages.$inferSelect;

export function toPackage(row: PackageRow, currency: CurrencyCode = DEFAULT_CURRENCY): Package {
  return {
    id: row.id,
    name: row.name,
    duration: row.duration,
    price: row.price,
    cashback: row.cashback,
    channels: row.channels,
    quality: row.quality,
    devices: row.devices,
    vod: row.vod,
    features: row.features,
    popular: row.popular,
    requiresShipping: row.requiresShipping,
    currency,
  };
}

/** The package list, ready to send: its JSON, compressed forms of it, and an ETag. */
export interface CatalogSnapshot {
  json: string;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

/** Where a package change is announced to every instance (decision 0017). */
export const CATALOG_CHANNEL = 'catalog_changed';

export interface CatalogOptions {
  /** A backstop only: changes reach every instance at once through CATALOG_CHANNEL. */
  maxAgeMs?: number;
  logger?: FastifyBaseLogger;
}

/**
 * GET /api/packages is the hottest call of the store, so its answer is kept serialized in
 * memory (decision 0002). A change made through this service clears it here at once, and
 * on other instances when they hear its NOTIFY (decision 0017).
 */
export function createCatalog(database: Pick<Database, 'db' | 'listen'>, { maxAgeMs = 30_000, logger }: CatalogOptions = {}) {
  const { db } = database;
  // One list per currency (decision 0104); USD is the spec's answer.
  const cached = new Map<CurrencyCode, { snapshot: CatalogSnapshot; loadedAt: number }>();
  const loading = new Map<CurrencyCode, Promise<CatalogSnapshot>>();
  let currencies: { enabled: CurrencyCode[]; loadedAt: number } | null = null;
  // Bumped by every invalidation, so a load that began before a change never stores the old list.
  let generation = 0;
  let listener: ChannelListener | null = null;

  async function load(currency: CurrencyCode): Promise<CatalogSnapshot> {
    const startedIn = generation;
    const active = await db.select().from(packages).where(eq(packages.isActive, true)).orderBy(asc(packages.price));
    const rows = await pricedIn(db, active, currency);
    // Cheapest first in the currency shown; the sort is stable, so equal prices keep the USD order.
    if (currency !== DEFAULT_CURRENCY) rows.sort((a, b) => parseMoney(a.price) - parseMoney(b.price));
    const json = JSON.stringify(rows.map((row) => toPackage(row, currency)));
    const snapshot = {
      json,
      gzip: gzipSync(json),
      brotli: brotliCompressSync(json),
      etag: `"${hash('sha1', json, 'base64url')}"`,
    };
    if (startedIn === generation) cached.set(currency, { snapshot, loadedAt: Date.now() });
    return snapshot;
  }

  const isFresh = (loadedAt: number) => Date.now() - loadedAt < maxAgeMs;
  const fresh = (currency: CurrencyCode = DEFAULT_CURRENCY): CatalogSnapshot | null => {
    const entry = cached.get(currency);
    return entry && isFresh(entry.loadedAt) ? entry.snapshot : null;
  };

  function invalidate(): void {
    generation += 1;
    cached.clear();
    loading.clear();
    currencies = null;
  }

  return {
    /** The list while it is fresh in memory, without waiting; null when it must be loaded. */
    cachedSnapshot: fresh,
    async snapshot(currency: CurrencyCode = DEFAULT_CURRENCY): Promise<CatalogSnapshot> {
      const current = fresh(currency);
      if (current) return current;
      // Concurrent misses share one query instead of stampeding the database.
      let pending = loading.get(currency);
      if (!pending) {
        const started: Promise<CatalogSnapshot> = load(currency).finally(() => {
          if (loading.get(currency) === started) loading.delete(currency);
        });
        loading.set(currency, started);
        pending = started;
      }
      return pending;
    },
    /** The currencies the store sells in now, kept with the lists and cleared with them. */
    async enabledCurrencies(): Promise<CurrencyCode[]> {
      if (currencies && isFresh(currencies.loadedAt)) return currencies.enabled;
      const startedIn = generation;
      const enabled = await enabledCurrencies(db);
      if (startedIn === generation) currencies = { enabled, loadedAt: Date.now() };
      return enabled;
    },
    invalidate,

    /**
     * Clears the list whenever another instance changes a package (PostgreSQL), and after
     * the listening connection was lost, since a change may have passed meanwhile.
     */
    async followChanges(): Promise<void> {
      if (!database.listen || listener) return;
      listener = database.listen(CATALOG_CHANNEL, {
        onNotify: invalidate,
        onListening: invalidate,
        onLost: (error) => logger?.warn({ err: error }, 'catalog change notices lost; reconnecting'),
      });
      await listener.started;
    },
    async stopFollowing(): Promise<void> {
      await listener?.close();
      listener = null;
    },

    /** GET /api/admin/currencies (decision 0104). */
    adminCurrencies: () => adminCurrencies(db),

    /**
     * Turns a currency on or off in the admin workflow's transaction, announced to every
     * instance at commit like a package change; says whether it was on before.
     */
    async setCurrencyEnabled(tx: DbOrTx, currency: CurrencyCode, enabled: boolean): Promise<boolean> {
      const wasEnabled = await setCurrencyEnabled(tx, currency, enabled);
      await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${currency})`);
      return wasEnabled;
    },

    /** Every package as an administrator edits it, hidden ones too (the landing list leaves them out). */
    async adminPackages(): Promise<AdminPackage[]> {
      const rows = await db.select().from(packages).orderBy(asc(packages.price), asc(packages.name));
      const prices = await listPricesOf(db);
      return rows.map((row) => toAdminPackage(row, pricesOf(prices, row.id)));
    },

    /**
     * An administrator's change to a package, in the admin workflow's transaction, which
     * writes its audit row from the fields returned (decision 0084); announced to every
     * instance at commit. The caller clears this instance's list after commit
     * (`invalidate`). Paid orders keep their own amounts; the next checkout prices from the
     * changed row. `before` and `after` hold only the fields that changed: none, no change.
     */
    async changePackage(tx: DbOrTx, id: string, { prices: priceChanges, ...changes }: PackageChanges): Promise<PackageChange> {
      const [current] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
      if (!current) throw notFound(PACKAGE_NOT_FOUND);
      const before = editableFields(current);
      const after = { ...before, ...definedFields(changes) };
      checkPrices(before, after);
      const changed = PACKAGE_FIELD_NAMES.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
      // Its prices in other currencies (decision 0104), priced against the USD price as it is after this change.
      const listed = await setListPrices(tx, { id: current.id, price: after.price }, priceChanges ?? {});
      const pricesChanged = Object.keys(listed.after).length > 0;
      const audit = pricesChanged ? { before: { prices: listed.before }, after: { prices: listed.after } } : { before: {}, after: {} };
      if (changed.length === 0) {
        if (pricesChanged) await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${current.id})`);
        return { package: toAdminPackage(current, listed.prices), ...audit };
      }

      const { hidden, ...columns } = after;
      const [updated] = await tx
        .update(packages)
        .set({ ...columns, isActive: !hidden, updatedAt: new Date() })
        .where(eq(packages.id, current.id))
        .returning();
      // Delivered to every listening instance when this transaction commits.
      await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${current.id})`);
      return {
        package: toAdminPackage(updated!, listed.prices),
        before: { ...pick(before, changed), ...audit.before },
        after: { ...pick(after, changed), ...audit.after },
      };
    },
  };
}

/** A package as changed, with the fields that changed as they were and as they are now (for the audit row). */
export interface PackageChange {
  package: AdminPackage;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

type EditableFields = Required<Omit<PackageChanges, 'prices'>>;
const PACKAGE_FIELD_NAMES = ['name', 'price', 'cashback', 'features', 'popular', 'devices', 'hidden'] as const satisfies readonly (keyof EditableFields)[];

function editableFields(row: PackageRow): EditableFields {
  const { name, price, cashback, features, popular, devices } = row;
  return { name, price, cashback, features, popular, devices, hidden: !row.isActive };
}

function definedFields(changes: Omit<PackageChanges, 'prices'>): Partial<EditableFields> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

function pick(fields: EditableFields, names: readonly (keyof EditableFields)[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, fields[name]]));
}

/** The free trial is the package priced exactly 0.00 (spec section 9), so no change may make or unmake one. */
function checkPrices(before: EditableFields, after: EditableFields): void {
  if (before.price === FREE_PRICE && after.price !== FREE_PRICE) throw invalid(FREE_TRIAL_STAYS_FREE);
  if (before.price !== FREE_PRICE && after.price === FREE_PRICE) throw invalid(PAID_PACKAGE_NOT_FREE);
  if (parseMoney(after.cashback) > parseMoney(after.price)) throw invalid(CASHBACK_ABOVE_PRICE);
}

export function toAdminPackage(row: PackageRow, prices: NonNullable<AdminPackage['prices']>): AdminPackage {
  return { ...toPackage(row), hidden: !row.isActive, prices };
}


/** Finds an active package by id or by the text ids the spec's client uses. */
const packageById = prebuilt((db) => db.select().from(packages).where(eq(packages.id, sql.placeholder('id'))).limit(1));

export type Catalog = ReturnType<typeof createCatalog>;

export async function findPackage(db: DbOrTx, id: string): Promise<PackageRow | null> {
  const [row] = await packageById(db, { id: canonicalPackageId(id) });
  return row && row.isActive ? row : null;
}
