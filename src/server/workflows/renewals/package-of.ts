import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { packagesForReading as packages, type PackageRow } from '#server/features/catalog/index';

/** A subscription's package as the catalog has it now, sold or not: a renewal's emails and pages name it either way. */
export async function packageOf(db: DbOrTx, id: string): Promise<PackageRow | null> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row ?? null;
}
