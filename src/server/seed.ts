import type { Db } from './db/connect';
import { hasNoPackages, seedPackages } from '#server/features/catalog/index';
import { seedCoupons } from '#server/features/coupons/index';

/** Fills an empty store with the catalog and demo coupons; a store with packages is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (!(await hasNoPackages(db))) return false;
  await db.transaction(async (tx) => {
    await seedPackages(tx);
    await seedCoupons(tx);
  });
  return true;
}
