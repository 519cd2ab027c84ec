import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { adminRecoveryCodes, admins } from './schema';

/** The admins and admin_recovery_codes tables' one writer: start-up, the admin:create command, sign-in and two-factor setup. */
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

/** Keeps a secret offered by setup until a code confirms it (decision 0096). */
export async function savePendingTotpSecret(db: DbOrTx, id: string, secret: string): Promise<void> {
  await db.update(admins).set({ totpPendingSecret: secret, updatedAt: sql`now()` }).where(eq(admins.id, id));
}

/** Turns the pending secret on with the step of the code that confirmed it; false when the secret changed meanwhile. */
export async function turnTotpOn(db: DbOrTx, id: string, secret: string, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step, updatedAt: sql`now()` })
    .where(and(eq(admins.id, id), eq(admins.totpPendingSecret, secret), isNull(admins.totpSecret)))
    .returning({ id: admins.id });
  return rows.length > 0;
}

export async function turnTotpOff(db: DbOrTx, id: string): Promise<void> {
  await db.update(admins).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: sql`now()` }).where(eq(admins.id, id));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
}

/**
 * Records a TOTP code's time step as used, in one conditional UPDATE: false when that step or
 * a later one was used already (by this request's twin too), so each code works once.
 */
export async function useTotpStep(db: DbOrTx, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, id), isNotNull(admins.totpSecret), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Replaces the admin's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: DbOrTx, adminId: string, codeHashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash })));
}

/** Deletes the recovery code of this hash: true once, when it was there (the DELETE is the check). */
export async function useRecoveryCode(db: DbOrTx, adminId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), eq(adminRecoveryCodes.codeHash, codeHash)))
    .returning({ codeHash: adminRecoveryCodes.codeHash });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: DbOrTx, adminId: string): Promise<number> {
  const rows = await db.select({ codeHash: adminRecoveryCodes.codeHash }).from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  return rows.length;
}
