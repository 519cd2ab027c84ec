import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { admins } from './schema';

/** The admins table's one writer: start-up, the admin:create command and sign-in read it through here. */
export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByUsername(db: DbOrTx, username: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
  return row ?? null;
}

export async function findAdmin(db: DbOrTx, id: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

/** Creates the admin, or gives an existing one of that username the new password hash. */
export async function saveAdmin(db: DbOrTx, username: string, passwordHash: string): Promise<AdminRow> {
  const [row] = await db
    .insert(admins)
    .values({ username, password: passwordHash })
    .onConflictDoUpdate({ target: admins.username, set: { password: passwordHash, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function hasAnyAdmin(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: admins.id }).from(admins).limit(1);
  return row !== undefined;
}

/** Creates the admin only when there is no admin at all; false when one exists (another instance may have won). */
export async function createFirstAdmin(db: DbOrTx, username: string, passwordHash: string): Promise<boolean> {
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${admins} (username, password)
    select ${username}, ${passwordHash} where not exists (select 1 from ${admins})
    on conflict do nothing
    returning id`,
  );
  return inserted.length > 0;
}
