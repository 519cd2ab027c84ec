import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { canonicalPackageId } from '#domain/catalog';
import type { Package } from '#contract/packages';
import type { Db, DbOrTx } from '#server/db/connect';
import { packages } from '#server/db/schema';

export type PackageRow = typeof packages.$inferSelect;

export function toPackage(row: PackageRow): Package {
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
  };
}

/** The package list, ready to send: its JSON, compressed forms of it, and an ETag. */
export interface CatalogSnapshot {
  json: string;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

/**
 * GET /api/packages is the hottest call of the store, so its answer is kept serialized in
 * memory. Changes made through this service clear it at once; other instances pick
 * changes up within `maxAgeMs`.
 */
export function createCatalog(db: Db, { maxAgeMs = 30_000 }: { maxAgeMs?: number } = {}) {
  let cached: { snapshot: CatalogSnapshot; loadedAt: number } | null = null;
  let loading: Promise<CatalogSnapshot> | null = null;

  async function load(): Promise<CatalogSnapshot> {
    const rows = await db.select().from(packages).where(eq(packages.isActive, true)).orderBy(asc(packages.price));
    const json = JSON.stringify(rows.map(toPackage));
    const snapshot = {
      json,
      gzip: gzipSync(json),
      brotli: brotliCompressSync(json),
      etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    };
    cached = { snapshot, loadedAt: Date.now() };
    return snapshot;
  }

  const fresh = (): CatalogSnapshot | null => (cached && Date.now() - cached.loadedAt < maxAgeMs ? cached.snapshot : null);

  return {
    /** The list while it is fresh in memory, without waiting; null when it must be loaded. */
    cachedSnapshot: fresh,
    async snapshot(): Promise<CatalogSnapshot> {
      const current = fresh();
      if (current) return current;
      // Concurrent misses share one query instead of stampeding the database.
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    invalidate(): void {
      cached = null;
    },
    /** Updates a package and clears the cached list. */
    async updatePackage(id: string, changes: Partial<Omit<PackageRow, 'id'>>): Promise<void> {
      await db.update(packages).set({ ...changes, updatedAt: new Date() }).where(eq(packages.id, id));
      cached = null;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** Finds an active package by id or by the text ids the spec's client uses. */
export async function findPackage(db: DbOrTx, id: string): Promise<PackageRow | null> {
  const [row] = await db.select().from(packages).where(eq(packages.id, canonicalPackageId(id))).limit(1);
  return row && row.isActive ? row : null;
}
